import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ImageFilePicker } from './image-file-picker';

/** jsdom decodes no images: this stand-in "loads" with the size the test sets. */
let naturalSize = { width: 400, height: 400 };
class FakeImage {
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  naturalWidth = 0;
  naturalHeight = 0;
  set src(_value: string) {
    this.naturalWidth = naturalSize.width;
    this.naturalHeight = naturalSize.height;
    setTimeout(() => this.onload?.(), 0);
  }
}

function choose(input: HTMLElement, file: File) {
  fireEvent.change(input, { target: { files: [file] } });
}

describe('ImageFilePicker', () => {
  beforeEach(() => {
    vi.stubGlobal('Image', FakeImage);
    URL.createObjectURL = vi.fn(() => 'blob:picture');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says "Please upload a valid image file." for a PDF', async () => {
    const onAccepted = vi.fn();
    renderWithProviders(<ImageFilePicker label="New Image" onAccepted={onAccepted} />);
    choose(screen.getByTestId('profile-image-input'), new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please upload a valid image file.');
    expect(onAccepted).not.toHaveBeenCalled();
  });

  it('says "File size should not exceed 10MB." for a larger file', async () => {
    renderWithProviders(<ImageFilePicker label="New Image" onAccepted={vi.fn()} />);
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    choose(screen.getByTestId('profile-image-input'), big);
    expect((await screen.findByRole('alert')).textContent).toBe('File size should not exceed 10MB.');
  });

  it('says "Image dimensions should be at least 200x200 pixels." for a 150x300 image', async () => {
    naturalSize = { width: 150, height: 300 };
    renderWithProviders(<ImageFilePicker label="New Image" onAccepted={vi.fn()} />);
    choose(screen.getByTestId('profile-image-input'), new File(['x'], 'small.png', { type: 'image/png' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Image dimensions should be at least 200x200 pixels.');
  });

  it('hands a good image on to the crop step', async () => {
    naturalSize = { width: 400, height: 400 };
    const onAccepted = vi.fn();
    renderWithProviders(<ImageFilePicker label="New Image" onAccepted={onAccepted} />);
    choose(screen.getByTestId('profile-image-input'), new File(['x'], 'me.jpg', { type: 'image/jpeg' }));
    await vi.waitFor(() => expect(onAccepted).toHaveBeenCalledWith('blob:picture', 'image/jpeg'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
