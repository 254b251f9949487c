import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bookingParticipants, bookings } from './bookings.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { users } from './users.ts';

/**
 * A client's review of a completed session (issue 16; DESIGN.md §6 "Reviews"): one per participant booking, edited at
 * most once. The rating is kept in half stars (1-10), an exact integer, so averages never drift.
 */
export const reviews = pgTable(
  'reviews',
  {
    identifier: id(),
    participantId: uuid()
      .notNull()
      .references(() => bookingParticipants.identifier, { onDelete: 'cascade' }),
    bookingId: uuid()
      .notNull()
      .references(() => bookings.identifier, { onDelete: 'cascade' }),
    clientId: uuid()
      .notNull()
      .references(() => users.identifier, { onDelete: 'restrict' }),
    providerId: uuid()
      .notNull()
      .references(() => users.identifier, { onDelete: 'restrict' }),
    halfStars: smallint().notNull(),
    comment: text(),
    isAnonymous: boolean().notNull().default(false),
    edits: smallint().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reviews_participant_key').on(t.participantId),
    index('reviews_provider_created_idx').on(t.providerId, t.createdAt),
    check('reviews_half_stars', sql`${t.halfStars} BETWEEN 1 AND 10`),
    check('reviews_comment_length', sql`${t.comment} IS NULL OR char_length(${t.comment}) BETWEEN 5 AND 2500`),
    check('reviews_edits', sql`${t.edits} BETWEEN 0 AND 1`),
  ],
);

/**
 * A provider's review totals, kept in the transaction that writes a review (the directory sorts and shows them
 * without aggregating): the sum of half stars and the count, so the average is exact.
 */
export const providerReviewStats = pgTable(
  'provider_review_stats',
  {
    providerId: uuid()
      .primaryKey()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    halfStarsSum: integer().notNull().default(0),
    reviewCount: integer().notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [check('provider_review_stats_nonnegative', sql`${t.halfStarsSum} >= 0 AND ${t.reviewCount} >= 0`)],
);
