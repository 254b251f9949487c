import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import type { BookingFactsSource } from '../../platform/booking-facts.ts';
import type { LiveSockets } from '../../platform/http/live-sockets.ts';
import { onAccountErasure } from '../../platform/account-erasure.ts';
import { planNotifications } from './notification-plan.ts';
import { eraseNotifications } from './notifications.repository.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { changedPush, createNotificationsService } from './notifications.service.ts';

/**
 * The notification centre (issue 47): every booking change the other side must act on or know becomes a row for
 * them in the change's transaction, and their open tabs hear of it live on every instance (the socket message says
 * only "read again"; the bell fetches the count). `facts` is the bookings module's BookingFacts port (app.ts).
 */
export function createNotificationsModule(
  deps: Pick<AppDeps, 'db' | 'clock' | 'events'>,
  ports: { facts: BookingFactsSource; live: LiveSockets },
) {
  onAccountErasure(deps.events, eraseNotifications);
  const notifications = createNotificationsService(deps, ports);
  deps.events.subscribeInTransaction('booking.changed', notifications.fromBookingChange);
  deps.events.subscribeInTransaction('booking.hold-expiring', notifications.fromHoldExpiring);
  deps.events.subscribe(
    'booking.changed',
    (event) => {
      for (const p of planNotifications(event))
        ports.live.sendTo(p.recipient === 'client' ? event.clientId : event.providerId, changedPush);
    },
    { everyInstance: true },
  );
  deps.events.subscribe('booking.hold-expiring', (event) => void ports.live.sendTo(event.clientId, changedPush), {
    everyInstance: true,
  });
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(notificationsRoutes, { notifications });
  };
  return { name: 'notifications' as const, plugin };
}
export type NotificationsModule = ReturnType<typeof createNotificationsModule>;
