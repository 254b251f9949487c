import { jwtVerify, SignJWT } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS, type UserType } from '@therapy/contracts/constants';

export interface AccessClaims {
  userId: string;
  userType: UserType | 'operator';
  /** The session (refresh-token family) the token belongs to: revoking it ends the token at once. */
  sessionId: string;
}

/** Short-lived access JWTs (15 min, HS256); the refresh token is the long-lived, revocable part. */
export function createAccessTokens(secret: string) {
  const raw = new TextEncoder().encode(secret);
  // Imported once: with the raw bytes, jose imports the key into WebCrypto again on every signature and check.
  let imported: ReturnType<typeof crypto.subtle.importKey> | undefined;
  const hmacKey = () => (imported ??= crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']));
  return {
    ttlSeconds: ACCESS_TOKEN_TTL_SECONDS,
    async sign(claims: AccessClaims, now: Date): Promise<string> {
      const iat = Math.floor(now.getTime() / 1000);
      return new SignJWT({ ut: claims.userType, sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.userId)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
        .sign(await hmacKey());
    },
    async verify(token: string, now: Date): Promise<AccessClaims | null> {
      try {
        const { payload } = await jwtVerify(token, await hmacKey(), { algorithms: ['HS256'], currentDate: now });
        // A token without a session cannot be revoked, so it is refused.
        if (typeof payload.sub !== 'string' || typeof payload.ut !== 'string' || typeof payload.sid !== 'string') return null;
        return { userId: payload.sub, userType: payload.ut as AccessClaims['userType'], sessionId: payload.sid };
      } catch {
        return null;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
