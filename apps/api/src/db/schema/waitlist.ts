import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { check, date, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bookings } from './bookings.ts';
import { createdAt, id } from './columns.ts';
import { referenceItems } from './reference.ts';
import { users } from './users.ts';

/**
 * The waitlist (issue 19): a client's place in a provider's line for a range of dates and minutes of the day (in the
 * client's zone), and the slots offered from it. At most one open offer per provider and start time (a partial
 * unique index): two instances can never offer one slot twice. One open place per client and provider.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    identifier: id(),
    clientId: uuid()
      .notNull()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    providerId: uuid()
      .notNull()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    therapyCategoryId: uuid()
      .notNull()
      .references(() => referenceItems.identifier),
    modalityId: uuid()
      .notNull()
      .references(() => referenceItems.identifier),
    fromDate: date({ mode: 'string' }).notNull(),
    toDate: date({ mode: 'string' }).notNull(),
    fromMinute: smallint().notNull(),
    toMinute: smallint().notNull(),
    timezone: text().notNull(),
    status: text({ enum: ['waiting', 'offered', 'booked', 'left'] })
      .notNull()
      .default('waiting'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('waitlist_entries_one_open')
      .on(t.clientId, t.providerId)
      .where(sql`status IN ('waiting', 'offered')`),
    index('waitlist_entries_line')
      .on(t.providerId, t.createdAt)
      .where(sql`status = 'waiting'`),
    check(
      'waitlist_entries_range',
      sql`${t.fromDate} <= ${t.toDate} AND ${t.fromMinute} >= 0 AND ${t.toMinute} <= 1440 AND ${t.fromMinute} < ${t.toMinute}`,
    ),
  ],
);

export const waitlistOffers = pgTable(
  'waitlist_offers',
  {
    identifier: id(),
    entryId: uuid()
      .notNull()
      .references(() => waitlistEntries.identifier, { onDelete: 'cascade' }),
    providerId: uuid()
      .notNull()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    status: text({ enum: ['open', 'accepted', 'expired'] })
      .notNull()
      .default('open'),
    bookingId: uuid().references(() => bookings.identifier, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('waitlist_offers_one_per_slot')
      .on(t.providerId, t.startsAt)
      .where(sql`status = 'open'`),
    uniqueIndex('waitlist_offers_once_per_entry_slot').on(t.entryId, t.startsAt),
    index('waitlist_offers_due')
      .on(t.expiresAt)
      .where(sql`status = 'open'`),
  ],
);

/**
 * What is busy of a provider's time in [from, to) at `now`, as a subquery with columns `s` and `e`: bookings that hold
 * their time (requested, confirmed, and pending whose hold has not run out) and (issue 19) slots held for a waiting
 * client until the offer is taken or runs out. The bookings module's read model: the slot engine (availability)
 * reads it in its plan's statement (decisions 0040, 0047), on every booking's slot check.
 */
export function busyTimes(providerId: SQLWrapper, from: SQLWrapper, to: SQLWrapper, now: SQLWrapper): SQL {
  const range = sql`tstzrange(${from}::timestamptz, ${to}::timestamptz, '[)')`;
  // The exclusion constraint's own predicate, written out, lets PostgreSQL find the rows by its index (provider and
  // time) rather than read all of the provider's bookings ever made (bookings.plans.test).
  return sql`SELECT ${bookings.startsAt} AS s, ${bookings.endsAt} AS e FROM ${bookings}
     WHERE ${bookings.providerId} = ${providerId}::uuid
       AND ${bookings.status} IN ('requested', 'pending', 'confirmed') AND ${bookings.startsAt} IS NOT NULL
       AND ${bookings.during} && ${range}
       AND (${bookings.status} <> 'pending' OR ${bookings.holdExpiresAt} IS NULL OR ${bookings.holdExpiresAt} > ${now}::timestamptz)
    UNION ALL
    SELECT ${waitlistOffers.startsAt}, ${waitlistOffers.endsAt} FROM ${waitlistOffers}
     WHERE ${waitlistOffers.providerId} = ${providerId}::uuid AND ${waitlistOffers.status} = 'open' AND ${waitlistOffers.expiresAt} > ${now}::timestamptz
       AND tstzrange(${waitlistOffers.startsAt}, ${waitlistOffers.endsAt}, '[)') && ${range}`;
}
