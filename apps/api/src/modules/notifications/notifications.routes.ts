import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  countUnreadNotifications,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from '@therapy/contracts/endpoints/notifications';
import { message } from '@therapy/contracts/messages';
import { actorOf } from '../../platform/auth/plugin.ts';
import { route } from '../../platform/http/route.ts';
import { requestLocale } from '../../platform/locale.ts';
import type { NotificationsService } from './notifications.service.ts';

/** The notification centre (issue 47): the signed-in user's own notifications only. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (
  app,
  { notifications },
) => {
  route(app, listNotifications, async (req) => notifications.list(actorOf(req), req.query));
  route(app, countUnreadNotifications, async (req) => ({ data: await notifications.unreadCount(actorOf(req)) }));
  route(app, markNotificationRead, async (req) => ({
    data: await notifications.markRead(actorOf(req), req.params.id),
  }));
  route(app, markAllNotificationsRead, async (req) => {
    await notifications.markAllRead(actorOf(req));
    return { message: message('notificationsMarkedRead', requestLocale(req)) };
  });
};
