import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  pgView,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bookingRoles, bookingStatuses, rescheduleStatuses } from '@therapy/contracts/bookings';
import { BOOKING_NOTE_MAX, CANCEL_NOTE_MAX, DECLINE_REASON_MAX } from '@therapy/contracts/constants';
import { createdAt, id, sealedLength, updatedAt } from './columns.ts';
import { referenceItems } from './reference.ts';
import { users } from './users.ts';

export const bookingStatusEnum = pgEnum('booking_status', bookingStatuses);

export const bookingRoleEnum = pgEnum('booking_role', bookingRoles);

export const bookingActorEnum = pgEnum('booking_actor', ['client', 'provider', 'system']);

export const bookingPaymentMethodEnum = pgEnum('booking_payment_method', ['platform', 'outside']);

export const rescheduleStatusEnum = pgEnum('reschedule_status', rescheduleStatuses);

export const participantStatusEnum = pgEnum('participant_status', [
  'invited',
  'acknowledged',
  'rejected',
  'attended',
  'no_show',
]);

/** PostgreSQL's range of instants; drizzle has no type for it. Read as text, never written (it is generated). */
const tstzrange = customType<{ data: string }>({ dataType: () => 'tstzrange' });

/**
 * A booking (spec §3 "Booking"; DESIGN.md §6 "Bookings"; issue 15). One client, one provider, one therapy and
 * modality, one interval (none yet for a provider's appointment the client schedules later). Money is in the
 * provider's fee currency at the time of booking.
 *
 * Two active bookings (requested, pending, confirmed) of one provider never overlap: the exclusion constraint
 * `bookings_no_overlap` (btree_gist over provider and `during`) is added in the migration, as drizzle cannot say it.
 * A constraint cannot see now(): whoever books first expires the stale holds that overlap its interval, in the same
 * transaction.
 *
 * The client's note to the therapist and a cancellation note are health text: sealed with AES-256-GCM
 * (platform/field-encryption.ts), bound to the booking (`booking:<id>:note`, `booking:<id>:cancel-note`), like notes
 * and messages (issue 45). `clearNote` and `clearCancelNote` are the columns they were kept in before (`note`,
 * `cancel_note`): nothing writes them; the start-up backfill seals what they hold and empties them
 * (modules/bookings/clear-text.ts), and a later migration drops them (decision 0050).
 */
