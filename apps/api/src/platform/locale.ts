import type { FastifyRequest } from 'fastify';
import { cookieNames } from '@therapy/contracts/constants';
import type { Locale } from '@therapy/contracts/messages';

/** "de", "de-DE", "de_AT": a whole value naming a supported locale; anything else is not a choice of locale. */
const exact = /^(en|de)(?:[-_][A-Za-z]{2})?$/i;

/** The request's locale: `x-locale`, then `x-language`, then the X-Locale cookie, then Accept-Language; default en. */
export function requestLocale(req: FastifyRequest): Locale {
  const pick = (v: unknown): Locale | undefined => {
    if (typeof v !== 'string' || !exact.test(v.trim())) return undefined;
    return v.trim().slice(0, 2).toLowerCase() as Locale;
  };
  const fromAcceptLanguage = (v: unknown): Locale | undefined => {
    if (typeof v !== 'string') return undefined;
    // The first supported language in the header's own order (weights are rarely out of order in practice).
    for (const part of v.split(',')) {
      const tag = part.split(';')[0]?.trim() ?? '';
      const found = pick(tag) ?? pick(tag.slice(0, 2));
      if (found) return found;
    }
    return undefined;
  };
  return (
    pick(req.headers['x-locale']) ??
    pick(req.headers['x-language']) ??
    pick(req.cookies?.[cookieNames.locale]) ??
    fromAcceptLanguage(req.headers['accept-language']) ??
    'en'
  );
}
