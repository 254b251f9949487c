import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client.ts';
import type { SqlOperand } from '../../../db/fragments.ts';
import { preparedPerExecutor } from '../../../db/prepared.ts';
import {
  bookingParticipants,
  bookingReschedules,
  bookingStatusHistory,
  bookings,
} from '../../../db/schema/bookings.ts';
import { clientCards } from '../../../db/schema/client-profile.ts';
import { providerCards } from '../../../db/schema/provider-profile.ts';
import { avatars, referenceItems } from '../../../db/schema/reference.ts';
import { people } from '../../../db/schema/users.ts';
import { slotTakenUnless } from '../booking-refusals.ts';

/** Changes of a booking (cancel, reschedule, answers, acknowledge/reject): Drizzle only, rules in changes.service.ts. */
export type BookingRow = typeof bookings.$inferSelect;
/** The legacy clear-text columns are never written (the backfill empties them); notes go sealed. */
export type BookingPatch = Partial<
  Omit<
    typeof bookings.$inferInsert,
    'identifier' | 'during' | 'clientId' | 'providerId' | 'createdAt' | 'clearNote' | 'clearCancelNote'
  >
>;
export type RescheduleRow = Omit<typeof bookingReschedules.$inferSelect, 'clearNote'>;
/** A status line; one with a note comes with its identifier, which the sealed note is bound to. */
export type HistoryInsert = Omit<typeof bookingStatusHistory.$inferInsert, 'clearNote'>;
export type RescheduleInsert = Omit<typeof bookingReschedules.$inferInsert, 'clearNote'> & { identifier: string };

const client = alias(people, 'client');
const provider = alias(people, 'provider');

export interface ReferenceJson {
  identifier: string;
  code: string;
  name: string;
}
/** A party as a booking shows it. */
export interface PartyJson {
  identifier: string;
  firstName: string | null;
  lastName: string | null;
  timezone: string | null;
}
export type ClientPictureJson = {
  username: string | null;
  photoFileId: string | null;
  avatarUrl: string | null;
} | null;
export type ProviderPictureJson = { photoFileId: string | null } | null;

// What a booking's answer shows besides its own row, each a to-one lookup as a scalar subquery (its own small plan,
// not one more table in the join search). Shared with the bookings' terms statement, which reads them before a new
// booking is written so that its answer needs no read after the commit.
export const referenceOf = (id: SqlOperand) =>
  sql<ReferenceJson>`(SELECT json_build_object('identifier', ri.identifier, 'code', ri.code, 'name', ri.name) FROM ${referenceItems} ri WHERE ri.identifier = ${id})`;
export const partyOf = (userId: SqlOperand) =>
  sql<PartyJson>`(SELECT json_build_object('identifier', pu.identifier, 'firstName', pu.first_name, 'lastName', pu.last_name, 'timezone', pu.timezone) FROM ${people} pu WHERE pu.identifier = ${userId})`;
/** The parties' pictures: an uploaded file (signed by the service) or, for clients, a chosen avatar; null without a profile row. */
export const clientPictureOf = (clientId: SqlOperand) =>
  sql<ClientPictureJson>`(SELECT json_build_object('username', cp.user_name, 'photoFileId', cp.photo_file_id, 'avatarUrl', a.photo_url) FROM ${clientCards} cp LEFT JOIN ${avatars} a ON a.identifier = cp.avatar_id WHERE cp.user_id = ${clientId})`;
export const providerPictureOf = (providerId: SqlOperand) =>
  sql<ProviderPictureJson>`(SELECT json_build_object('photoFileId', pp.photo_file_id) FROM ${providerCards} pp WHERE pp.user_id = ${providerId})`;

/**
 * The view of a booking is read on every booking answer and list row: one named prepared statement (built once per
 * executor) with the reschedule requests and the participant row as subqueries. Only the two parties are joined: with
 * all eight tables in the join, PostgreSQL spent far longer planning each execution (its join search) than running it
 * (decision 0039), and a connection plans a statement afresh for its first five runs and after the pool recycles it.
 */
