import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bookings } from './bookings.ts';
import { createdAt, id } from './columns.ts';
import { users } from './users.ts';

export const measureKindEnum = pgEnum('measure_kind', ['PHQ9', 'GAD7']);

/**
 * A provider's standing request that a client fills in a questionnaire before every session (issue 20): each booking
 * between them made while the series runs gets its own measure. At most one running series per provider, client
 * and kind (a partial unique index).
 */
export const measureSeries = pgTable(
  'measure_series',
  {
    identifier: id(),
    providerId: uuid()
      .notNull()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    clientId: uuid()
      .notNull()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    kind: measureKindEnum().notNull(),
    createdAt: createdAt(),
    stoppedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('measure_series_running_key')
      .on(t.providerId, t.clientId, t.kind)
      .where(sql`${t.stoppedAt} IS NULL`),
    index('measure_series_client_idx').on(t.clientId),
  ],
);

/**
 * One questionnaire sent to a client (issue 20; decision 0034): health data, sealed like notes. The answers with
 * their score, severity and the PHQ-9 item-9 flag are one AES-256-GCM sealed document bound to the measure's id; the
 * database holds no answer and no score. `key_id` names the key the result was sealed with. A measure of a series
 * names the booking it comes before (one per series and booking). `reviewed_at`: when the provider saw the result.
 */
export const measures = pgTable(
  'measures',
  {
    identifier: id(),
    providerId: uuid()
      .notNull()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    clientId: uuid()
      .notNull()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    kind: measureKindEnum().notNull(),
    seriesId: uuid().references(() => measureSeries.identifier, { onDelete: 'set null' }),
    bookingId: uuid().references(() => bookings.identifier, { onDelete: 'set null' }),
    keyId: smallint(),
    resultSealed: text(),
    answeredAt: timestamp({ withTimezone: true }),
    reviewedAt: timestamp({ withTimezone: true }),
    /**
     * Issue 47 (decision 0056): set when a PHQ-9 answer with item 9 above zero is stored, so the provider's overview
     * finds unseen risks without opening every sealed result. Says only "look at this one", never the answer.
     */
    needsRiskReview: boolean().notNull().default(false),
    riskSeenAt: timestamp({ withTimezone: true }),
    riskSeenBy: uuid().references(() => users.identifier, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('measures_provider_client_idx').on(t.providerId, t.clientId, t.createdAt),
    index('measures_client_idx').on(t.clientId, t.createdAt),
    uniqueIndex('measures_series_booking_key').on(t.seriesId, t.bookingId),
    check(
      'measures_answer_complete',
      sql`(${t.answeredAt} IS NULL) = (${t.resultSealed} IS NULL) AND (${t.answeredAt} IS NULL) = (${t.keyId} IS NULL)`,
    ),
    check('measures_key_id', sql`${t.keyId} IS NULL OR ${t.keyId} BETWEEN 1 AND 255`),
    index('measures_risk_review_idx')
      .on(t.providerId)
      .where(sql`${t.needsRiskReview} AND ${t.riskSeenAt} IS NULL`),
    check('measures_reviewed_after_answer', sql`${t.reviewedAt} IS NULL OR ${t.answeredAt} IS NOT NULL`),
  ],
);

/**
 * A one-time link to a questionnaire for a client without an account (decision 0053): mailed to the address the
 * provider entered, answered without signing in, once, before it expires. Only the token's SHA-256 hash is kept.
 */
export const measureLinks = pgTable(
  'measure_links',
  {
    identifier: id(),
    measureId: uuid()
      .notNull()
      .references(() => measures.identifier, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('measure_links_measure_idx').on(t.measureId)],
);
