import { shortFilename, sizeInKb } from '@therapy/contracts/credentials';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FileName, FileSize } from './file-name';

describe('file names and sizes (spec §9)', () => {
  it('shortens names over 15 characters to 10 characters and an ellipsis; 15 or fewer stay whole', () => {
    expect(shortFilename('licence-front-page.pdf')).toBe('licence-fr…');
    expect(shortFilename('exactly-15-.pdf')).toBe('exactly-15-.pdf');
    expect(shortFilename('sixteen-chars.pd')).toBe('sixteen-ch…');
    expect(shortFilename('a.pdf')).toBe('a.pdf');
  });

  it('shows the short name but keeps the full one for hover and screen readers', () => {
    const { container } = render(<FileName name="licence-front-page.pdf" />);
    expect(container.textContent).toContain('licence-fr…');
    expect(screen.getByTitle('licence-front-page.pdf')).toBeTruthy();
    // What a screen reader reads: the full name only (the short one is hidden from it).
    expect(screen.getByText('licence-fr…').getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByText('licence-front-page.pdf').classList.contains('sr-only')).toBe(true);
  });

  it('a short name is shown as it is, without a title', () => {
    render(<FileName name="cv.pdf" />);
    expect(screen.getByText('cv.pdf').hasAttribute('title')).toBe(false);
  });

  it('sizes in kb', () => {
    expect(sizeInKb(0)).toBe(0);
    expect(sizeInKb(100)).toBe(1);
    expect(sizeInKb(2048)).toBe(2);
    expect(sizeInKb(10 * 1024 * 1024)).toBe(10240);
    render(<FileSize bytes={2048} />);
    expect(screen.getByText('2 kb')).toBeTruthy();
  });
});
