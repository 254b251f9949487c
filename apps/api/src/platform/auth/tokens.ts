import { createSigner, createVerifier } from 'fast-jwt';
import { ACCESS_TOKEN_TTL_SECONDS, type UserType } from '@therapy/contracts/constants';

export interface AccessClaims {
  userId: string;
  userType: UserType | 'operator';
  /** The session (refresh-token family) the token belongs to: revoking it ends the token at once. */
  sessionId: string;
}

/**
 * Short-lived access JWTs (15 min, HS256); the refresh token is the long-lived, revocable part. Every authenticated
 * request checks one, so it is done with fast-jwt on `node:crypto`, synchronously: jose checks HS256 through
 * WebCrypto, which hands each check to libuv's thread pool and back, several times the CPU of a synchronous check
 * (decision 0044 has the figures).
 */
export function createAccessTokens(secret: string) {
  const signer = createSigner({ key: secret, algorithm: 'HS256', noTimestamp: true });
  // The expiry is checked here against the app's clock (tests move it); fast-jwt can only read a fixed or the system time.
  const verifier = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    ignoreExpiration: true,
    requiredClaims: ['exp'],
    cache: false,
  });
  return {
    ttlSeconds: ACCESS_TOKEN_TTL_SECONDS,
    async sign(claims: AccessClaims, now: Date): Promise<string> {
      const iat = Math.floor(now.getTime() / 1000);
      return signer({
        sub: claims.userId,
        ut: claims.userType,
        sid: claims.sessionId,
        iat,
        exp: iat + ACCESS_TOKEN_TTL_SECONDS,
      });
    },
    async verify(token: string, now: Date): Promise<AccessClaims | null> {
      let payload: Record<string, unknown>;
      try {
        payload = verifier(token) as Record<string, unknown>;
      } catch {
        return null;
      }
      if (typeof payload.exp !== 'number' || payload.exp <= Math.floor(now.getTime() / 1000)) return null;
      // A token without a session cannot be revoked, so it is refused.
      if (typeof payload.sub !== 'string' || typeof payload.ut !== 'string' || typeof payload.sid !== 'string')
        return null;
      return { userId: payload.sub, userType: payload.ut as AccessClaims['userType'], sessionId: payload.sid };
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
