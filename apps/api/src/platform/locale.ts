import type { FastifyRequest } from 'fastify';
import { cookieNames } from '@therapy/contracts/constants';
import type { Locale } from '@therapy/contracts/messages';

/** The request's locale: `x-locale`, then `x-language`, then the X-Locale cookie, then Accept-Language; default en. */
export function requestLocale(req: FastifyRequest): Locale {
  const pick = (v: unknown): Locale | undefined => {
    const s = typeof v === 'string' ? v.slice(0, 2).toLowerCase() : undefined;
    return s === 'en' || s === 'de' ? s : undefined;
  };
  return (
    pick(req.headers['x-locale']) ??
    pick(req.headers['x-language']) ??
    pick(req.cookies?.[cookieNames.locale]) ??
    pick(req.headers['accept-language']) ??
    'en'
  );
}
