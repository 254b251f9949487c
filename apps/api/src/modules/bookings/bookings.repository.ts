import { toSnakeCase } from 'drizzle-orm/casing';
import { and, asc, count, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { SqlOperand } from '../../db/fragments.ts';
import { preparedPerExecutor } from '../../db/prepared.ts';
import {
  bookingParticipants,
  bookingPayments,
  bookings,
  bookingStatusHistory,
  providerBookingSettings,
} from '../../db/schema/bookings.ts';
import { clientCards } from '../../db/schema/client-profile.ts';
import { providerOfferings, providerCards } from '../../db/schema/provider-profile.ts';
import { avatars, countries, states } from '../../db/schema/reference.ts';
import { people } from '../../db/schema/users.ts';
import { effectiveFee } from '../../db/schema/practice-details.ts';
import { busyTimes } from '../../db/schema/waitlist.ts';
import { owesDebt } from '../../db/schema/wallet.ts';
import type { BookingStatus } from '@therapy/contracts/bookings';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { recordJoinedMeanwhile } from '../../platform/client-records.ts';
import { refusedAs } from '../../platform/pg-errors.ts';
import { slotTakenUnless } from './booking-refusals.ts';
import {
  clientPictureOf,
  partyOf,
  providerPictureOf,
  referenceOf,
  type ClientPictureJson,
  type PartyJson,
  type ProviderPictureJson,
  type ReferenceJson,
} from './changes/changes.repository.ts';

/** This module's read model of busy times (db/schema/waitlist.ts), also for its plan test. */
export { busyTimes };

/** Creating, paying, listing and ending bookings: Drizzle only; the rules are in bookings.service.ts and booking-jobs.ts. */
/** The legacy clear-text columns are never written (the backfill empties them: clear-text.ts); notes go sealed. */
export type NewBooking = Omit<
  typeof bookings.$inferInsert,
  'identifier' | 'during' | 'createdAt' | 'updatedAt' | 'clearNote' | 'clearCancelNote'
> & {
  identifier: string;
};
export type BookingRecord = typeof bookings.$inferSelect;

/** A booking as its insert stored it: the row written, with what the table's defaults gave it. */
export interface InsertedBooking {
  participantId: string;
  booking: Omit<NewBooking, DefaultedColumn> & Pick<BookingRecord, DefaultedColumn>;
}
/** The columns a new row may leave out (null or the table's default), returned by its insert as stored. */
type DefaultedColumn =
  | 'noteSealed'
  | 'meetingLink'
  | 'address'
  | 'startsAt'
  | 'endsAt'
  | 'holdExpiresAt'
  | 'seriesId'
  | 'previousStatus'
  | 'allowRescheduleCompleted'
  | 'createdAt';

/** A booking's first status line: who made it, with their note (sealed for the line, whose id it comes with). */
export type HistoryLine = {
  identifier: string;
  actor: 'client' | 'provider' | 'system';
  actorId: string | null;
  noteSealed: string | null;
  at: Date;
};

/** A requested booking invites its client; any other is acknowledged from the start. */
const participantStatusOf = (row: NewBooking) =>
  row.status === 'requested' ? ('invited' as const) : ('acknowledged' as const);

const holding = (now: Date | SqlOperand) => or(isNull(bookings.holdExpiresAt), gt(bookings.holdExpiresAt, now));
export interface BookingTerms {
  offersTherapy: boolean;
  offersModality: boolean;
  modalityCode: string | null;
  officeAddress: string | null;
  requiresApproval: boolean;
  region: { countryCode: string | null; stateId: string | null; stateCode: string | null; stateName: string | null };
  /** What the booking costs (the practice-details module's rule); null when the provider set no fee. */
  fee: { amount: number; currencyCode: string; isFree: boolean } | null;
  /** Whether the client owes money (the wallet's rule): new bookings wait until it is settled. */
  owesDebt: boolean;
  /** The parties, therapy and modality as the new booking's answer shows them (null where one is missing). */
  shown: BookingParties;
}
export interface BookingParties {
  client: PartyJson;
  provider: PartyJson | null;
  category: ReferenceJson | null;
  modality: ReferenceJson | null;
  clientPicture: ClientPictureJson;
  providerPicture: ProviderPictureJson;
}

/** What other modules know that a booking's terms include, as subqueries from their faces (decision 0040). */
export type TermsIds = { providerId: string; clientId: string; therapyId: string; modalityId: string };

const offered = (list: 'therapy-category' | 'modality', item: 'therapyId' | 'modalityId') =>
  sql<boolean>`exists (select 1 from ${providerOfferings} where ${providerOfferings.userId} = ${sql.placeholder('providerId')} and ${providerOfferings.list} = ${list} and ${providerOfferings.itemId} = ${sql.placeholder(item)})`;

/**
 * A booking's terms in one prepared statement (a booking reads them before it writes): what the provider offers and
 * charges for this therapy and modality, where the session happens, whether they approve first, the client's region
 * (for the licence rule) and whether the client owes money. Undefined when the client is not there.
 */
export function termsReader(): (ex: Executor, ids: TermsIds) => Promise<BookingTerms | undefined> {
  const statementFor = preparedPerExecutor((ex) =>
    ex
      .select({
        offersTherapy: offered('therapy-category', 'therapyId'),
        offersModality: offered('modality', 'modalityId'),
        officeAddress: sql<
          string | null
        >`(select ${providerCards.officeAddress} from ${providerCards} where ${providerCards.userId} = ${sql.placeholder('providerId')})`,
        requiresApproval: sql<
          boolean | null
        >`(select ${providerBookingSettings.requiresApproval} from ${providerBookingSettings} where ${providerBookingSettings.providerId} = ${sql.placeholder('providerId')})`,
        // The practice-details and wallet modules' read models (their schema files), in this one round trip.
        fee: effectiveFee(sql.placeholder('providerId'), sql.placeholder('therapyId')),
        owesDebt: owesDebt(sql.placeholder('clientId')),
        // What the answer shows, read here so that the new booking's answer needs no read after its commit.
        client: {
          identifier: people.identifier,
          firstName: people.firstName,
          lastName: people.lastName,
          timezone: people.timezone,
        },
        provider: partyOf(sql.placeholder('providerId')),
        category: referenceOf(sql.placeholder('therapyId')),
        modality: referenceOf(sql.placeholder('modalityId')),
        clientPicture: clientPictureOf(sql.placeholder('clientId')),
        providerPicture: providerPictureOf(sql.placeholder('providerId')),
        countryCode: people.countryCode,
        stateId: states.identifier,
        stateCode: states.code,
        stateName: states.name,
        stateCountry: countries.code,
      })
      .from(people)
      .leftJoin(clientCards, eq(clientCards.userId, people.identifier))
      .leftJoin(states, eq(states.identifier, clientCards.stateId))
      .leftJoin(countries, eq(countries.identifier, states.countryId))
      .where(eq(people.identifier, sql.placeholder('clientId')))
      .prepare('booking_terms'),
  );
  return async (ex, ids) => {
    const [row] = await statementFor(ex).execute(ids);
    if (!row) return undefined;
    const {
      countryCode,
      stateCountry,
      stateId,
      stateCode,
      stateName,
      requiresApproval,
      owesDebt,
      client,
      provider,
      category,
      modality,
      clientPicture,
      providerPicture,
      ...offer
    } = row;
    return {
      ...offer,
      modalityCode: modality?.code ?? null,
      requiresApproval: requiresApproval ?? false,
      owesDebt: owesDebt === true,
      region: { countryCode: countryCode ?? stateCountry, stateId, stateCode, stateName },
      shown: { client, provider, category, modality, clientPicture, providerPicture },
    };
  };
}

/**
 * The columns a new booking is written with (every other one is null or the table's default): the same list as
 * `booking_insert`'s in migration 0029 (booking-functions.test.ts stores each and reads it back).
 */
const insertedColumns = [
  'identifier',
  'clientId',
  'providerId',
  'therapyCategoryId',
  'modalityId',
  'status',
  'startsAt',
  'endsAt',
  'noteSealed',
  'meetingLink',
  'address',
  'priceAmount',
  'currencyCode',
  'holdExpiresAt',
  'seriesId',
  'createdBy',
  'clientReschedulesLeft',
  'providerReschedulesLeft',
  'paidAt',
] as const satisfies ReadonlyArray<keyof NewBooking>;

/** A row as the booking functions take it: the table's column names, instants as ISO text (migration 0029). */
const asColumns = (row: Record<string, unknown>): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row))
    out[toSnakeCase(key)] = value instanceof Date ? value.toISOString() : (value ?? null);
  return out;
};
/** What the booking's insert returns, as the booking functions answer it (the defaults the table gave the row). */
type StoredColumns = {
  note_sealed: string | null;
  meeting_link: string | null;
  address: string | null;
  starts_at: string | null;
  ends_at: string | null;
  hold_expires_at: string | null;
  series_id: string | null;
  previous_status: BookingRecord['previousStatus'];
  allow_reschedule_completed: boolean;
  created_at: string;
};
type ExpiredHold = Pick<BookingRecord, 'identifier' | 'clientId' | 'providerId' | 'startsAt' | 'endsAt'>;
type ExpiredColumns = {
  identifier: string;
  client_id: string;
  provider_id: string;
  starts_at: string | null;
  ends_at: string | null;
};

