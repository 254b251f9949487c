import type { Locale } from '@therapy/contracts/messages';

/** Where a server-rendered page lives: what its structured data names as its own address (server-pages.ts). */
export interface PageAddress {
  /** The site's origin, without a trailing slash: `https://therapy.example`. */
  origin: string;
  /** The page's canonical URL, absolute, in its own language (`https://therapy.example/de/therapists/…/`). */
  url: string;
  locale: Locale;
}

/**
 * A schema.org JSON-LD document as the text of a `<script type="application/ld+json">`: JSON whose `<`, `>` and
 * `&` are written as `\u003c`, `\u003e`, `\u0026`, so no text from a profile (a bio with "</script>") can end the
 * element or start markup, and U+2028/U+2029 escaped as a JavaScript-safe JSON would be. A JSON parser reads the
 * same value back.
 */
export function jsonLdText(document: object): string {
  return JSON.stringify(document)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
