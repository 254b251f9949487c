import crypto from 'node:crypto';
import { safeEqual } from '../crypto.ts';

/** How long a file URL works: long enough to load a page, short enough that a leaked URL soon stops working. */
export const FILE_URL_TTL_SECONDS = 600;

/**
 * A key of its own for file URLs, derived from the JWT secret, so a signature here is never valid anywhere else. A
 * KeyObject, made once: handed a Buffer, each HMAC makes one of its own (a list of pictures signs one per row).
 */
export const fileUrlKey = (jwtSecret: string): crypto.KeyObject =>
  crypto.createSecretKey(crypto.createHmac('sha256', jwtSecret).update('file-urls').digest());

const sign = (key: crypto.KeyObject, id: string, expires: number): string =>
  crypto.createHmac('sha256', key).update(`${id}.${expires}`).digest('base64url');

export function signFileUrl(key: crypto.KeyObject, id: string, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + FILE_URL_TTL_SECONDS;
  return `/api/v1/files/${encodeURIComponent(id)}?expires=${expires}&signature=${sign(key, id, expires)}`;
}

/** True when the signature is ours for this id and expiry, and the expiry has not passed. */
export function verifyFileUrl(
  key: crypto.KeyObject,
  id: string,
  expires: string | undefined,
  signature: string | undefined,
  now: Date,
): boolean {
  if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return false;
  const at = Number(expires);
  if (at * 1000 <= now.getTime()) return false;
  return safeEqual(sign(key, id, at), signature);
}
