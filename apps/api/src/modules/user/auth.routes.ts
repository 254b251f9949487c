import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  login,
  logout,
  refreshToken,
  register,
  requestPasswordReset,
  requestVerification,
  resetPassword,
  verifyEmail,
} from '@therapy/contracts/endpoints/auth';
import { message } from '@therapy/contracts/messages';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../platform/http/route.ts';
import { requestLocale } from '../../platform/locale.ts';
import { createAuthService, type SignUpStep } from './auth.service.ts';
import { bearerOf, contextOf, refreshCookie } from './request-context.ts';
import { createSessionService } from './session.service.ts';

/** Sign-up, sign-in, sessions, verification and reset: spec §7 "Auth and user". */
export const authRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; signUpSteps: readonly SignUpStep[] }> = async (
  app,
  { deps, signUpSteps },
) => {
  const auth = createAuthService(deps, signUpSteps);
  const sessions = createSessionService(deps);
  const secure = deps.config.appOrigin.startsWith('https://');

  // The same answer for a new and a taken address, and no session: the web app signs in next (decision 0010).
  route(app, register, async (req, reply) => {
    await auth.register(req.body, contextOf(req));
    return reply.code(201).send({ message: message('registered', requestLocale(req)) });
  });

  route(app, login, async (req, reply) => {
    const issued = await auth.login(req.body, contextOf(req));
    refreshCookie.set(reply, issued.refreshToken, secure);
    return { data: issued.session };
  });

  route(app, refreshToken, async (req, reply) => {
    try {
      const issued = await sessions.refresh(refreshCookie.read(req));
      refreshCookie.set(reply, issued.refreshToken, secure);
      return { data: issued.session };
    } catch (err) {
      refreshCookie.clear(reply);
      throw err;
    }
  });

  route(app, logout, async (req, reply) => {
    // Either proof of the session ends it: the refresh cookie (the web app) or the access token (an API client).
    await sessions.end(refreshCookie.read(req));
    await sessions.endByAccessToken(bearerOf(req));
    refreshCookie.clear(reply);
    return { message: message('signedOut', requestLocale(req)) };
  });

  route(app, verifyEmail, async (req) => {
    await auth.verifyEmail(req.body.token, contextOf(req));
    return { message: message('emailVerified', requestLocale(req)) };
  });

  route(app, requestVerification, async (req) => {
    await auth.requestVerification(req.body.email, contextOf(req), req.body.redirect);
    return { message: message('verificationSent', requestLocale(req)) };
  });

  route(app, requestPasswordReset, async (req) => {
    await auth.requestPasswordReset(req.body.email, contextOf(req));
    return { message: message('resetSent', requestLocale(req)) };
  });

  route(app, resetPassword, async (req) => {
    await auth.resetPassword(req.body, contextOf(req));
    return { message: message('passwordReset', requestLocale(req)) };
  });
};
