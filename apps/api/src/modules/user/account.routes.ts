import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changeEmailInput, deleteAccountInput, deleteAccountPreview, updatePasswordInput, userInfo, validateEmailChangeInput } from '@therapy/contracts/auth';
import { envelope, errorBody, messageOnly } from '@therapy/contracts/common';
import { message } from '@therapy/contracts/messages';
import { timezoneInput, timezoneResponse, userPreferencesInput } from '@therapy/contracts/user';
import type { AppDeps } from '../../deps.ts';
import { requestLocale } from '../../platform/locale.ts';
import { createAccountService, type AccountWallet } from './account.service.ts';
import { contextOf, refreshCookie, signedIn } from './request-context.ts';

const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };

/** The signed-in user's own account (spec §7 "Auth and user"). */
export const accountRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; wallet: AccountWallet }> = async (app, { deps, wallet }) => {
  const accounts = createAccountService(deps, wallet);
  const tags = ['user'];
  const security = [{ bearer: [] }];
  // onRequest: a request without a valid token is refused before its body is parsed or validated.
  app.addHook('onRequest', app.requireAuth);

  app.get('/user/info', { schema: { tags, security, response: { 200: envelope(userInfo), ...errors } } }, async (req) => ({
    data: await accounts.info(signedIn(req)),
  }));

  app.post('/user/profile/update-password', { schema: { tags, security, body: updatePasswordInput, response: { 200: messageOnly, ...errors } } }, async (req) => {
    await accounts.updatePassword(signedIn(req), req.body);
    return { message: message('passwordUpdated', requestLocale(req)) };
  });

  app.post('/user/profile/change-email', { schema: { tags, security, body: changeEmailInput, response: { 200: messageOnly, ...errors } } }, async (req) => {
    await accounts.requestEmailChange(signedIn(req), req.body.email, contextOf(req));
    return { message: message('otpSent', requestLocale(req)) };
  });

  app.post('/user/profile/validate-email-change', { schema: { tags, security, body: validateEmailChangeInput, response: { 200: envelope(userInfo), ...errors } } }, async (req) => ({
    data: await accounts.confirmEmailChange(signedIn(req), req.body.code, contextOf(req)),
    message: message('emailChanged', requestLocale(req)),
  }));

  app.get('/user/profile/delete-account', { schema: { tags, security, response: { 200: envelope(deleteAccountPreview), ...errors } } }, async (req) => ({
    data: await accounts.deletePreview(signedIn(req)),
  }));

  app.delete('/user/profile/delete-account', { schema: { tags, security, body: deleteAccountInput.nullish(), response: { 200: messageOnly, ...errors } } }, async (req, reply) => {
    await accounts.deleteAccount(signedIn(req), req.body?.password, req.log);
    refreshCookie.clear(reply);
    return { message: message('accountDeleted', requestLocale(req)) };
  });

  app.put('/user/preferences', { schema: { tags, security, body: userPreferencesInput, response: { 200: envelope(userInfo), ...errors } } }, async (req) => ({
    data: await accounts.updatePreferences(signedIn(req), req.body),
    message: message('dataSaved', requestLocale(req)),
  }));

  app.get('/user/timezone', { schema: { tags, security, response: { 200: envelope(timezoneResponse), ...errors } } }, async (req) => ({
    data: { timezone: await accounts.timezone(signedIn(req)) },
  }));

  app.post('/user/timezone', { schema: { tags, security, body: timezoneInput, response: { 200: envelope(timezoneResponse), ...errors } } }, async (req) => ({
    data: { timezone: await accounts.setTimezone(signedIn(req), req.body.timezone) },
    message: message('dataSaved', requestLocale(req)),
  }));
};