const instant = (v: string | null) => (v === null ? null : new Date(v));
const expiredOf = (rows: ExpiredColumns[]): ExpiredHold[] =>
  rows.map((e) => ({
    identifier: e.identifier,
    clientId: e.client_id,
    providerId: e.provider_id,
    startsAt: instant(e.starts_at),
    endsAt: instant(e.ends_at),
  }));

/** The three rows of a new booking, as `booking_insert` takes them, and how its answer becomes an `InsertedBooking`. */
function newRows(row: NewBooking, line: HistoryLine) {
  const participantId = newId();
  const values = {
    booking: asColumns(Object.fromEntries(insertedColumns.map((column) => [column, row[column]]))),
    participant: asColumns({
      identifier: participantId,
      bookingId: row.identifier,
      clientId: row.clientId,
      status: participantStatusOf(row),
    }),
    line: asColumns({
      identifier: line.identifier,
      bookingId: row.identifier,
      status: row.status,
      previousStatus: null,
      actor: line.actor,
      actorId: line.actorId,
      noteSealed: line.noteSealed,
      at: line.at,
    }),
  };
  const inserted = (stored: StoredColumns): InsertedBooking => ({
    participantId,
    booking: {
      ...row,
      noteSealed: stored.note_sealed,
      meetingLink: stored.meeting_link,
      address: stored.address,
      seriesId: stored.series_id,
      previousStatus: stored.previous_status,
      allowRescheduleCompleted: stored.allow_reschedule_completed,
      startsAt: instant(stored.starts_at),
      endsAt: instant(stored.ends_at),
      holdExpiresAt: instant(stored.hold_expires_at),
      createdAt: new Date(stored.created_at),
    },
  });
  return { values, inserted };
}

