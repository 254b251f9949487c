import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  pgEnum,
  pgTable,
  pgView,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { referenceItems, states } from './reference.ts';
import { users } from './users.ts';

/** A month "YYYY-MM" from 1900-01 to 2099-12 (spec §5); the same pattern as the contract's MONTH_PATTERN. */
const monthCheck = (column: unknown) => sql`${column} ~ '^(19|20)[0-9]{2}-(0[1-9]|1[0-2])$'`;

/** A provider's work history (spec §3 "Work history"); limits as in docs/decisions/0023-practice-details.md. */
export const workHistory = pgTable(
  'work_history',
  {
    identifier: id(),
    providerId: uuid()
      .notNull()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    companyName: text().notNull(),
    jobTitle: text().notNull(),
    startDate: text().notNull(),
    endDate: text(),
    currentlyWorksHere: boolean().notNull(),
    description: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('work_history_provider_idx').on(t.providerId),
    check('work_history_company_name', sql`char_length(${t.companyName}) BETWEEN 1 AND 100`),
    check('work_history_job_title', sql`char_length(${t.jobTitle}) BETWEEN 1 AND 100`),
    check('work_history_description', sql`${t.description} IS NULL OR char_length(${t.description}) <= 1000`),
    check('work_history_start_date', monthCheck(t.startDate)),
    check('work_history_end_date', sql`${t.endDate} IS NULL OR ${monthCheck(t.endDate)}`),
    // Currently working there: no end month; otherwise an end month not before the start (months compare as text).
    check(
      'work_history_end',
      sql`CASE WHEN ${t.currentlyWorksHere} THEN ${t.endDate} IS NULL ELSE ${t.endDate} IS NOT NULL AND ${t.endDate} >= ${t.startDate} END`,
    ),
  ],
);

/**
 * A provider's booking fees (spec §3 "Provider booking fee"): one general fee (no therapy category) and at most one
 * per therapy category, in minor units, in the currency they were set in.
 */
export const providerBookingFees = pgTable(
  'provider_booking_fees',
  {
    identifier: id(),
    providerId: uuid()
      .notNull()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    /** Null: the general (default) fee. */
    therapyCategoryId: uuid().references(() => referenceItems.identifier, { onDelete: 'cascade' }),
    fee: bigint({ mode: 'number' }).notNull(),
    isFree: boolean().notNull(),
    currencyCode: text().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('provider_booking_fees_general_key')
      .on(t.providerId)
      .where(sql`${t.therapyCategoryId} IS NULL`),
    uniqueIndex('provider_booking_fees_therapy_key')
      .on(t.providerId, t.therapyCategoryId)
      .where(sql`${t.therapyCategoryId} IS NOT NULL`),
    check('provider_booking_fees_fee', sql`${t.fee} BETWEEN 0 AND 1000000000`),
    check('provider_booking_fees_free', sql`NOT ${t.isFree} OR ${t.fee} = 0`),
    check('provider_booking_fees_currency', sql`${t.currencyCode} ~ '^[A-Z]{3}$'`),
  ],
);

/**
 * Where an operator's review of a claimed state stands (issue 45): a state claimed before the practice's first
 * approval is approved with it; one added to a verified practice is `pending` (not listed) until an operator approves.
 */
export const licenseStateReviewEnum = pgEnum('license_state_review', ['pending', 'approved', 'rejected']);

/** The US states where a provider holds a licence (the directory filters on the listed ones, see below). */
export const providerLicenseStates = pgTable(
  'provider_license_states',
  {
    providerId: uuid()
      .notNull()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    stateId: uuid()
      .notNull()
      .references(() => states.identifier, { onDelete: 'restrict' }),
    review: licenseStateReviewEnum().notNull().default('pending'),
    reviewedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.providerId, t.stateId] }), index('provider_license_states_state_idx').on(t.stateId)],
);

/** What a booking of the provider is charged. */
export interface EffectiveFee {
  amount: number;
  currencyCode: string;
  isFree: boolean;
}

/**
 * The fee of a therapy where one is set, else the general fee, as JSON (null when neither is set): a subquery, so the
 * bookings' terms statement reads it in its own round trip (decision 0040), and `effectiveFee` below reads it alone.
 */
export function effectiveFee(providerId: SQLWrapper, therapyCategoryId: SQLWrapper): SQL<EffectiveFee | null> {
  return sql`(SELECT json_build_object('amount', ${providerBookingFees.fee}, 'currencyCode', ${providerBookingFees.currencyCode}, 'isFree', ${providerBookingFees.isFree})
    FROM ${providerBookingFees}
    WHERE ${providerBookingFees.providerId} = ${providerId} AND (${providerBookingFees.therapyCategoryId} = ${therapyCategoryId} OR ${providerBookingFees.therapyCategoryId} IS NULL)
    ORDER BY ${providerBookingFees.therapyCategoryId} IS NULL LIMIT 1)`;
}

/**
 * The states a provider is listed and bookable in (migration 0031, issue 45): claimed, approved by an operator, with
 * the practice approved, an approved licence issued for the state (a licence recorded before licences named a state
 * counts for the states approved with it), and approved insurance. Expired documents are `expired`, not `approved`.
 */
export const listedLicenseStates = pgView('listed_license_states', {
  providerId: uuid('provider_id').notNull(),
  stateId: uuid('state_id').notNull(),
}).existing();

/** Every claimed state with where its review stands (the operator's desk, the provider's pending list). */
export const licenseStateReviews = pgView('license_state_reviews', {
  providerId: uuid('provider_id').notNull(),
  stateId: uuid('state_id').notNull(),
  review: licenseStateReviewEnum('review').notNull(),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
}).existing();
