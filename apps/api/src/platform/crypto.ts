import crypto from 'node:crypto';

/** 256-bit random token, URL-safe. */
export const randomToken = (): string => crypto.randomBytes(32).toString('base64url');

/** Tokens are stored hashed: a leaked table does not let anyone sign in. SHA-256 suffices for 256-bit secrets. */
export const hashToken = (token: string): string => crypto.createHash('sha256').update(token).digest('hex');

/** A 6-digit numeric code from a uniform source. */
export const randomCode = (length: number): string =>
  Array.from({ length }, () => crypto.randomInt(0, 10).toString()).join('');

export const safeEqual = (a: string, b: string): boolean => {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && crypto.timingSafeEqual(ab, bb);
};
