import crypto from 'node:crypto';
import { LRUCache } from 'lru-cache';

/**
 * Timeslot identifiers (DESIGN.md §6): opaque to clients, signed by the server, bound to provider, start, end and
 * category, so the booking flow can trust what it is handed and still re-check that the slot is free.
 *
 * Layout, base64url-encoded: version (1 byte: 1, or 2 with a category) | provider uuid (16) | category uuid (16, only
 * with version 2) | start in minutes since the epoch (uint32) | length in minutes (uint16) | HMAC-SHA256 of all that,
 * cut to 128 bits, with a key derived from the server secret for this one purpose. Binary keeps it short (52 or 74
 * characters): a 60-day calendar carries hundreds of them.
 */
export interface TimeslotClaims {
  providerId: string;
  categoryId: string | null;
  start: number;
  end: number;
}

const MINUTE_MS = 60_000;
const MAC_BYTES = 16;
const UUID_BYTES = 16;
const TIME_BYTES = 6;
const MAX_TOKEN_LENGTH = 128;
/** Identifiers whose signature was checked lately: a booking checks its identifier twice (whose slot, then free?). */
const VERIFIED_KEPT = 1000;

const uuidToBytes = (uuid: string): Buffer => Buffer.from(uuid.replaceAll('-', ''), 'hex');
const bytesToUuid = (bytes: Buffer): string => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

export function createTimeslotTokens(secret: string) {
  // A KeyObject made once: handed a Buffer, every HMAC would make one of its own (a calendar signs hundreds).
  const key = crypto.createSecretKey(
    Buffer.from(crypto.hkdfSync('sha256', secret, 'therapy', 'timeslot-identifier-v1', 32)),
  );
  const mac = (body: Buffer) => crypto.createHmac('sha256', key).update(body).digest().subarray(0, MAC_BYTES);
  // Making an HMAC costs more than the digest (decision 0044): a genuine identifier's
  // claims never change, so they are kept for its next check. Frozen: callers share them.
  const verified = new LRUCache<string, Readonly<TimeslotClaims>>({ max: VERIFIED_KEPT });

  return {
    sign(claims: TimeslotClaims): string {
      const time = Buffer.alloc(TIME_BYTES);
      time.writeUInt32BE(claims.start / MINUTE_MS, 0);
      time.writeUInt16BE((claims.end - claims.start) / MINUTE_MS, 4);
      const parts = [Buffer.from([claims.categoryId ? 2 : 1]), uuidToBytes(claims.providerId)];
      if (claims.categoryId) parts.push(uuidToBytes(claims.categoryId));
      const body = Buffer.concat([...parts, time]);
      return Buffer.concat([body, mac(body)]).toString('base64url');
    },

    /** The claims of a genuine identifier; undefined for anything altered, truncated or made up. */
    verify(token: string): Readonly<TimeslotClaims> | undefined {
      const known = verified.get(token);
      if (known) return known;
      const claims = checked(token);
      if (claims) verified.set(token, Object.freeze(claims));
      return claims;
    },
  };

  function checked(token: string): TimeslotClaims | undefined {
    if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH || !/^[A-Za-z0-9_-]+$/.test(token))
      return undefined;
    const bytes = Buffer.from(token, 'base64url');
    const version = bytes[0];
    const bodyLength = 1 + UUID_BYTES * (version === 2 ? 2 : 1) + TIME_BYTES;
    if ((version !== 1 && version !== 2) || bytes.length !== bodyLength + MAC_BYTES) return undefined;
    const body = bytes.subarray(0, bodyLength);
    if (!crypto.timingSafeEqual(bytes.subarray(bodyLength), mac(body))) return undefined;
    const providerId = bytesToUuid(body.subarray(1, 1 + UUID_BYTES));
    const categoryId = version === 2 ? bytesToUuid(body.subarray(1 + UUID_BYTES, 1 + 2 * UUID_BYTES)) : null;
    const start = body.readUInt32BE(bodyLength - TIME_BYTES) * MINUTE_MS;
    const minutes = body.readUInt16BE(bodyLength - 2);
    if (minutes === 0) return undefined;
    return { providerId, categoryId, start, end: start + minutes * MINUTE_MS };
  }
}
export type TimeslotTokens = ReturnType<typeof createTimeslotTokens>;
