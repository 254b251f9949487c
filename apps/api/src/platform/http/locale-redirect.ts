import type { FastifyRequest } from 'fastify';
import { cookieNames } from '@therapy/contracts/constants';
import type { Locale } from '@therapy/contracts/messages';

/**
 * German has URLs of its own (issue 49, docs/decisions/0063-german-urls.md): `/de/...` is always the German page, the
 * bare path the English one and the `x-default`. Only a visitor who said they want German is sent from a bare URL to
 * its German twin; crawlers send neither a cookie nor Accept-Language, so they read every page at its own address.
 */

/** The language a page's URL names: `/de`, `/de/...` (with a query or not) is German, anything else English. */
export function pathLocale(url: string): Locale {
  return /^\/de(?:[/?#]|$)/.test(url) ? 'de' : 'en';
}

/** "de", "de-DE", "de_AT": a whole value naming a supported locale. */
const supported = /^(en|de)(?:[-_][A-Za-z0-9]{2,8})?$/i;
const localeOf = (value: unknown): Locale | undefined =>
  typeof value === 'string' && supported.test(value.trim())
    ? (value.trim().slice(0, 2).toLowerCase() as Locale)
    : undefined;

/**
 * The language the visitor asked for: the one saved in the language cookie (the switcher and a sign-in set it), else,
 * with no choice saved, the first of the browser's languages (best first) that the site speaks; none without either.
 */
export function preferredLocale(req: FastifyRequest, acceptedLanguages: string[]): Locale | undefined {
  const saved = localeOf(req.cookies?.[cookieNames.locale]) ?? localeOf(req.cookies?.[cookieNames.language]);
  if (saved) return saved;
  for (const tag of acceptedLanguages) {
    const found = localeOf(tag) ?? localeOf(tag.split('-')[0]);
    if (found) return found;
  }
  return undefined;
}

/** Where a request for a bare (English) URL is sent when the visitor wants German: its `/de` twin; else nowhere. */
export function germanTwin(req: FastifyRequest, acceptedLanguages: string[]): string | undefined {
  if (pathLocale(req.url) === 'de' || preferredLocale(req, acceptedLanguages) !== 'de') return undefined;
  return `/de${req.url}`;
}

/** A page's path in each language, from its path in either (`/de/x/` or `/x/`). */
export function localizedPaths(path: string): Record<Locale, string> {
  const en = pathLocale(path) === 'de' ? path.slice(3) || '/' : path;
  return { en, de: `/de${en}` };
}

/** The hreflang alternates of a public page, both ways, with the English page as the x-default. */
export function alternateLinks(origin: string, path: string, escape: (text: string) => string): string {
  const paths = localizedPaths(path);
  const link = (hreflang: string, to: string) =>
    `<link rel="alternate" hreflang="${hreflang}" href="${escape(`${origin}${to}`)}">`;
  return [link('en', paths.en), link('de', paths.de), link('x-default', paths.en)].join('');
}
