import { PHOTO_LIMITS } from '@lokal/shared/constants/settings';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { HttpError } from './errors.ts';

const ACCEPTED = new Set(['jpeg', 'png', 'webp']);
// A small file can declare a huge canvas: refuse to decode more than this many pixels (40 megapixels).
const MAX_PIXELS = PHOTO_LIMITS.maxPixels;
const unsupported = () =>
  new HttpError(415, 'Please upload a JPEG, PNG or WebP picture', 'unsupported-image');

/** The one picture of a multipart upload in `field`, read whole; every client mistake is a 4xx. */
export async function readUploadedPicture(
  request: FastifyRequest,
  field: string,
  maxBytes: number,
): Promise<Buffer> {
  const tooLarge = () =>
    new HttpError(
      413,
      `The picture must be ${Math.round(maxBytes / 1024 / 1024)} MB or smaller`,
      'photo-too-large',
    );
  if (!request.isMultipart())
    throw new HttpError(415, 'Send the photo as multipart/form-data', 'unsupported-media-type');
  // A body that is not well-formed multipart (no boundary, cut short) is the client's mistake: 400, not 500.
  const badMultipart = (err: { statusCode?: number }): never => {
    if (err.statusCode && err.statusCode < 500) throw err;
    throw new HttpError(400, 'The upload is not valid multipart/form-data', 'bad-multipart');
  };
  const file = await request.file({ limits: { fileSize: maxBytes, files: 1 } }).catch(badMultipart);
  if (file?.fieldname !== field)
    throw new HttpError(400, `Attach the picture as the "${field}" field`, 'photo-missing');
  const data = await file.toBuffer().catch((err: { code?: string; statusCode?: number }) => {
    if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    return badMultipart(err);
  });
  if (file.file.truncated) throw tooLarge();
  return data;
}

type Size = { width: number; height: number };
// Below this spread of pixel values (0-255, the most varied channel) a picture is one flat colour, not a photo.
const BLANK_STDEV = 6;

/**
 * A real photo (docs/decisions/090-faces-and-places.md): at least `min` (either orientation) and not nearly one
 * colour. Faces are not detected: that needs a model this server does not ship.
 */
async function checkRealPhoto(
  data: Buffer,
  meta: { width?: number; height?: number; orientation?: number },
  min: Size,
) {
  // EXIF orientations 5-8 swap the sides once the picture is turned upright.
  const turned = (meta.orientation ?? 1) >= 5;
  const w = (turned ? meta.height : meta.width) ?? 0;
  const h = (turned ? meta.width : meta.height) ?? 0;
  const long = Math.max(w, h);
  const short = Math.min(w, h);
  if (long < Math.max(min.width, min.height) || short < Math.min(min.width, min.height)) {
    throw new HttpError(422, PHOTO_LIMITS.tooSmall(min), 'photo-too-small');
  }
  const stats = await sharp(data, { limitInputPixels: MAX_PIXELS })
    .resize(256, 256, { fit: 'inside' })
    .stats()
    .catch(() => {
      throw unsupported();
    });
  const spread = Math.max(...stats.channels.slice(0, 3).map((c) => c.stdev));
  if (spread < BLANK_STDEV) throw new HttpError(422, PHOTO_LIMITS.blank, 'photo-blank');
}

/**
 * Checks a picture by its content (not its name or type header) and that it is a real photo of at least `min`,
 * turns it upright, resizes it to fit `width`×`height` (cover: cropped to fill) and encodes it as WebP.
 */
export async function toWebp(data: Buffer, size: Size, min: Size): Promise<Buffer> {
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    // The header only, nothing decoded: sharp's pixel limit here would make a huge canvas look unreadable (415).
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupported();
  }
  if (!meta.format || !ACCEPTED.has(meta.format)) throw unsupported();
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_PIXELS) {
    throw new HttpError(413, PHOTO_LIMITS.tooManyPixels, 'photo-too-many-pixels');
  }
  await checkRealPhoto(data, meta, min);
  // A picture whose header reads fine can still be cut short or corrupt further in: that is the upload's fault.
  return sharp(data, { limitInputPixels: MAX_PIXELS })
    .rotate()
    .resize(size.width, size.height, { fit: 'cover' })
    .webp({ quality: 82 })
    .toBuffer()
    .catch(() => {
      throw unsupported();
    });
}
