import { index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { bookings } from './bookings.ts';

/** A share of a booking by mail (POST /share-booking): kept to limit how many a user sends. */
export const bookingShares = pgTable(
  'booking_shares',
  {
    identifier: id(),
    bookingId: uuid()
      .notNull()
      .references(() => bookings.identifier, { onDelete: 'cascade' }),
    sharedBy: uuid().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('booking_shares_user_idx').on(t.sharedBy, t.createdAt)],
);

/**
 * The "your hold ends soon" reminder of an unpaid booking (issue 47), once per booking and hold end: the reminder job
 * inserts its row in the transaction that queues the mail, so a retried or doubled job sends nothing more.
 */
export const holdReminders = pgTable(
  'hold_reminders',
  {
    bookingId: uuid()
      .notNull()
      .references(() => bookings.identifier, { onDelete: 'cascade' }),
    holdExpiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.holdExpiresAt] })],
);
