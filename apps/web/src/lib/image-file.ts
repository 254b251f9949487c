import type { MessageKey } from '@therapy/contracts/messages';
import { profileImageRules } from '@therapy/contracts/profile';

/** A crop rectangle in the image's own pixels (react-easy-crop's `croppedAreaPixels`). */
export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Reads an image's natural size; rejects when the browser cannot decode it. */
export function readImageSize(src: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => reject(new Error('image could not be decoded'));
    image.src = src;
  });
}

export type ImageCheck = { ok: true; src: string } | { ok: false; error: MessageKey };

/**
 * Spec §5 "Profile image", checked in the browser before anything is uploaded: an image type we accept, at most
 * 10 MB, at least 200x200 px. On success the caller owns `src` (an object URL) and must revoke it.
 */
export async function checkImageFile(file: File, readSize: typeof readImageSize = readImageSize): Promise<ImageCheck> {
  if (!(profileImageRules.accept as readonly string[]).includes(file.type)) return { ok: false, error: 'imageInvalid' };
  if (file.size > profileImageRules.maxBytes) return { ok: false, error: 'imageTooLarge' };
  const src = URL.createObjectURL(file);
  try {
    const { width, height } = await readSize(src);
    if (width < profileImageRules.minPixels || height < profileImageRules.minPixels) {
      URL.revokeObjectURL(src);
      return { ok: false, error: 'imageTooSmall' };
    }
    return { ok: true, src };
  } catch {
    URL.revokeObjectURL(src);
    return { ok: false, error: 'imageInvalid' };
  }
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('image could not be decoded'));
    image.src = src;
  });
}

/** The largest side we send: the server re-encodes anyway, and a 4000 px square would waste the upload. */
const MAX_OUTPUT_PX = 1024;

/** Draws the chosen square onto a canvas and encodes it; any failure rejects (the caller shows "Failed to crop image."). */
export async function cropToBlob(src: string, area: PixelArea, type = 'image/jpeg'): Promise<Blob> {
  const image = await loadImage(src);
  const size = Math.max(1, Math.min(MAX_OUTPUT_PX, Math.round(area.width)));
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size, size);
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, size, size);
  return new Promise<Blob>((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas could not be encoded'))), type, 0.92);
  });
}
