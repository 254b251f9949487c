import { message } from '@therapy/contracts/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkImageFile } from './image-file';

function file(type: string, bytes = 1024): File {
  const f = new File([new Uint8Array(8)], 'picture', { type });
  Object.defineProperty(f, 'size', { value: bytes });
  return f;
}

const size = (width: number, height: number) => () => Promise.resolve({ width, height });

describe('checkImageFile (spec §5 "Profile image")', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:picture'), revokeObjectURL: vi.fn() }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('refuses a file that is not an image', async () => {
    const result = await checkImageFile(file('application/pdf'), size(400, 400));
    expect(result).toEqual({ ok: false, error: 'imageInvalid' });
    expect(message('imageInvalid', 'en')).toBe('Please upload a valid image file.');
  });

  it('refuses an image over 10 MB', async () => {
    const result = await checkImageFile(file('image/png', 10 * 1024 * 1024 + 1), size(400, 400));
    expect(result).toEqual({ ok: false, error: 'imageTooLarge' });
    expect(message('imageTooLarge', 'en')).toBe('File size should not exceed 10MB.');
  });

  it('accepts exactly 10 MB', async () => {
    expect(await checkImageFile(file('image/jpeg', 10 * 1024 * 1024), size(400, 400))).toEqual({
      ok: true,
      src: 'blob:picture',
    });
  });

  it('refuses an image smaller than 200x200', async () => {
    const result = await checkImageFile(file('image/webp'), size(400, 199));
    expect(result).toEqual({ ok: false, error: 'imageTooSmall' });
    expect(message('imageTooSmall', 'en')).toBe('Image dimensions should be at least 200x200 pixels.');
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:picture');
  });

  it('refuses bytes the browser cannot decode as an image', async () => {
    const result = await checkImageFile(file('image/png'), () => Promise.reject(new Error('broken')));
    expect(result).toEqual({ ok: false, error: 'imageInvalid' });
  });

  it('accepts a 200x200 image', async () => {
    expect(await checkImageFile(file('image/png'), size(200, 200))).toEqual({ ok: true, src: 'blob:picture' });
  });
});
