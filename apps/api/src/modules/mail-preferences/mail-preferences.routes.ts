import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  getMailPreferences,
  openUnsubscribeLink,
  unsubscribeOneClick,
  updateMailPreferences,
} from '@therapy/contracts/endpoints/mail-preferences';
import type { NotificationMailKind } from '@therapy/contracts/mail-preferences';
import { message, type MessageKey } from '@therapy/contracts/messages';
import { actorOf } from '../../platform/auth/plugin.ts';
import { route } from '../../platform/http/route.ts';
import { requestLocale } from '../../platform/locale.ts';
import type { MailPreferencesService } from './mail-preferences.service.ts';

const FORM = 'application/x-www-form-urlencoded';

const unsubscribed: Record<NotificationMailKind, MessageKey> = {
  reminders: 'unsubscribedReminders',
  messages: 'unsubscribedMessages',
  bookingUpdates: 'unsubscribedBookingUpdates',
  marketing: 'unsubscribedMarketing',
};

/** Mail preferences per kind and RFC 8058's one-click unsubscribe (decision 0064). */
export const mailPreferencesRoutes: FastifyPluginAsyncZod<{
  preferences: MailPreferencesService;
  appOrigin: string;
}> = async (app, { preferences, appOrigin }) => {
  // A mail client's one-click POST is a form (`List-Unsubscribe=One-Click`): read here, in this plugin's scope only,
  // where the rest of the API keeps refusing forms.
  if (app.hasContentTypeParser(FORM)) app.removeContentTypeParser(FORM);
  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  route(app, getMailPreferences, async (req) => ({ data: await preferences.get(actorOf(req)) }));

  route(app, updateMailPreferences, async (req) => ({
    data: await preferences.update(actorOf(req), req.body),
    message: message('mailPreferencesSaved', requestLocale(req)),
  }));

  route(app, unsubscribeOneClick, async (req) => {
    const kind = await preferences.unsubscribe(req.params.token);
    return { message: message(unsubscribed[kind], requestLocale(req)) };
  });

  // Opened in a browser (a mail client without one-click): the page that asks before anything changes.
  route(app, openUnsubscribeLink, async (req, reply) =>
    reply.redirect(`${appOrigin}/mail-preferences?token=${encodeURIComponent(req.params.token)}`, 303),
  );
};
