import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, money } from './columns.ts';
import { users } from './users.ts';

/**
 * Conversion tracking (issue 49, decision 0067). `analytics_consents` holds a row for an account while its device's
 * cookie choice allows analytics; withdrawing deletes it, with the browser name and coarse network kept for the
 * service (Plausible counts a visitor by them: the address truncated to its /24 or /48, never the full one). A
 * practice record never signs in, so it never has a row (`record.merging` drops any); an erased account's row goes.
 */
export const analyticsConsents = pgTable(
  'analytics_consents',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    grantedAt: timestamp({ withTimezone: true }).notNull(),
    userAgent: text().notNull(),
    network: text(),
  },
  (t) => [
    check(
      'analytics_consents_lengths',
      sql`char_length(${t.userAgent}) <= 512 AND (${t.network} IS NULL OR char_length(${t.network}) <= 64)`,
    ),
  ],
);

/**
 * One row per conversion (a credited top-up, a paid booking), made in the transaction that moved the money, so a
 * rolled-back payment has none and a transaction id has one at most (its key). It names no person: the job that
 * sends it checks the payer's consent at sending time and records `sent` or `dropped`.
 */
export const analyticsConversions = pgTable(
  'analytics_conversions',
  {
    transactionId: text().primaryKey(),
    kind: text({ enum: ['topup', 'booking'] }).notNull(),
    amount: money().notNull(),
    currencyCode: text().notNull(),
    status: text({ enum: ['queued', 'sent', 'dropped'] })
      .notNull()
      .default('queued'),
    /** How often the job has tried to send it (the last try drops it when the service still fails). */
    attempts: integer().notNull().default(0),
    note: text(),
    createdAt: createdAt(),
    settledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check(
      'analytics_conversions_values',
      sql`${t.amount} > 0 AND ${t.attempts} >= 0 AND ${t.currencyCode} ~ '^[A-Z]{3}$' AND ${t.kind} IN ('topup', 'booking') AND ${t.status} IN ('queued', 'sent', 'dropped') AND (${t.status} = 'queued') = (${t.settledAt} IS NULL)`,
    ),
  ],
);
