import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { bookings } from './bookings.ts';
import { createdAt, id } from './columns.ts';
import { users } from './users.ts';

/**
 * The video room's signals (issue 19): offers, answers, ICE candidates and hello/bye between a booking's two parties,
 * relayed through whichever instance holds the recipient's socket. A row lives a few minutes at most; nothing of the
 * session itself (media flows peer to peer and is never recorded).
 */
export const roomSignals = pgTable(
  'room_signals',
  {
    identifier: id(),
    bookingId: uuid()
      .notNull()
      .references(() => bookings.identifier, { onDelete: 'cascade' }),
    fromUserId: uuid()
      .notNull()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    toUserId: uuid()
      .notNull()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    payload: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('room_signals_created_idx').on(t.createdAt)],
);