export const bookings = pgTable(
  'bookings',
  {
    identifier: id(),
    clientId: uuid()
      .notNull()
      .references(() => users.identifier, { onDelete: 'restrict' }),
    providerId: uuid()
      .notNull()
      .references(() => users.identifier, { onDelete: 'restrict' }),
    therapyCategoryId: uuid()
      .notNull()
      .references(() => referenceItems.identifier, { onDelete: 'restrict' }),
    modalityId: uuid()
      .notNull()
      .references(() => referenceItems.identifier, { onDelete: 'restrict' }),
    status: bookingStatusEnum().notNull(),
    previousStatus: bookingStatusEnum(),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    /** [startsAt, endsAt): what the exclusion constraint compares. */
    during: tstzrange().generatedAlwaysAs(sql`tstzrange(starts_at, ends_at, '[)')`),
    /** Legacy clear text, emptied by the backfill; never written. */
    clearNote: text('note'),
    noteSealed: text(),
    meetingLink: text(),
    address: text(),
    priceAmount: bigint({ mode: 'number' }).notNull(),
    currencyCode: text().notNull(),
    /** A `pending` booking's hold; null otherwise. */
    holdExpiresAt: timestamp({ withTimezone: true }),
    seriesId: uuid(),
    createdBy: bookingRoleEnum().notNull(),
    clientReschedulesLeft: integer().notNull(),
    providerReschedulesLeft: integer().notNull(),
    allowRescheduleCompleted: boolean().notNull().default(false),
    paidAt: timestamp({ withTimezone: true }),
    /**
     * 'outside': the provider recorded that the client pays them outside the platform (decision 0053): the booking is
     * confirmed with no money on the platform (its price is 0, so no escrow, earning, refund or payout moves).
     */
    paymentMethod: bookingPaymentMethodEnum().notNull().default('platform'),
    completedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
    cancelledBy: bookingRoleEnum(),
    /** Legacy clear text, emptied by the backfill; never written. */
    clearCancelNote: text('cancel_note'),
    cancelNoteSealed: text(),
    refundAmount: bigint({ mode: 'number' }),
    /** A declined request's reason (issue 47), sealed like a cancel note (`booking:<id>:decline-reason`). */
    declineReasonSealed: text(),
    /** The free times the provider suggested when declining: `{ timeslotIdentifier, startTime, endTime }[]`. */
    suggestedTimes: jsonb().$type<Array<{ timeslotIdentifier: string; startTime: string; endTime: string }>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bookings_client_idx').on(t.clientId, t.status, t.startsAt),
    index('bookings_provider_idx').on(t.providerId, t.status, t.startsAt),
    index('bookings_series_idx')
      .on(t.seriesId)
      .where(sql`${t.seriesId} IS NOT NULL`),
    index('bookings_hold_idx')
      .on(t.holdExpiresAt)
      .where(sql`${t.status} = 'pending'`),
    // A client's unpaid bookings (the limit of DESIGN.md §6), counted by every booking: exactly the count's own shape,
    // so the planner takes it even before the table has statistics (it took the hold index and read every hold).
    index('bookings_unpaid_idx')
      .on(t.clientId)
      .where(sql`${t.status} = 'pending' AND ${t.createdBy} = 'client'`),
    index('bookings_to_complete_idx')
      .on(t.endsAt)
      .where(sql`${t.status} = 'confirmed'`),
    check(
      'bookings_interval',
      sql`(${t.startsAt} IS NULL) = (${t.endsAt} IS NULL) AND (${t.startsAt} IS NULL OR ${t.startsAt} < ${t.endsAt})`,
    ),
    check('bookings_parties', sql`${t.clientId} <> ${t.providerId}`),
    check('bookings_price', sql`${t.priceAmount} >= 0`),
    check('bookings_outside_no_money', sql`${t.paymentMethod} <> 'outside' OR ${t.priceAmount} = 0`),
    // The spec's 400 characters are checked on the plaintext (the contract); here, what sealing 400 characters gives.
    check(
      'bookings_note_sealed',
      sql`${t.noteSealed} IS NULL OR char_length(${t.noteSealed}) <= ${sql.raw(String(sealedLength(BOOKING_NOTE_MAX)))}`,
    ),
    check(
      'bookings_cancel_note_sealed',
      sql`${t.cancelNoteSealed} IS NULL OR char_length(${t.cancelNoteSealed}) <= ${sql.raw(String(sealedLength(CANCEL_NOTE_MAX)))}`,
    ),
    check(
      'bookings_decline_reason_sealed',
      sql`${t.declineReasonSealed} IS NULL OR char_length(${t.declineReasonSealed}) <= ${sql.raw(String(sealedLength(DECLINE_REASON_MAX)))}`,
    ),
    check('bookings_reschedules_left', sql`${t.clientReschedulesLeft} >= 0 AND ${t.providerReschedulesLeft} >= 0`),
    check('bookings_hold', sql`${t.status} <> 'pending' OR ${t.startsAt} IS NULL OR ${t.holdExpiresAt} IS NOT NULL`),
    check('bookings_active_has_time', sql`${t.status} NOT IN ('confirmed', 'completed') OR ${t.startsAt} IS NOT NULL`),
    check('bookings_cancelled', sql`(${t.status} = 'cancelled') = (${t.cancelledAt} IS NOT NULL)`),
  ],
);

/**
 * Every status a booking has had, in order (the detail page's history); appended, never changed. A line's note (the
 * booking's note on its first line, a cancellation's note) is sealed bound to the line (`booking-history:<id>:note`).
 */
