import type { Notification, NotificationsQuery } from '@therapy/contracts/notifications';
import { NOTIFICATIONS_CHANGED } from '@therapy/contracts/notifications';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { requireAccessTo, type Actor } from '../../platform/auth/access.ts';
import type { BookingFactsSource } from '../../platform/booking-facts.ts';
import type { DomainEventMap } from '../../platform/events.ts';
import type { LiveSockets } from '../../platform/http/live-sockets.ts';
import { planNotifications } from './notification-plan.ts';
import {
  notificationsRepository as repo,
  type NewNotification,
  type NotificationRow,
} from './notifications.repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toNotification(row: NotificationRow): Notification {
  return {
    identifier: row.identifier,
    kind: row.kind,
    bookingIdentifier: row.bookingId,
    otherName: row.otherName,
    therapyName: row.therapyName,
    startTime: iso(row.startsAt),
    dueAt: iso(row.dueAt),
    by: row.by,
    createdAt: row.createdAt.toISOString(),
    readAt: iso(row.readAt),
  };
}

/** The socket message that tells a user's tabs to read their notifications again (the event carries no content). */
export const changedPush = { type: NOTIFICATIONS_CHANGED } as const;

/**
 * The notification centre (issue 47). Rows are made inside the transaction of the change they tell of (the booking's,
 * or the hold reminder's), so each change has its notifications exactly once; reading and marking them is the
 * recipient's alone (another user's notification is not found).
 */
export function createNotificationsService(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  ports: { facts: BookingFactsSource; live: LiveSockets },
) {
  const { db, clock } = deps;

  const own = (actor: Actor, row: NotificationRow | undefined) =>
    requireAccessTo(actor, 'update', row, (r) => ({ kind: 'owned', ownerId: r.recipientId }));

  return {
    /** In the booking's transaction: a row per recipient the change tells (notification-plan.ts). */
    async fromBookingChange(event: DomainEventMap['booking.changed'], tx: Executor): Promise<void> {
      const planned = planNotifications(event);
      if (planned.length === 0) return;
      const booking = await ports.facts(event.bookingId, tx);
      if (!booking) return;
      const rows: NewNotification[] = planned.map((p) => ({
        recipientId: p.recipient === 'client' ? booking.clientId : booking.providerId,
        kind: p.kind,
        bookingId: booking.identifier,
        by: p.by,
        otherId: p.recipient === 'client' ? booking.providerId : booking.clientId,
        otherName: p.recipient === 'client' ? booking.providerName : booking.clientName,
        therapyName: booking.therapyName,
        startsAt: booking.startsAt,
        dueAt: booking.status === 'pending' ? (booking.holdExpiresAt ?? null) : null,
        createdAt: clock.now(),
      }));
      await repo.insert(tx, rows);
    },

    /** In the hold reminder's transaction: the client's "pay by …", once per booking and hold end. */
    async fromHoldExpiring(event: DomainEventMap['booking.hold-expiring'], tx: Executor): Promise<void> {
      const booking = await ports.facts(event.bookingId, tx);
      await repo.insert(tx, [
        {
          recipientId: event.clientId,
          kind: 'hold-expiring',
          bookingId: event.bookingId,
          by: 'system',
          otherId: event.providerId,
          otherName: booking?.providerName ?? null,
          therapyName: booking?.therapyName ?? null,
          startsAt: new Date(event.startTime),
          dueAt: new Date(event.holdExpiresAt),
          dedupeKey: `hold-expiring:${event.bookingId}:${event.holdExpiresAt}`,
          createdAt: clock.now(),
        },
      ]);
    },

    async list(actor: Actor, query: NotificationsQuery & { page: number; pageSize: number }) {
      const { rows, total } = await repo.page(db, actor.userId, {
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
        unreadOnly: query.unread === 'true',
      });
      return {
        data: rows.map(toNotification),
        meta: {
          page: query.page,
          pageSize: query.pageSize,
          total,
          totalPages: Math.ceil(total / query.pageSize),
        },
      };
    },

    unreadCount: async (actor: Actor) => ({ unread: await repo.unread(db, actor.userId) }),

    async markRead(actor: Actor, id: string): Promise<Notification> {
      own(actor, await repo.find(db, id));
      const row = (await repo.markRead(db, id, clock.now()))!;
      ports.live.sendTo(actor.userId, changedPush);
      return toNotification(row);
    },

    async markAllRead(actor: Actor): Promise<number> {
      const marked = await repo.markAllRead(db, actor.userId, clock.now());
      if (marked > 0) ports.live.sendTo(actor.userId, changedPush);
      return marked;
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
