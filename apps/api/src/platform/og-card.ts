import fs from 'node:fs';
import { createRequire } from 'node:module';
import satori from 'satori';
import sharp from 'sharp';

/**
 * Link-preview pictures (Open Graph `og:image`, issue 49): a 1200 x 630 PNG card laid out by satori (HTML and CSS
 * to SVG, text drawn as paths with Inter, so no font is needed to draw it) and drawn by sharp. One card per listed
 * therapist (their photo, name and headline) and one for the site.
 */
export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

export interface CardContent {
  /** The big line: the therapist's name, or the site's name. */
  title: string;
  /** Under it: the headline, or the site's promise. */
  subtitle?: string | null | undefined;
  /** A line of small print at the bottom (the therapies, the languages). */
  footnote?: string | null | undefined;
  /** The photo as stored (any format sharp reads), drawn as a circle; initials stand in without one. */
  photo?: Buffer | null | undefined;
}

const require = createRequire(import.meta.url);
/** Latin and Latin Extended cover the names and texts of English and German and most European names. */
const fontFile = (subset: string, weight: number) =>
  fs.readFileSync(require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`));

let fonts: Parameters<typeof satori>[1]['fonts'] | null = null;
const loadFonts = () =>
  (fonts ??= [400, 700].flatMap((weight) =>
    ['latin', 'latin-ext'].map((subset) => ({
      // One family per subset: satori falls back from one family of the list to the next for a missing glyph.
      name: subset === 'latin' ? 'Inter' : 'Inter Extended',
      data: fontFile(subset, weight),
      weight: weight as 400 | 700,
      style: 'normal' as const,
    })),
  ));

type Node = { type: string; props: Record<string, unknown> };
const el = (type: string, style: Record<string, unknown>, children?: unknown, extra: Record<string, unknown> = {}) =>
  ({ type, props: { style, children, ...extra } }) satisfies Node;

const BRAND = '#0f766e';
const PHOTO = 280;

const initialsOf = (title: string) =>
  title
    .split(/\s+/)
    .filter((word) => /^\p{L}/u.test(word))
    .slice(-2)
    .map((word) => word[0]!.toUpperCase())
    .join('');

/** A photo becomes a square PNG (satori draws PNG and JPEG, not the WebP the app stores). */
async function photoDataUrl(photo: Buffer): Promise<string | null> {
  try {
    const png = await sharp(photo)
      .resize(PHOTO * 2, PHOTO * 2, { fit: 'cover' })
      .png()
      .toBuffer();
    return `data:image/png;base64,${png.toString('base64')}`;
  } catch {
    // A picture sharp cannot read is left out: the initials stand in, the card still renders.
    return null;
  }
}

/** Cuts a text to `max` characters at a word, with an ellipsis: the card has room for two lines of it. */
const fit = (text: string, max: number) => {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 12)).trimEnd()}…`;
};

export async function renderCard(content: CardContent): Promise<Buffer> {
  const photo = content.photo ? await photoDataUrl(content.photo) : null;
  const picture = photo
    ? el('img', { width: PHOTO, height: PHOTO, borderRadius: PHOTO / 2, objectFit: 'cover' }, undefined, {
        src: photo,
        width: PHOTO,
        height: PHOTO,
      })
    : el(
        'div',
        {
          display: 'flex',
          width: PHOTO,
          height: PHOTO,
          borderRadius: PHOTO / 2,
          backgroundColor: '#ccfbf1',
          color: BRAND,
          fontSize: 110,
          fontWeight: 700,
          alignItems: 'center',
          justifyContent: 'center',
        },
        initialsOf(content.title) || 'TF',
      );
  const text = el('div', { display: 'flex', flexDirection: 'column', flex: 1, marginLeft: 64 }, [
    el('div', { fontSize: 68, fontWeight: 700, color: '#0f172a', lineHeight: 1.1 }, fit(content.title, 60)),
    content.subtitle
      ? el('div', { fontSize: 38, color: '#334155', marginTop: 24, lineHeight: 1.3 }, fit(content.subtitle, 110))
      : null,
    content.footnote
      ? el('div', { fontSize: 28, color: '#475569', marginTop: 28, lineHeight: 1.3 }, fit(content.footnote, 90))
      : null,
  ]);
  const card = el(
    'div',
    {
      display: 'flex',
      flexDirection: 'column',
      width: OG_WIDTH,
      height: OG_HEIGHT,
      backgroundColor: '#ffffff',
      fontFamily: 'Inter, Inter Extended',
      borderTop: `16px solid ${BRAND}`,
    },
    [
      el('div', { display: 'flex', flex: 1, alignItems: 'center', padding: '0 80px' }, [picture, text]),
      el(
        'div',
        {
          display: 'flex',
          padding: '28px 80px',
          backgroundColor: '#f0fdfa',
          color: BRAND,
          fontSize: 32,
          fontWeight: 700,
        },
        'Therapy Finder',
      ),
    ],
  );
  const svg = await satori(card as unknown as Parameters<typeof satori>[0], {
    width: OG_WIDTH,
    height: OG_HEIGHT,
    fonts: loadFonts(),
  });
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}