export const bookingsRepository = {
  /**
   * A new booking with its participant and its first status line (`booking_insert`, migration 0029). An overlapping
   * booking is refused with 409 "timeslot taken". It returns the booking as stored (the row and what the table's
   * defaults gave it), so the answer needs no read after the commit.
   */
  async insertWithHistory(tx: Executor, row: NewBooking, line: HistoryLine): Promise<InsertedBooking> {
    const { values, inserted } = newRows(row, line);
    const { rows } = await slotTakenUnless(
      tx.execute<{ stored: StoredColumns }>(
        sql`SELECT booking_insert(${JSON.stringify(values.booking)}::jsonb, ${JSON.stringify(values.participant)}::jsonb, ${JSON.stringify(values.line)}::jsonb) AS stored`,
      ),
    );
    return inserted(rows[0]!.stored);
  },

  /**
   * A client's booking of one slot in one statement (`booking_book`, migration 0029): the client's lock (`key`), the
   * provider's stale holds overlapping the slot expired, the client's unpaid bookings counted after the lock, and the
   * rows, unless the booking would be the client's unpaid one past `maxUnpaid` (null: it does not count); then
   * `inserted` is undefined and the caller refuses it (its transaction rolls back, the expiries too).
   */
  async book(
    tx: Executor,
    key: string,
    row: NewBooking & { startsAt: Date; endsAt: Date },
    line: HistoryLine,
    now: Date,
    maxUnpaid: number | null,
  ): Promise<{ expired: ExpiredHold[]; inserted: InsertedBooking | undefined }> {
    const { values, inserted } = newRows(row, line);
    const { rows } = await slotTakenUnless(
      tx.execute<{ booked: { expired: ExpiredColumns[]; unpaid: number; stored: StoredColumns | null } }>(
        sql`SELECT booking_book(${key}, ${row.clientId}::uuid, ${row.providerId}::uuid, ${row.startsAt.toISOString()}::timestamptz, ${row.endsAt.toISOString()}::timestamptz,
          ${now.toISOString()}::timestamptz, ${maxUnpaid}::int, ${JSON.stringify(values.booking)}::jsonb, ${JSON.stringify(values.participant)}::jsonb, ${JSON.stringify(values.line)}::jsonb) AS booked`,
      ),
    );
    const booked = rows[0]!.booked;
    return { expired: expiredOf(booked.expired), inserted: booked.stored ? inserted(booked.stored) : undefined };
  },

  /**
   * Takes a client's lock (`key`) for the rest of the transaction, expires the provider's stale holds overlapping
   * [start, end) (the exclusion constraint cannot see the clock) and counts the client's unpaid bookings after the
   * lock, so the count sees every booking of the client made while this one waited (`booking_client_lock`).
   */
  async lockAndExpireHolds(
    tx: Executor,
    key: string,
    clientId: string,
    providerId: string,
    start: Date,
    end: Date,
    now: Date,
  ): Promise<{ expired: ExpiredHold[]; unpaid: number }> {
    const { rows } = await tx.execute<{ locked: { expired: ExpiredColumns[]; unpaid: number } }>(
      sql`SELECT booking_client_lock(${key}, ${clientId}::uuid, ${providerId}::uuid, ${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz) AS locked`,
    );
    const locked = rows[0]!.locked;
    return { expired: expiredOf(locked.expired), unpaid: locked.unpaid };
  },

  async insert(tx: Executor, row: NewBooking): Promise<void> {
    await recordJoinedMeanwhile(
      slotTakenUnless(tx.insert(bookings).values(row)),
      'bookings_client_id_users_identifier_fk',
    );
    await tx
      .insert(bookingParticipants)
      .values({ bookingId: row.identifier, clientId: row.clientId, status: participantStatusOf(row) });
  },

  async update(tx: Executor, bookingId: string, patch: Partial<NewBooking>): Promise<void> {
    await slotTakenUnless(tx.update(bookings).set(patch).where(eq(bookings.identifier, bookingId)));
  },

  async find(ex: Executor, bookingId: string): Promise<BookingRecord | undefined> {
    const [row] = await ex.select().from(bookings).where(eq(bookings.identifier, bookingId)).limit(1);
    return row;
  },

  async lock(tx: Executor, bookingId: string): Promise<BookingRecord | undefined> {
    const [row] = await tx.select().from(bookings).where(eq(bookings.identifier, bookingId)).limit(1).for('update');
    return row;
  },

  /**
   * Pending holds that ran out and overlap [start, end) of the provider: expired now, in the caller's transaction, so
   * the exclusion constraint (which cannot see the clock) lets the new interval in.
   */
  async expireOverlappingHolds(
    tx: Executor,
    providerId: string,
    start: Date,
    end: Date,
    now: Date,
  ): Promise<BookingRecord[]> {
    return tx
      .update(bookings)
      .set({ status: 'expired', previousStatus: 'pending', holdExpiresAt: null })
      .where(
        and(
          eq(bookings.providerId, providerId),
          eq(bookings.status, 'pending'),
          lte(bookings.holdExpiresAt, now),
          sql`${bookings.during} && tstzrange(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz, '[)')`,
        ),
      )
      .returning();
  },

  /** Every pending hold that ran out (the expiry job), locked and skipped by other instances. */
  async expireStaleHolds(tx: Executor, now: Date, limit: number): Promise<BookingRecord[]> {
    const due = tx
      .select({ id: bookings.identifier })
      .from(bookings)
      .where(and(eq(bookings.status, 'pending'), lte(bookings.holdExpiresAt, now)))
      .limit(limit)
      .for('update', { skipLocked: true });
    return tx
      .update(bookings)
      .set({ status: 'expired', previousStatus: 'pending', holdExpiresAt: null })
      .where(inArray(bookings.identifier, due))
      .returning();
  },

  /** Confirmed bookings whose session has ended (the completion job), locked and skipped by other instances. */
  async dueForCompletion(tx: Executor, now: Date, limit: number): Promise<BookingRecord[]> {
    return tx
      .select()
      .from(bookings)
      .where(and(eq(bookings.status, 'confirmed'), lte(bookings.endsAt, now)))
      .orderBy(asc(bookings.endsAt))
      .limit(limit)
      .for('update', { skipLocked: true });
  },

  /** The provider's busy intervals in [from, to) at `now` (`busyTimes`), epoch milliseconds. */
  async busy(
    ex: Executor,
    providerId: string,
    from: Date,
    to: Date,
    now: Date,
  ): Promise<Array<{ start: number; end: number }>> {
    const result = await ex.execute<{ s: Date | string | null; e: Date | string | null }>(
      busyTimes(sql`${providerId}`, sql`${from.toISOString()}`, sql`${to.toISOString()}`, sql`${now.toISOString()}`),
    );
    return result.rows
      .filter((r) => r.s && r.e)
      .map((r) => ({ start: new Date(r.s!).getTime(), end: new Date(r.e!).getTime() }));
  },

  /** One page of a party's bookings, soonest first (no time yet: last), with the total. */
  async page(
    ex: Executor,
    who: { clientId?: string; providerId?: string },
    statuses: readonly BookingStatus[],
    page: number,
    pageSize: number,
  ) {
    const where = and(
      who.clientId ? eq(bookings.clientId, who.clientId) : undefined,
      who.providerId ? eq(bookings.providerId, who.providerId) : undefined,
      statuses.length > 0 ? inArray(bookings.status, [...statuses]) : undefined,
    );
    const [total] = await ex.select({ n: count() }).from(bookings).where(where);
    const rows = await ex
      .select({ id: bookings.identifier })
      .from(bookings)
      .where(where)
      .orderBy(sql`${bookings.startsAt} ASC NULLS LAST`, desc(bookings.createdAt))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    return { ids: rows.map((r) => r.id), total: total?.n ?? 0 };
  },

  async seriesIds(ex: Executor, seriesId: string): Promise<string[]> {
    const rows = await ex
      .select({ id: bookings.identifier })
      .from(bookings)
      .where(eq(bookings.seriesId, seriesId))
      .orderBy(asc(bookings.startsAt));
    return rows.map((r) => r.id);
  },

  async history(ex: Executor, bookingId: string) {
    return ex
      .select()
      .from(bookingStatusHistory)
      .where(eq(bookingStatusHistory.bookingId, bookingId))
      .orderBy(asc(bookingStatusHistory.at), asc(bookingStatusHistory.identifier));
  },

  async participant(ex: Executor, participantId: string) {
    const [row] = await ex
      .select()
      .from(bookingParticipants)
      .where(eq(bookingParticipants.identifier, participantId))
      .limit(1);
    return row;
  },

  /** A participant booking with what a review needs of its booking: parties and status. */
  async participantFacts(ex: Executor, participantId: string) {
    const [row] = await ex
      .select({
        participantId: bookingParticipants.identifier,
        bookingId: bookings.identifier,
        clientId: bookingParticipants.clientId,
        providerId: bookings.providerId,
        status: bookings.status,
      })
      .from(bookingParticipants)
      .innerJoin(bookings, eq(bookings.identifier, bookingParticipants.bookingId))
      .where(eq(bookingParticipants.identifier, participantId))
      .limit(1);
    return row;
  },

  async setFeedbackProvided(tx: Executor, participantId: string): Promise<void> {
    await tx
      .update(bookingParticipants)
      .set({ feedbackProvided: true })
      .where(eq(bookingParticipants.identifier, participantId));
  },

  async setParticipantStatus(tx: Executor, participantId: string, status: 'attended' | 'no_show'): Promise<void> {
    await tx.update(bookingParticipants).set({ status }).where(eq(bookingParticipants.identifier, participantId));
  },

  async participantOf(ex: Executor, bookingId: string) {
    const [row] = await ex
      .select()
      .from(bookingParticipants)
      .where(eq(bookingParticipants.bookingId, bookingId))
      .limit(1);
    return row;
  },

  async paymentByKey(ex: Executor, clientId: string, key: string) {
    const [row] = await ex
      .select()
      .from(bookingPayments)
      .where(and(eq(bookingPayments.clientId, clientId), eq(bookingPayments.idempotencyKey, key)))
      .limit(1);
    return row;
  },

  /** One Idempotency-Key paying two bookings at once: the second meets the unique key and is refused (409, never 5xx). */
  async addPayment(
    tx: Executor,
    row: { bookingId: string; clientId: string; idempotencyKey: string; ledgerTransactionId: string },
  ): Promise<void> {
    await refusedAs(tx.insert(bookingPayments).values(row), 'unique', () =>
      AppError.conflict('CONFLICT', 'bookingNotPayable'),
    );
  },

  async requiresApproval(ex: Executor, providerId: string): Promise<boolean> {
    const [row] = await ex
      .select({ v: providerBookingSettings.requiresApproval })
      .from(providerBookingSettings)
      .where(eq(providerBookingSettings.providerId, providerId))
      .limit(1);
    return row?.v ?? false;
  },

  async setRequiresApproval(tx: Executor, providerId: string, requiresApproval: boolean): Promise<void> {
    await tx
      .insert(providerBookingSettings)
      .values({ providerId, requiresApproval })
      .onConflictDoUpdate({
        target: providerBookingSettings.providerId,
        set: { requiresApproval, updatedAt: new Date() },
      });
  },

  /**
   * What a booking needs to know before it is written, in one round trip: whether the provider offers the therapy and
   * the modality, the modality's code, the office address, whether the provider approves requests first, and the
   * client's country and, in the US, state (from the client profile). Undefined when there is no such client.
   */
  /** Clients who booked the provider before (any status), latest booking first. */
  async clientsOf(ex: Executor, providerId: string) {
    return (
      ex
        .select({
          identifier: people.identifier,
          firstName: people.firstName,
          lastName: people.lastName,
          username: clientCards.userName,
          timezone: people.timezone,
          photoFileId: clientCards.photoFileId,
          avatarUrl: avatars.photoUrl,
          lastBookingAt: sql<Date>`max(${bookings.createdAt})`,
        })
        .from(bookings)
        .innerJoin(people, eq(people.identifier, bookings.clientId))
        .leftJoin(clientCards, eq(clientCards.userId, people.identifier))
        .leftJoin(avatars, eq(avatars.identifier, clientCards.avatarId))
        .where(and(eq(bookings.providerId, providerId), isNull(people.deletedAt)))
        // Every column: a view has no primary key for GROUP BY to lean on.
        .groupBy(
          people.identifier,
          people.firstName,
          people.lastName,
          people.timezone,
          clientCards.userName,
          clientCards.photoFileId,
          avatars.photoUrl,
        )
        .orderBy(sql`max(${bookings.createdAt}) DESC`)
    );
  },

  /** A user's active bookings (either side) that have not ended, or have no time yet. */
  async upcomingCount(ex: Executor, userId: string, now: Date): Promise<number> {
    const [row] = await ex
      .select({ n: count() })
      .from(bookings)
      .where(
        and(
          or(eq(bookings.clientId, userId), eq(bookings.providerId, userId)),
          or(inArray(bookings.status, ['requested', 'confirmed']), and(eq(bookings.status, 'pending'), holding(now))),
          or(isNull(bookings.endsAt), gt(bookings.endsAt, now)),
        ),
      );
    return row?.n ?? 0;
  },

  /** The calendar feed's bookings (issue 19): the user's active ones with a time, from `since` on, earliest first. */
  async calendarIds(ex: Executor, userId: string, since: Date, now: Date, limit: number): Promise<string[]> {
    const rows = await ex
      .select({ id: bookings.identifier })
      .from(bookings)
      .where(
        and(
          or(eq(bookings.clientId, userId), eq(bookings.providerId, userId)),
          or(
            inArray(bookings.status, ['requested', 'confirmed', 'completed']),
            and(eq(bookings.status, 'pending'), holding(now)),
          ),
          gt(bookings.endsAt, since),
        ),
      )
      .orderBy(asc(bookings.startsAt))
      .limit(limit);
    return rows.map((r) => r.id);
  },

  async hasBookedWith(ex: Executor, providerId: string, clientId: string): Promise<boolean> {
    const [row] = await ex
      .select({ id: bookings.identifier })
      .from(bookings)
      .where(and(eq(bookings.providerId, providerId), eq(bookings.clientId, clientId)))
      .limit(1);
    return row !== undefined;
  },
};
