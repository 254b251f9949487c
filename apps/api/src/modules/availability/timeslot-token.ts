import crypto from 'node:crypto';

/**
 * Timeslot identifiers (DESIGN.md §6): opaque to clients, signed by the server, bound to provider, start, end and
 * category, so the booking flow can trust what it is handed and still re-check that the slot is free. An HMAC-SHA256
 * over the fields, cut to 128 bits, with a key derived from the server secret for this one purpose.
 */
export interface TimeslotClaims {
  providerId: string;
  categoryId: string | null;
  start: number;
  end: number;
}

const MAX_TOKEN_LENGTH = 256;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function createTimeslotTokens(secret: string) {
  const key = Buffer.from(crypto.hkdfSync('sha256', secret, 'therapy', 'timeslot-identifier-v1', 32));
  const mac = (payload: string) => crypto.createHmac('sha256', key).update(payload).digest().subarray(0, 16);

  return {
    sign(claims: TimeslotClaims): string {
      const payload = `${claims.providerId}|${claims.categoryId ?? ''}|${claims.start / 60_000}|${claims.end / 60_000}`;
      return `${Buffer.from(payload).toString('base64url')}.${mac(payload).toString('base64url')}`;
    },
    /** The claims of a genuine identifier; undefined for anything altered, truncated or made up. */
    verify(token: string): TimeslotClaims | undefined {
      if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return undefined;
      const [body, signature, extra] = token.split('.');
      if (!body || !signature || extra !== undefined) return undefined;
      const payload = Buffer.from(body, 'base64url').toString('utf8');
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(payload);
      if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return undefined;
      const [providerId, categoryId, start, end] = payload.split('|');
      if (!providerId || !uuidPattern.test(providerId) || (categoryId && !uuidPattern.test(categoryId))) return undefined;
      const startMs = Number(start) * 60_000;
      const endMs = Number(end) * 60_000;
      if (!Number.isSafeInteger(startMs) || !Number.isSafeInteger(endMs) || endMs <= startMs) return undefined;
      return { providerId, categoryId: categoryId || null, start: startMs, end: endMs };
    },
  };
}
export type TimeslotTokens = ReturnType<typeof createTimeslotTokens>;
