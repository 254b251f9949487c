import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { notificationKinds } from '@therapy/contracts/notifications';
import { createdAt, id } from './columns.ts';
import { bookings } from './bookings.ts';
import { users } from './users.ts';

/**
 * The notification centre (issue 47): one row per recipient and booking change they must act on or know, made in the
 * change's own transaction (so a committed change has its notifications exactly once and a rolled-back one none), or
 * by the hold reminder job under its `dedupe_key` (a retried job adds nothing). The row keeps the facts it shows (the
 * other party's name, the therapy, the times) as they were; never free text (a decline's reason stays sealed on the
 * booking and is read there).
 */
export const notifications = pgTable(
  'notifications',
  {
    identifier: id(),
    recipientId: uuid()
      .notNull()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    kind: text({ enum: notificationKinds }).notNull(),
    bookingId: uuid().references(() => bookings.identifier, { onDelete: 'cascade' }),
    by: text({ enum: ['client', 'provider', 'system'] }).notNull(),
    /** The other party (the name's person): an erased account's name leaves every notification it appears in. */
    otherId: uuid(),
    otherName: text(),
    therapyName: text(),
    startsAt: timestamp({ withTimezone: true }),
    dueAt: timestamp({ withTimezone: true }),
    /** Set where the same notification could be made twice (a retried job): one per recipient and key. */
    dedupeKey: text(),
    createdAt: createdAt(),
    readAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('notifications_recipient_idx').on(t.recipientId, t.createdAt),
    index('notifications_unread_idx')
      .on(t.recipientId)
      .where(sql`${t.readAt} IS NULL`),
    uniqueIndex('notifications_dedupe_key')
      .on(t.recipientId, t.dedupeKey)
      .where(sql`${t.dedupeKey} IS NOT NULL`),
    check('notifications_kind', sql`${t.kind} IN (${sql.raw(notificationKinds.map((k) => `'${k}'`).join(', '))})`),
  ],
);
