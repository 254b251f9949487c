import sharp from 'sharp';
import { AVATAR_COLOURS } from './demo-therapists.ts';

/** "Olivia Bennett" → "OB": the first letter of the first and of the last word. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = [words[0], words.length > 1 ? words[words.length - 1] : undefined]
    .map((w) => (w ? [...w][0]!.toLocaleUpperCase('en') : ''))
    .join('');
  return letters.replace(/[^\p{L}]/gu, '');
}

/**
 * A demo therapist's profile picture (issue 48): their initials in white on a colour of theirs, with a soft lighter
 * circle behind, as a 400x400 WebP, the format the files module stores profile pictures in. Made from an SVG by
 * sharp, the same each time for the same name and number (no randomness, no metadata).
 */
export async function demoAvatar(name: string, n: number): Promise<Buffer> {
  const colour = AVATAR_COLOURS[(n - 1) % AVATAR_COLOURS.length]!;
  const initials = initialsOf(name);
  const cx = 120 + ((n * 53) % 160);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
  <rect width="400" height="400" fill="${colour}"/>
  <circle cx="${cx}" cy="${80 + ((n * 31) % 60)}" r="190" fill="#ffffff" fill-opacity="0.12"/>
  <text x="200" y="200" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Arial, Helvetica, sans-serif"
        font-size="160" font-weight="700" fill="#ffffff">${initials}</text>
</svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 82 }).toBuffer();
}
