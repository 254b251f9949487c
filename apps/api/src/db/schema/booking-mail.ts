import { index, pgTable, uuid } from 'drizzle-orm/pg-core';
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
