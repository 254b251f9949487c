import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../clock.ts';
import { notSignedIn, requireRole, requireUser } from './access.ts';
import type { AccessClaims, AccessTokens } from './tokens.ts';

/**
 * Loads the live user of a live session in one query, or nothing (deleted user, revoked or unknown session). The
 * user module provides it (platform does not import modules); what it returns is kept on the request as
 * `sessionUser`, so a service that needs the user's row does not read it a second time.
 */
export type SessionLoader = (userId: string, sessionId: string) => Promise<object | undefined>;

declare module 'fastify' {
  interface FastifyRequest {
    actor: AccessClaims | null;
    /** What the session loader returned for this request's token (the user's row); null before requireAuth. */
    sessionUser: object | null;
    /** The route's guard ran: its answer is private even when it is a 401 (platform/http/private-answers.ts). */
    authRequired: boolean;
  }
  interface FastifyInstance {
    /**
     * onRequest hook: a valid access token of a live session is required (401 UNAUTHORIZED_ACCESS otherwise). Run it
     * in `onRequest`, so a request without a token is refused before its body or parameters are looked at.
     */
    requireAuth: (req: FastifyRequest) => Promise<void>;
    /** onRequest hook: requireAuth, and the token's user type must be this one (403 otherwise). */
    requireRole: (role: AccessClaims['userType']) => (req: FastifyRequest) => Promise<void>;
  }
}

/** The signed-in user of a request whose route required it (401 otherwise, decided by the access core). */
export function actorOf(req: FastifyRequest): AccessClaims {
  return requireUser(req.actor);
}

export const authPlugin = fp(
  async (app: FastifyInstance, opts: { tokens: AccessTokens; clock: Clock; loadSession: SessionLoader }) => {
    app.decorateRequest('actor', null);
    app.decorateRequest('sessionUser', null);
    app.decorateRequest('authRequired', false);
    // The token and its session are checked here; what they allow is decided by the access core (access.ts).
    const authenticate = async (req: FastifyRequest) => {
      req.authRequired = true;
      const header = req.headers.authorization;
      if (typeof header !== 'string' || !header.startsWith('Bearer ')) notSignedIn();
      const claims = await opts.tokens.verify(header.slice(7).trim(), opts.clock.now());
      if (!claims) notSignedIn();
      // A signed token is not enough: sign-out, a password change, reuse detection and deletion end it at once.
      const user = await opts.loadSession(claims.userId, claims.sessionId);
      if (!user) notSignedIn();
      req.actor = claims;
      req.sessionUser = user;
    };
    app.decorate('requireAuth', authenticate);
    app.decorate('requireRole', (role: AccessClaims['userType']) => async (req: FastifyRequest) => {
      await authenticate(req);
      requireRole(req.actor, role);
    });
  },
);