export const bookingStatusHistory = pgTable(
  'booking_status_history',
  {
    identifier: id(),
    bookingId: uuid()
      .notNull()
      .references(() => bookings.identifier, { onDelete: 'cascade' }),
    status: bookingStatusEnum().notNull(),
    previousStatus: bookingStatusEnum(),
    actor: bookingActorEnum().notNull(),
    actorId: uuid(),
    /** Legacy clear text, emptied by the backfill; never written. */
    clearNote: text('note'),
    noteSealed: text(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('booking_status_history_booking_idx').on(t.bookingId, t.at),
    check(
      'booking_status_history_note_sealed',
      sql`${t.noteSealed} IS NULL OR char_length(${t.noteSealed}) <= ${sql.raw(String(sealedLength(Math.max(BOOKING_NOTE_MAX, CANCEL_NOTE_MAX))))}`,
    ),
  ],
);

/**
 * A reschedule of a booking: `applied` at once, or `pending` (inside 48 h of a confirmed session) until the other
 * party accepts or rejects it, or its requester withdraws it (issue 48). At most one pending request per booking. Its
 * note is sealed bound to the request (`booking-reschedule:<id>:note`). `decidedBy` says who ended a request: the
 * other party (accepted, rejected), the requester (withdrawn), or `system` when the booking was cancelled or completed
 * before an answer (decision 0060).
 */
export const bookingReschedules = pgTable(
  'booking_reschedules',
  {
    identifier: id(),
    bookingId: uuid()
      .notNull()
      .references(() => bookings.identifier, { onDelete: 'cascade' }),
    requestedBy: bookingRoleEnum().notNull(),
    requestedById: uuid().notNull(),
    status: rescheduleStatusEnum().notNull(),
    fromStartsAt: timestamp({ withTimezone: true }),
    fromEndsAt: timestamp({ withTimezone: true }),
    toStartsAt: timestamp({ withTimezone: true }).notNull(),
    toEndsAt: timestamp({ withTimezone: true }).notNull(),
    /** Legacy clear text, emptied by the backfill; never written. */
    clearNote: text('note'),
    noteSealed: text(),
    createdAt: createdAt(),
    decidedAt: timestamp({ withTimezone: true }),
    decidedBy: bookingActorEnum(),
  },
  (t) => [
    index('booking_reschedules_booking_idx').on(t.bookingId, t.createdAt),
    uniqueIndex('booking_reschedules_one_pending')
      .on(t.bookingId)
      .where(sql`${t.status} = 'pending'`),
    check(
      'booking_reschedules_note_sealed',
      sql`${t.noteSealed} IS NULL OR char_length(${t.noteSealed}) <= ${sql.raw(String(sealedLength(BOOKING_NOTE_MAX)))}`,
    ),
    check('booking_reschedules_interval', sql`${t.toStartsAt} < ${t.toEndsAt}`),
  ],
);

/** Spec §3 "Participant booking": one client's place in a booking (one per booking today; groups later). */
export const bookingParticipants = pgTable(
  'booking_participants',
  {
    identifier: id(),
    bookingId: uuid()
      .notNull()
      .references(() => bookings.identifier, { onDelete: 'cascade' }),
    clientId: uuid()
      .notNull()
      .references(() => users.identifier, { onDelete: 'restrict' }),
    status: participantStatusEnum().notNull(),
    feedbackProvided: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('booking_participants_booking_client_key').on(t.bookingId, t.clientId),
    index('booking_participants_client_idx').on(t.clientId),
  ],
);

/** POST /booking/{id}/pay's `Idempotency-Key`: a retried pay answers as the first did, and never debits twice. */
export const bookingPayments = pgTable(
  'booking_payments',
  {
    identifier: id(),
    bookingId: uuid()
      .notNull()
      .references(() => bookings.identifier, { onDelete: 'cascade' }),
    clientId: uuid().notNull(),
    idempotencyKey: text().notNull(),
    ledgerTransactionId: uuid(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('booking_payments_booking_key').on(t.bookingId),
    uniqueIndex('booking_payments_idempotency_key').on(t.clientId, t.idempotencyKey),
  ],
);

/** A provider's booking settings (GET/PUT /appointment/settings); no row: clients book and pay at once. */
export const providerBookingSettings = pgTable('provider_booking_settings', {
  providerId: uuid()
    .primaryKey()
    .references(() => users.identifier, { onDelete: 'cascade' }),
  requiresApproval: boolean().notNull().default(false),
  updatedAt: updatedAt(),
});

/** The read model modules that follow a session use (migration 0030): who, when, in which state. */
export const bookingSessions = pgView('booking_sessions', {
  identifier: uuid('identifier').notNull(),
  clientId: uuid('client_id').notNull(),
  providerId: uuid('provider_id').notNull(),
  status: bookingStatusEnum('status').notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
}).existing();