const viewStatement = preparedPerExecutor((ex) =>
  ex
    .select({
      booking: bookings,
      client: {
        identifier: client.identifier,
        firstName: client.firstName,
        lastName: client.lastName,
        timezone: client.timezone,
      },
      provider: {
        identifier: provider.identifier,
        firstName: provider.firstName,
        lastName: provider.lastName,
        timezone: provider.timezone,
      },
      category: referenceOf(bookings.therapyCategoryId),
      modality: referenceOf(bookings.modalityId),
      clientPicture: clientPictureOf(bookings.clientId),
      providerPicture: providerPictureOf(bookings.providerId),
      // The reschedule requests (oldest first) and the client's participant row, in the same round trip.
      reschedules: sql<
        RescheduleJson[]
      >`(SELECT coalesce(json_agg(r ORDER BY r.created_at, r.identifier), '[]'::json) FROM ${bookingReschedules} r WHERE r.booking_id = ${bookings.identifier})`,
      participantId: sql<
        string | null
      >`(SELECT p.identifier FROM ${bookingParticipants} p WHERE p.booking_id = ${bookings.identifier} AND p.client_id = ${bookings.clientId} LIMIT 1)`,
      feedbackProvided: sql<boolean>`coalesce((SELECT bool_or(p.feedback_provided) FROM ${bookingParticipants} p WHERE p.booking_id = ${bookings.identifier} AND p.client_id = ${bookings.clientId}), false)`,
    })
    .from(bookings)
    .innerJoin(client, eq(client.identifier, bookings.clientId))
    .innerJoin(provider, eq(provider.identifier, bookings.providerId))
    .where(eq(bookings.identifier, sql.placeholder('id')))
    .prepare('booking_view'),
);
/** A reschedule request as `json_agg` gives it: column names, instants as text. */
interface RescheduleJson {
  identifier: string;
  booking_id: string;
  requested_by: RescheduleRow['requestedBy'];
  requested_by_id: string;
  status: RescheduleRow['status'];
  from_starts_at: string | null;
  from_ends_at: string | null;
  to_starts_at: string;
  to_ends_at: string;
  note_sealed: string | null;
  created_at: string;
  decided_at: string | null;
  decided_by: RescheduleRow['decidedBy'];
}
const instant = (text: string | null) => (text === null ? null : new Date(text));
const fromJson = (r: RescheduleJson): RescheduleRow => ({
  identifier: r.identifier,
  bookingId: r.booking_id,
  requestedBy: r.requested_by,
  requestedById: r.requested_by_id,
  status: r.status,
  fromStartsAt: instant(r.from_starts_at),
  fromEndsAt: instant(r.from_ends_at),
  toStartsAt: new Date(r.to_starts_at),
  toEndsAt: new Date(r.to_ends_at),
  noteSealed: r.note_sealed,
  createdAt: new Date(r.created_at),
  decidedAt: instant(r.decided_at),
  decidedBy: r.decided_by,
});

export const changesRepository = {
  /** The booking, locked for the rest of the transaction: concurrent changes of one booking run one after the other. */
  async lock(tx: Executor, bookingId: string): Promise<BookingRow | undefined> {
    const [row] = await tx.select().from(bookings).where(eq(bookings.identifier, bookingId)).limit(1).for('update');
    return row;
  },

  async find(ex: Executor, bookingId: string): Promise<BookingRow | undefined> {
    const [row] = await ex.select().from(bookings).where(eq(bookings.identifier, bookingId)).limit(1);
    return row;
  },

  /** The booking a participant row belongs to (acknowledge / reject-booking take either identifier). */
  async bookingIdOfParticipant(ex: Executor, participantId: string): Promise<string | undefined> {
    const [row] = await ex
      .select({ bookingId: bookingParticipants.bookingId })
      .from(bookingParticipants)
      .where(eq(bookingParticipants.identifier, participantId))
      .limit(1);
    return row?.bookingId;
  },

  /** A change of a booking; a new time that overlaps another active booking is refused with 409 "timeslot taken". */
  async update(tx: Executor, bookingId: string, patch: BookingPatch): Promise<void> {
    await slotTakenUnless(tx.update(bookings).set(patch).where(eq(bookings.identifier, bookingId)));
  },

  async addHistory(tx: Executor, row: HistoryInsert): Promise<void> {
    await tx.insert(bookingStatusHistory).values(row);
  },

  async setParticipantStatus(tx: Executor, bookingId: string, status: 'acknowledged' | 'rejected'): Promise<void> {
    await tx.update(bookingParticipants).set({ status }).where(eq(bookingParticipants.bookingId, bookingId));
  },

  async pendingReschedule(ex: Executor, bookingId: string): Promise<RescheduleRow | undefined> {
    const [row] = await ex
      .select()
      .from(bookingReschedules)
      .where(and(eq(bookingReschedules.bookingId, bookingId), eq(bookingReschedules.status, 'pending')))
      .limit(1);
    return row;
  },

  async addReschedule(tx: Executor, row: RescheduleInsert): Promise<void> {
    await tx.insert(bookingReschedules).values(row);
  },

  /** Ends a pending request: answered by the other party, withdrawn by its requester, or closed by `system`. */
  async decideReschedule(
    tx: Executor,
    rescheduleId: string,
    status: 'accepted' | 'rejected' | 'withdrawn',
    at: Date,
    by: 'client' | 'provider' | 'system',
  ): Promise<void> {
    await tx
      .update(bookingReschedules)
      .set({ status, decidedAt: at, decidedBy: by })
      .where(eq(bookingReschedules.identifier, rescheduleId));
  },

  /** What the answer shows of a booking: the row with its parties, therapy, modality, reschedules and participant. */
  async view(ex: Executor, bookingId: string) {
    const [row] = await viewStatement(ex).execute({ id: bookingId });
    if (!row) return undefined;
    return { ...row, reschedules: row.reschedules.map(fromJson) };
  },
};
export type BookingView = NonNullable<Awaited<ReturnType<typeof changesRepository.view>>>;
