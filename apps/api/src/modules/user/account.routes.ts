import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changeEmail,
  deleteAccount,
  getDeleteAccountPreview,
  getUserInfo,
  getUserTimezone,
  setUserTimezone,
  updatePassword,
  updateUserPreferences,
  validateEmailChange,
} from '@therapy/contracts/endpoints/account';
import { message } from '@therapy/contracts/messages';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../platform/http/route.ts';
import { requestLocale } from '../../platform/locale.ts';
import { createAccountService, type AccountWallet, type UpcomingSessionsSource } from './account.service.ts';
import { contextOf, refreshCookie, signedIn } from './request-context.ts';

/** The signed-in user's own account (spec §7 "Auth and user"). */
export const accountRoutes: FastifyPluginAsyncZod<{
  deps: AppDeps;
  wallet: AccountWallet;
  upcomingSessions: UpcomingSessionsSource;
}> = async (app, { deps, wallet, upcomingSessions }) => {
  const accounts = createAccountService(deps, wallet, upcomingSessions);

  route(app, getUserInfo, async (req) => ({
    data: await accounts.info(signedIn(req)),
  }));

  route(app, updatePassword, async (req) => {
    await accounts.updatePassword(signedIn(req), req.body);
    return { message: message('passwordUpdated', requestLocale(req)) };
  });

  route(app, changeEmail, async (req) => {
    await accounts.requestEmailChange(signedIn(req), req.body.email, contextOf(req));
    return { message: message('otpSent', requestLocale(req)) };
  });

  route(app, validateEmailChange, async (req) => ({
    data: await accounts.confirmEmailChange(signedIn(req), req.body.code, contextOf(req)),
    message: message('emailChanged', requestLocale(req)),
  }));

  route(app, getDeleteAccountPreview, async (req) => ({
    data: await accounts.deletePreview(signedIn(req)),
  }));

  route(app, deleteAccount, async (req, reply) => {
    await accounts.deleteAccount(signedIn(req), req.body?.password, req.log);
    refreshCookie.clear(reply);
    return { message: message('accountDeleted', requestLocale(req)) };
  });

  route(app, updateUserPreferences, async (req) => ({
    data: await accounts.updatePreferences(signedIn(req), req.body),
    message: message('dataSaved', requestLocale(req)),
  }));

  route(app, getUserTimezone, async (req) => ({
    data: { timezone: await accounts.timezone(signedIn(req)) },
  }));

  route(app, setUserTimezone, async (req) => ({
    data: { timezone: await accounts.setTimezone(signedIn(req), req.body.timezone) },
    message: message('dataSaved', requestLocale(req)),
  }));
};
