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

/**
 * Checks a picture by its content (not its name or type header), turns it upright, resizes it to fit
 * `width`×`height` (cover: cropped to fill) and encodes it as WebP.
 */
export async function toWebp(data: Buffer, size: { width: number; height: number }): Promise<Buffer> {
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
