import crypto from 'node:crypto';
import {
  kindOfUnsubscribeToken,
  unsubscribeTokenPattern,
  type NotificationMailKind,
} from '@therapy/contracts/mail-preferences';
import { safeEqual } from '../crypto.ts';

/**
 * The token of a one-click unsubscribe link (RFC 8058, decision 0064): `<kind>.<account id>.<HMAC>`, the HMAC-SHA256
 * (first 128 bits) of kind and account under a key derived from DATA_ENCRYPTION_KEY. Only the server can make one, so
 * a link names one account and one kind and cannot be guessed or altered to reach another; it needs no row of its own
 * and keeps working for as long as the mail is kept, as RFC 8058 wants.
 */
export interface UnsubscribeTokens {
  tokenFor(userId: string, kind: NotificationMailKind): string;
  /** The account and kind of a token this server made, else undefined. */
  verify(token: string): { userId: string; kind: NotificationMailKind } | undefined;
}

export function createUnsubscribeTokens(secret: string): UnsubscribeTokens {
  const key = Buffer.from(crypto.hkdfSync('sha256', secret, 'therapy', 'mail-unsubscribe-v1', 32));
  const mac = (userId: string, kind: NotificationMailKind) =>
    crypto.createHmac('sha256', key).update(`${kind}.${userId}`).digest().subarray(0, 16).toString('base64url');
  return {
    tokenFor: (userId, kind) => `${kind}.${userId.toLowerCase()}.${mac(userId.toLowerCase(), kind)}`,
    verify(token) {
      if (!unsubscribeTokenPattern.test(token)) return undefined;
      const kind = kindOfUnsubscribeToken(token);
      const [, userId, signature] = token.split('.');
      if (!kind || !userId || !signature) return undefined;
      return safeEqual(signature, mac(userId, kind)) ? { userId, kind } : undefined;
    },
  };
}
