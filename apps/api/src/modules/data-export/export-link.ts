import crypto from 'node:crypto';
import { safeEqual } from '../../platform/crypto.ts';

/**
 * The mailed link of a ready export (decision 0035): `/account/export/<id>?expires=<unix>&signature=<hmac>`. The
 * HMAC binds the export, its owner and the expiry under a key of its own (derived from the JWT secret, like file
 * URLs, with another label), so neither a file URL's signature nor another user's works here. The link alone is not
 * enough: the download also needs the owner signed in.
 */
export const exportLinkKey = (jwtSecret: string): Buffer =>
  crypto.createHmac('sha256', jwtSecret).update('data-export-links').digest();

const sign = (key: Buffer, exportId: string, userId: string, expires: number) =>
  crypto.createHmac('sha256', key).update(`${exportId}.${userId}.${expires}`).digest('base64url');

export function signExportLink(
  key: Buffer,
  exportId: string,
  userId: string,
  expiresAt: Date,
): { expires: string; signature: string } {
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return { expires: String(expires), signature: sign(key, exportId, userId, expires) };
}

export type LinkCheck = 'valid' | 'invalid' | 'expired';

/** Tampered or malformed: 'invalid'; genuine but past its expiry: 'expired'. The signature is checked first, so an
 * expiry someone moved is 'invalid', never 'valid'. */
export function checkExportLink(
  key: Buffer,
  exportId: string,
  userId: string,
  expires: string | undefined,
  signature: string | undefined,
  now: Date,
): LinkCheck {
  if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return 'invalid';
  const at = Number(expires);
  if (!safeEqual(sign(key, exportId, userId, at), signature)) return 'invalid';
  return at * 1000 <= now.getTime() ? 'expired' : 'valid';
}
