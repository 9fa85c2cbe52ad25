import sharp from 'sharp';

/**
 * A picture that passes the real-photo check (docs/decisions/090-faces-and-places.md): a diagonal gradient tinted
 * by `tint`, `width`×`height`, PNG by default. Different tints give different pictures.
 */
export async function testPhoto(
  opts: { width?: number; height?: number; tint?: number; format?: 'png' | 'jpeg' | 'webp' } = {},
): Promise<Buffer> {
  const { width = 800, height = 600, tint = 0, format = 'png' } = opts;
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 255) / width;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = (tint * 47 + ((x + y) * 128) / (width + height)) % 256;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

/** A multipart body carrying `data` as the "photo" field, as the web app sends it. */
export function photoUpload(data: Buffer, type = 'image/png') {
  const boundary = `----lokal${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="p"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

let three: Promise<Buffer[]> | undefined;
type Injector = {
  inject: (o: {
    method: 'POST';
    url: string;
    headers: Record<string, string>;
    payload: Buffer;
  }) => Promise<{ statusCode: number; body: string }>;
};

/** Uploads the three photos an experience needs before it can be published (decision 090). */
export async function addPublishPhotos(app: Injector, cookie: string, experienceId: string): Promise<void> {
  three ??= Promise.all([1, 2, 3].map((tint) => testPhoto({ tint })));
  for (const data of await three) {
    const body = photoUpload(data);
    const res = await app.inject({
      method: 'POST',
      url: `/api/experiences/${experienceId}/photos`,
      headers: { cookie, ...body.headers },
      payload: body.payload,
    });
    if (res.statusCode !== 200) throw new Error(`photo upload: ${res.statusCode} ${res.body}`);
  }
}

let portrait: Promise<Buffer> | undefined;

/**
 * Uploads a profile photo of the member's own (400×400 or more: decision 090), which publishing an experience
 * needs besides its three photos. Set-ups call it once per guide before they publish.
 */
export async function addProfilePhoto(app: Injector, cookie: string): Promise<void> {
  portrait ??= testPhoto({ width: 600, height: 600, tint: 7 });
  const body = photoUpload(await portrait);
  const res = await app.inject({
    method: 'POST',
    url: '/api/users/me/photo',
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
  if (res.statusCode !== 200) throw new Error(`profile photo upload: ${res.statusCode} ${res.body}`);
}
