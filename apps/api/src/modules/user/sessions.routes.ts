import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  endOtherUserSessions,
  endUserSession,
  listUserSessions,
  recordUserActivity,
} from '@therapy/contracts/endpoints/account';
import { message } from '@therapy/contracts/messages';
import type { AppDeps } from '../../deps.ts';
import { route } from '../../platform/http/route.ts';
import { requestLocale } from '../../platform/locale.ts';
import { refreshCookie, signedIn } from './request-context.ts';
import { createSessionService } from './session.service.ts';

/** Where the user is signed in, signing out a device, and the activity that keeps a session from idle sign-out (decision 0036). */
export const sessionRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const sessions = createSessionService(deps);

  route(app, listUserSessions, async (req) => {
    const me = signedIn(req);
    return { data: await sessions.list(me.user, me.sessionId, requestLocale(req)) };
  });

  route(app, endUserSession, async (req, reply) => {
    const me = signedIn(req);
    await sessions.endOwn(me.actor, req.params.id);
    // Ending this very session is signing out: its refresh cookie is of no use any more.
    if (req.params.id === me.sessionId) refreshCookie.clear(reply);
    return { message: message('deviceSignedOut', requestLocale(req)) };
  });

  route(app, endOtherUserSessions, async (req) => {
    const me = signedIn(req);
    await sessions.endOthers(me.user.identifier, me.sessionId);
    return { message: message('otherDevicesSignedOut', requestLocale(req)) };
  });

  route(app, recordUserActivity, async (req) => ({
    data: { lastActiveAt: (await sessions.recordActivity(signedIn(req).sessionId)).toISOString() },
  }));
};
