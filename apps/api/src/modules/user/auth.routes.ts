import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authSession,
  loginInput,
  passwordResetInput,
  registerInput,
  requestPasswordResetInput,
  requestVerificationInput,
  verifyEmailInput,
} from '@therapy/contracts/auth';
import { envelope, errorBody, messageOnly } from '@therapy/contracts/common';
import { message } from '@therapy/contracts/messages';
import type { AppDeps } from '../../deps.ts';
import { requestLocale } from '../../platform/locale.ts';
import { createAuthService, type SignUpStep } from './auth.service.ts';
import { contextOf, refreshCookie } from './request-context.ts';
import { createSessionService } from './session.service.ts';

const errors = { 400: errorBody, 401: errorBody, 409: errorBody, 429: errorBody };

/** Sign-up, sign-in, sessions, verification and reset: spec §7 "Auth and user". */
export const authRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; signUpSteps: readonly SignUpStep[] }> = async (app, { deps, signUpSteps }) => {
  const auth = createAuthService(deps, signUpSteps);
  const sessions = createSessionService(deps);
  const secure = deps.config.appOrigin.startsWith('https://');
  const tags = ['auth'];

  // The same answer for a new and a taken address, and no session: the web app signs in next (decision 0010).
  app.post('/user/register', { schema: { tags, body: registerInput, response: { 201: messageOnly, ...errors } } }, async (req, reply) => {
    await auth.register(req.body, contextOf(req));
    return reply.code(201).send({ message: message('registered', requestLocale(req)) });
  });

  app.post('/user/login', { schema: { tags, body: loginInput, response: { 200: envelope(authSession), ...errors } } }, async (req, reply) => {
    const issued = await auth.login(req.body, contextOf(req));
    refreshCookie.set(reply, issued.refreshToken, secure);
    return { data: issued.session };
  });

  app.post('/user/token/refresh', { schema: { tags, response: { 200: envelope(authSession), ...errors } } }, async (req, reply) => {
    try {
      const issued = await sessions.refresh(refreshCookie.read(req));
      refreshCookie.set(reply, issued.refreshToken, secure);
      return { data: issued.session };
    } catch (err) {
      refreshCookie.clear(reply);
      throw err;
    }
  });

  app.post('/user/logout', { schema: { tags, response: { 200: messageOnly } } }, async (req, reply) => {
    await sessions.end(refreshCookie.read(req));
    refreshCookie.clear(reply);
    return { message: message('signedOut', requestLocale(req)) };
  });

  app.post('/user/register/verify', { schema: { tags, body: verifyEmailInput, response: { 200: messageOnly, ...errors } } }, async (req) => {
    await auth.verifyEmail(req.body.token, contextOf(req));
    return { message: message('emailVerified', requestLocale(req)) };
  });

  app.post('/user/register/request-verification', { schema: { tags, body: requestVerificationInput, response: { 200: messageOnly, ...errors } } }, async (req) => {
    await auth.requestVerification(req.body.email, contextOf(req));
    return { message: message('verificationSent', requestLocale(req)) };
  });

  app.post('/user/request-password-reset', { schema: { tags, body: requestPasswordResetInput, response: { 200: messageOnly, ...errors } } }, async (req) => {
    await auth.requestPasswordReset(req.body.email, contextOf(req));
    return { message: message('resetSent', requestLocale(req)) };
  });

  app.post('/user/password-reset', { schema: { tags, body: passwordResetInput, response: { 200: messageOnly, ...errors } } }, async (req) => {
    await auth.resetPassword(req.body, contextOf(req));
    return { message: message('passwordReset', requestLocale(req)) };
  });

};
