import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_MIN_PX } from '@therapy/contracts/constants';
import { m } from '@therapy/contracts/messages';
import { AppError } from '../errors.ts';

export const MAX_IMAGE_BYTES = PROFILE_IMAGE_MAX_BYTES;
/** Bigger than this is refused before decoding: a small file can claim a huge canvas (a decompression bomb). */
export const MAX_INPUT_PIXELS = 50_000_000;
export const MAX_OUTPUT_PX = 1024;

/** Types sniffed from the bytes that we decode. SVG is never among them: it is a document that can carry script. */
const accepted = new Set(['image/jpeg', 'image/png', 'image/webp']);

export interface ProcessedImage {
  data: Buffer;
  contentType: string;
  width: number;
  height: number;
}

export const imageInvalid = () => AppError.validation('imageInvalid', [m.imageInvalid]);
export const imageTooLarge = () => AppError.validation('imageTooLarge', [m.imageTooLarge]);
export const imageTooSmall = () => AppError.validation('imageTooSmall', [m.imageTooSmall]);

/**
 * Checks what the bytes are (never the name or the client's content type), then re-encodes them: the stored file is
 * one we wrote, upright (EXIF orientation applied), at most 1024 px a side, without metadata (no EXIF, no GPS).
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const type = await fileTypeFromBuffer(input);
  if (!type || !accepted.has(type.mime)) throw imageInvalid();
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' } as const;
  let width: number;
  let height: number;
  try {
    const meta = await sharp(input, options).metadata();
    width = meta.width;
    height = meta.height;
  } catch {
    throw imageInvalid();
  }
  if (!width || !height || width * height > MAX_INPUT_PIXELS) throw imageInvalid();
  if (width < PROFILE_IMAGE_MIN_PX || height < PROFILE_IMAGE_MIN_PX) throw imageTooSmall();
  try {
    // sharp writes no metadata unless asked (withMetadata/keepExif): EXIF, GPS and ICC comments are dropped here.
    const { data, info } = await sharp(input, options)
      .rotate()
      .resize(MAX_OUTPUT_PX, MAX_OUTPUT_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { data, contentType: 'image/webp', width: info.width, height: info.height };
  } catch {
    throw imageInvalid();
  }
}

export const fileRequired = () => AppError.validation('fileRequired', [m.fileRequired]);

/** @fastify/multipart limits for uploads: one file, one byte over the image limit is enough to say "too large". */
export const uploadLimits = {
  fileSize: MAX_IMAGE_BYTES + 1,
  files: 1,
  fields: 10,
  fieldSize: 1024,
  parts: 11,
} as const;
