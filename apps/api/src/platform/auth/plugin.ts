import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';
import type { Clock } from '../clock.ts';
import type { AccessClaims, AccessTokens } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor: AccessClaims | null;
    /** The route's guard ran: its answer is private even when it is a 401 (platform/http/private-answers.ts). */
    authRequired: boolean;
  }
  interface FastifyInstance {
    /** preHandler: a valid access token is required (401 UNAUTHORIZED_ACCESS otherwise). */
    requireAuth: (req: FastifyRequest) => Promise<void>;
    /** preHandler: a valid access token of this user type is required (403 otherwise). */
    requireRole: (role: AccessClaims['userType']) => (req: FastifyRequest) => Promise<void>;
  }
}

/** The signed-in user of a request whose route required it. */
export function actorOf(req: FastifyRequest): AccessClaims {
  if (!req.actor) throw AppError.unauthorized();
  return req.actor;
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { tokens: AccessTokens; clock: Clock }) => {
  app.decorateRequest('actor', null);
  app.decorateRequest('authRequired', false);
  const authenticate = async (req: FastifyRequest) => {
    req.authRequired = true;
    const header = req.headers.authorization;
    if (typeof header !== 'string' || !header.startsWith('Bearer ')) throw AppError.unauthorized();
    const claims = await opts.tokens.verify(header.slice(7).trim(), opts.clock.now());
    if (!claims) throw AppError.unauthorized();
    req.actor = claims;
  };
  app.decorate('requireAuth', authenticate);
  app.decorate('requireRole', (role: AccessClaims['userType']) => async (req: FastifyRequest) => {
    await authenticate(req);
    if (req.actor?.userType !== role) throw AppError.forbidden();
  });
});
