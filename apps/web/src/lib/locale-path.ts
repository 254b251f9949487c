import type { Locale } from '@therapy/contracts/messages';

/**
 * German has URLs of its own (issue 49, docs/decisions/0063-german-urls.md): `/de/...` is the German page, the bare
 * path the English one (and the `x-default` for search engines). The router runs with `/de` as its basename on a
 * German page, so the app's own links stay in the visitor's language; the language switcher moves to the other URL.
 */
export const localePrefix: Record<Locale, string> = { en: '', de: '/de' };

/** The language a path names: `de` for `/de` and `/de/...`, else English. */
export function localeOfPath(pathname: string): Locale {
  return pathname === '/de' || pathname.startsWith('/de/') ? 'de' : 'en';
}

/** The router's basename for a path's language (none for English). */
export function basenameOf(pathname: string): string | undefined {
  return localeOfPath(pathname) === 'de' ? '/de' : undefined;
}

/** The path without its language prefix: `/de/therapists/` -> `/therapists/`, `/de` -> `/`. */
export function withoutLocale(pathname: string): string {
  if (localeOfPath(pathname) === 'en') return pathname;
  const rest = pathname.slice(3);
  return rest === '' ? '/' : rest;
}

/** The same page in another language: `/therapists/x/` in de -> `/de/therapists/x/`; query and hash are kept. */
export function localizedUrl(url: string, locale: Locale): string {
  const match = /^([^?#]*)(.*)$/.exec(url);
  const pathname = match?.[1] || '/';
  const rest = match?.[2] ?? '';
  const bare = withoutLocale(pathname);
  return `${localePrefix[locale]}${bare}${rest}`;
}
