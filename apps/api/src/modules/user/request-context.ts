import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieNames } from '@therapy/contracts/constants';
import { REFRESH_TOKEN_TTL_DAYS } from '@therapy/contracts/constants';
import { actorOf } from '../../platform/auth/plugin.ts';
import { requestLocale } from '../../platform/locale.ts';
import type { SignedIn } from './account.service.ts';
import type { UserRow } from './user.repository.ts';
import type { RequestContext } from './auth.service.ts';

export const contextOf = (req: FastifyRequest): RequestContext => ({
  ip: req.ip,
  userAgent: req.headers['user-agent'],
  locale: requestLocale(req),
  log: req.log,
});

/** The access token of an `Authorization: Bearer <token>` header, unchecked (on a public route such as sign-out). */
export function bearerOf(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  return typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7).trim() || undefined : undefined;
}

/** The signed-in user of a route behind requireAuth: the app wires the session loader that returns this row. */
export function signedIn(req: FastifyRequest): SignedIn {
  const actor = actorOf(req);
  return { actor, user: req.sessionUser as UserRow, sessionId: actor.sessionId };
}

/** The refresh token travels only in this httpOnly cookie, scoped to the user routes. */
export const refreshCookie = {
  path: '/api/v1/user',
  read: (req: FastifyRequest): string | undefined => req.cookies[cookieNames.refreshToken],
  set(reply: FastifyReply, token: string, secure: boolean) {
    void reply.setCookie(cookieNames.refreshToken, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: refreshCookie.path,
      maxAge: REFRESH_TOKEN_TTL_DAYS * 86_400,
    });
  },
  clear(reply: FastifyReply) {
    void reply.clearCookie(cookieNames.refreshToken, { path: refreshCookie.path });
  },
};
