import type {
  Booking,
  BookingRole,
  BookingStatus,
  CancellationPolicy,
  ReschedulePolicy,
} from '@therapy/contracts/bookings';
import { activeBookingStatuses } from '@therapy/contracts/bookings';
import { BOOKING_HOLD_MINUTES, REFUND_CUTOFF_HOURS, RESCHEDULE_APPROVAL_HOURS } from '@therapy/contracts/constants';
import { en, type MessageKey } from '@therapy/contracts/messages';
import type { Executor } from '../../../db/client.ts';
import type { AppDeps } from '../../../deps.ts';
import { bookingOf, requireAccessTo, type Actor } from '../../../platform/auth/access.ts';
import { AppError } from '../../../platform/errors.ts';
import type { BookingChange } from '../../../platform/events.ts';
import { fieldEncryptionFromConfig } from '../../../platform/field-encryption.ts';
import { newId } from '../../../platform/ids.ts';
import type { AvailabilityModule } from '../../availability/availability.module.ts';
import type { WalletModule } from '../../wallet/wallet.module.ts';
import { earningReference } from '../earning-references.ts';
import { createBookingTexts, type BookingTexts } from '../booking-texts.ts';
import {
  changesRepository as repo,
  type BookingPatch,
  type BookingRow,
  type BookingView,
} from './changes.repository.ts';

/**
 * Changing a booking (issue 15; DESIGN.md §6 "Cancel and reschedule"; spec §4, §5, §6, §8): cancel with its refund,
 * the cancellation and reschedule policies, reschedule (limits, approval inside 48 h), the answer to a reschedule
 * request, and the provider's acknowledge / reject of a requested booking. Every change locks the booking row, writes
 * its history and publishes `booking.changed` in one transaction; money moves in the same transaction.
 */

/** Who asks: the signed-in actor (the access core decides which side of the booking they are on, if any). */
export type Viewer = Actor;
/** A decline's reason and suggested timeslot identifiers, as the contract parsed them. */
export interface DeclineValues {
  reason: string;
  suggestedTimeslots: string[];
}
export interface ChangeResult {
  data: Booking;
  messageKey: MessageKey;
}

const HOUR = 3_600_000;
const MINUTE = 60_000;
/** A provider acknowledges a request while the client is not waiting online: the client gets a day to pay (decision 0027). */
export const ACKNOWLEDGED_HOLD_HOURS = 24;

/** A booking that will not take place. */
const closedStatuses: readonly BookingStatus[] = ['cancelled', 'rejected', 'expired'];
const isActive = (s: BookingStatus) => (activeBookingStatuses as readonly BookingStatus[]).includes(s);
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const paid = (b: BookingRow) => b.status === 'confirmed' && b.paidAt !== null;

/** What a cancel by `role` at `now` returns to the client: paid, and a provider's cancel or a client's 48 h or more ahead. */
function refundOf(b: BookingRow, role: BookingRole, now: Date): number {
  if (!paid(b)) return 0;
  if (role === 'provider') return b.priceAmount;
  return b.startsAt && now.getTime() <= b.startsAt.getTime() - REFUND_CUTOFF_HOURS * HOUR ? b.priceAmount : 0;
}
const needsApproval = (b: BookingRow, now: Date) =>
  b.status === 'confirmed' && !!b.startsAt && now.getTime() >= b.startsAt.getTime() - RESCHEDULE_APPROVAL_HOURS * HOUR;

/** Turns a stored file id into a URL the browser may load (the file service's signed URL). */
export type PictureUrl = (fileId: string) => string;

/** What a booking's answer takes from its row: all a stored row has, and all a booking just inserted knows of itself. */
type ShownRow = Pick<
  BookingRow,
  | 'identifier'
  | 'status'
  | 'previousStatus'
  | 'startsAt'
  | 'endsAt'
  | 'noteSealed'
  | 'meetingLink'
  | 'address'
  | 'priceAmount'
  | 'currencyCode'
  | 'paymentMethod'
  | 'holdExpiresAt'
  | 'seriesId'
  | 'createdBy'
  | 'clientReschedulesLeft'
  | 'providerReschedulesLeft'
  | 'allowRescheduleCompleted'
  | 'createdAt'
> &
  Partial<Pick<BookingRow, 'declineReasonSealed' | 'suggestedTimes'>>;

/** A booking's answer: its notes opened for the parties (they are sealed at rest: booking-texts.ts). */
export function toBooking(
  v: Omit<BookingView, 'booking'> & { booking: ShownRow },
  pictureUrl: PictureUrl,
  texts: BookingTexts,
): Booking {
  const b = v.booking;
  const latest = v.reschedules.at(-1);
  const party = (p: BookingView['client'], username: string | null, picture: string | null) => ({
    ...p,
    username,
    picture,
  });
  const clientPicture = v.clientPicture?.photoFileId
    ? pictureUrl(v.clientPicture.photoFileId)
    : (v.clientPicture?.avatarUrl ?? null);
  const providerPicture = v.providerPicture?.photoFileId ? pictureUrl(v.providerPicture.photoFileId) : null;
  return {
    identifier: b.identifier,
    status: b.status,
    previousStatus: b.previousStatus,
    provider: party(v.provider, null, providerPicture),
    client: party(v.client, v.clientPicture?.username ?? null, clientPicture),
    therapyCategory: v.category,
    modality: v.modality,
    startTime: iso(b.startsAt),
    endTime: iso(b.endsAt),
    note: texts.open('note', b.identifier, b.noteSealed),
    // A booking that will not take place has no room and no place to go to (issue 48): no link, no address, anywhere.
    meetingLink: closedStatuses.includes(b.status) ? null : b.meetingLink,
    address: closedStatuses.includes(b.status) ? null : b.address,
    price: { amount: b.priceAmount, currencyCode: b.currencyCode },
    paymentMethod: b.paymentMethod,
    holdExpiresAt: iso(b.holdExpiresAt),
    seriesIdentifier: b.seriesId,
    createdBy: b.createdBy,
    rescheduleInfo: {
      status: latest?.status ?? null,
      remainingClientReschedule: b.clientReschedulesLeft,
      remainingProviderReschedule: b.providerReschedulesLeft,
    },
    reschedules: v.reschedules.map((r) => ({
      identifier: r.identifier,
      status: r.status,
      requestedBy: r.requestedBy,
      fromStartTime: iso(r.fromStartsAt),
      fromEndTime: iso(r.fromEndsAt),
      toStartTime: r.toStartsAt.toISOString(),
      toEndTime: r.toEndsAt.toISOString(),
      note: texts.open('rescheduleNote', r.identifier, r.noteSealed),
      createdAt: r.createdAt.toISOString(),
      decidedAt: iso(r.decidedAt),
    })),
    allowRescheduleCompletedBooking: b.allowRescheduleCompleted,
    feedbackProvided: v.feedbackProvided,
    participantIdentifier: v.participantId,
    decline:
      b.status === 'rejected' && (b.declineReasonSealed || b.suggestedTimes?.length)
        ? {
            reason: texts.open('declineReason', b.identifier, b.declineReasonSealed ?? null),
            suggestedTimes: b.suggestedTimes ?? [],
          }
        : null,
    createdAt: b.createdAt.toISOString(),
  };
}

export function createBookingChangesService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'events' | 'files' | 'config'>,
  {
    wallet,
    availability,
  }: { wallet: Pick<WalletModule, 'refund' | 'transfer'>; availability: Pick<AvailabilityModule, 'verifyTimeslot'> },
) {
  const { db, clock, events } = deps;
  const texts = createBookingTexts(fieldEncryptionFromConfig(deps.config));

  /** The caller's side of a booking; someone else's booking is not found (404), like a missing one. */
  const sideOf = (b: BookingRow | undefined, viewer: Viewer, role?: BookingRole): BookingRole => {
    const row = requireAccessTo(viewer, 'act', b, (r) => bookingOf(r, role));
    return role ?? (row.clientId === viewer.userId ? 'client' : 'provider');
  };

  const view = async (ex: Executor, bookingId: string): Promise<Booking> =>
    toBooking((await repo.view(ex, bookingId))!, deps.files.signedUrl, texts);

  const publish = (
    tx: Executor,
    b: BookingRow,
    change: BookingChange,
    after: BookingPatch & { status: BookingStatus },
    previousStartTime?: Date | null,
    by?: BookingRole,
  ) =>
    events.publish(tx, 'booking.changed', {
      bookingId: b.identifier,
      clientId: b.clientId,
      providerId: b.providerId,
      change,
      status: after.status,
      previousStatus: after.status === b.status ? b.previousStatus : b.status,
      startTime: iso(after.startsAt === undefined ? b.startsAt : (after.startsAt ?? null)),
      endTime: iso(after.endsAt === undefined ? b.endsAt : (after.endsAt ?? null)),
      ...(previousStartTime === undefined ? {} : { previousStartTime: iso(previousStartTime) }),
      createdBy: b.createdBy,
      holdExpiresAt: iso(after.holdExpiresAt === undefined ? b.holdExpiresAt : after.holdExpiresAt),
      ...(by ? { by } : {}),
    });

  return {
    async cancel(viewer: Viewer, role: BookingRole, bookingId: string, note: string): Promise<ChangeResult> {
      return events.transaction(async (tx) => {
        const b = await repo.lock(tx, bookingId);
        sideOf(b, viewer, role);
        if (b!.status === 'cancelled') throw AppError.conflict('CONFLICT', 'bookingAlreadyCancelled');
        if (!isActive(b!.status)) throw AppError.conflict('CONFLICT', 'bookingNotCancellable');
        const booking = b!;
        const now = clock.now();
        const refund = refundOf(booking, role, now);
        const move = { userId: booking.clientId, currencyCode: booking.currencyCode, amount: booking.priceAmount };
        if (refund > 0)
          await wallet.refund(
            {
              ...move,
              amount: refund,
              reference: `booking-refund:${booking.identifier}`,
              description: en.bookingRefundEntry,
            },
            tx,
          );
        // A paid booking a client cancels too late: the provider keeps the fee (escrow -> earnings, decision 0027).
        else if (paid(booking) && booking.priceAmount > 0)
          await wallet.transfer(
            {
              ...move,
              userId: booking.providerId,
              reference: earningReference.lateCancel(booking.identifier),
              description: en.bookingLateCancelEntry,
              commissionRate: 0,
            },
            tx,
          );
        const after = {
          status: 'cancelled' as const,
          previousStatus: booking.status,
          cancelledAt: now,
          cancelledBy: role,
          cancelNoteSealed: texts.seal('cancelNote', booking.identifier, note),
          refundAmount: refund,
          holdExpiresAt: null,
          updatedAt: now,
        };
        await repo.update(tx, booking.identifier, after);
        const pending = await repo.pendingReschedule(tx, booking.identifier);
        // Closed with the booking (`system`): nobody answered it (decision 0060).
        if (pending) await repo.decideReschedule(tx, pending.identifier, 'rejected', now, 'system');
        const lineId = newId();
        await repo.addHistory(tx, {
          identifier: lineId,
          bookingId: booking.identifier,
          status: 'cancelled',
          previousStatus: booking.status,
          actor: role,
          actorId: viewer.userId,
          noteSealed: texts.seal('historyNote', lineId, note),
          at: now,
        });
        await publish(tx, booking, 'cancelled', after, undefined, role);
        const messageKey: MessageKey =
          booking.status === 'requested'
            ? 'bookingRequestCancelled'
            : refund > 0 || !paid(booking)
              ? 'appointmentCancelled'
              : 'appointmentCancelledNoRefund';
        return { data: await view(tx, booking.identifier), messageKey };
      });
    },

    /** Both parties: would cancelling now refund the client, how much, until when. */
    async cancellationPolicy(viewer: Viewer, bookingId: string): Promise<CancellationPolicy> {
      const b = await repo.find(db, bookingId);
      const role = sideOf(b, viewer);
      const booking = b!;
      const cancellable = isActive(booking.status);
      const refundAmount = cancellable ? refundOf(booking, role, clock.now()) : 0;
      return {
        cancelationStatus: refundAmount > 0,
        refundAmount,
        currencyCode: booking.currencyCode,
        cutoffAt: booking.startsAt
          ? new Date(booking.startsAt.getTime() - REFUND_CUTOFF_HOURS * HOUR).toISOString()
          : null,
        cancellable,
      };
    },

    /** Both parties: may the viewer reschedule, how many times more, and would it need the other party's approval. */
    async reschedulePolicy(viewer: Viewer, bookingId: string): Promise<ReschedulePolicy> {
      const b = await repo.find(db, bookingId);
      const role = sideOf(b, viewer);
      const booking = b!;
      const remaining = role === 'client' ? booking.clientReschedulesLeft : booking.providerReschedulesLeft;
      const pending = await repo.pendingReschedule(db, booking.identifier);
      return {
        reschedulable: isActive(booking.status) && booking.startsAt !== null && remaining > 0 && !pending,
        remaining,
        needsApproval: needsApproval(booking, clock.now()),
        approvalFrom:
          booking.status === 'confirmed' && booking.startsAt
            ? new Date(booking.startsAt.getTime() - RESCHEDULE_APPROVAL_HOURS * HOUR).toISOString()
            : null,
      };
    },

    async reschedule(
      viewer: Viewer,
      role: BookingRole,
      bookingId: string,
      input: { timeslotIdentifier: string; note: string | null },
    ): Promise<ChangeResult> {
      // The signature first (400 timeslotInvalid for a forged or stale identifier), then the booking, under its lock.
      // The booking's own time does not count as busy: it may move next to itself (or into its own buffer).
      const current = await repo.find(db, bookingId);
      const own =
        current?.startsAt && current.endsAt
          ? { start: current.startsAt.getTime(), end: current.endsAt.getTime() }
          : undefined;
      const slot = await availability.verifyTimeslot(input.timeslotIdentifier, undefined, own);
      return events.transaction(async (tx) => {
        const b = await repo.lock(tx, bookingId);
        sideOf(b, viewer, role);
        const booking = b!;
        if (!isActive(booking.status) || !booking.startsAt || !booking.endsAt)
          throw AppError.conflict('CONFLICT', 'bookingNotReschedulable');
        // An unpaid hold that ran out is expired (the expiry job may not have run yet): a reschedule must not revive it.
        if (
          booking.status === 'pending' &&
          booking.holdExpiresAt &&
          booking.holdExpiresAt.getTime() <= clock.now().getTime()
        )
          throw AppError.conflict('CONFLICT', 'bookingExpired');
        if (slot.providerIdentifier !== booking.providerId) throw AppError.rule('timeslotOtherProvider');
        if (slot.categoryIdentifier && slot.categoryIdentifier !== booking.therapyCategoryId)
          throw AppError.rule('timeslotInvalid');
        const to = { startsAt: new Date(slot.startTime), endsAt: new Date(slot.endTime) };
        if (to.startsAt.getTime() === booking.startsAt.getTime() && to.endsAt.getTime() === booking.endsAt.getTime())
          throw AppError.rule('sameTimeslot');
        if (await repo.pendingReschedule(tx, booking.identifier))
          throw AppError.conflict('CONFLICT', 'rescheduleRequestPending');
        const left = role === 'client' ? booking.clientReschedulesLeft : booking.providerReschedulesLeft;
        if (left <= 0) throw AppError.conflict('CONFLICT', 'rescheduleLimitReached');
        if (!slot.isAvailable) throw AppError.conflict('CONFLICT', 'timeslotTaken');
        const now = clock.now();
        // The count is spent when the reschedule applies; a request spends it only when it is accepted (a declined or
        // withdrawn one never did: decision 0060).
        const spent = role === 'client' ? { clientReschedulesLeft: left - 1 } : { providerReschedulesLeft: left - 1 };
        const requestId = newId();
        const request = {
          identifier: requestId,
          bookingId: booking.identifier,
          requestedBy: role,
          requestedById: viewer.userId,
          fromStartsAt: booking.startsAt,
          fromEndsAt: booking.endsAt,
          toStartsAt: to.startsAt,
          toEndsAt: to.endsAt,
          noteSealed: texts.seal('rescheduleNote', requestId, input.note),
          createdAt: now,
        };
        if (needsApproval(booking, now)) {
          await repo.update(tx, booking.identifier, { updatedAt: now });
          await repo.addReschedule(tx, { ...request, status: 'pending' });
          await publish(tx, booking, 'reschedule-requested', { status: booking.status }, booking.startsAt, role);
          return { data: await view(tx, booking.identifier), messageKey: 'rescheduleNeedsApproval' as const };
        }
        // A pending (unpaid) booking gets a fresh hold at its new time.
        const hold =
          booking.status === 'pending'
            ? { holdExpiresAt: new Date(now.getTime() + BOOKING_HOLD_MINUTES * MINUTE) }
            : {};
        const after = { status: booking.status, ...to, ...spent, ...hold, updatedAt: now };
        await repo.update(tx, booking.identifier, after);
        await repo.addReschedule(tx, { ...request, status: 'applied', decidedAt: now, decidedBy: role });
        await publish(tx, booking, 'rescheduled', after, booking.startsAt, role);
        return { data: await view(tx, booking.identifier), messageKey: 'rescheduled' as const };
      });
    },

    /** The other party accepts (the booking moves; 409 when the slot was taken meanwhile) or rejects (it keeps its time). */
    async answerReschedule(viewer: Viewer, bookingId: string, status: 'accepted' | 'rejected'): Promise<ChangeResult> {
      return events.transaction(async (tx) => {
        const b = await repo.lock(tx, bookingId);
        const role = sideOf(b, viewer);
        const booking = b!;
        const request = await repo.pendingReschedule(tx, booking.identifier);
        if (!request || !isActive(booking.status)) throw AppError.conflict('CONFLICT', 'noRescheduleRequest');
        if (request.requestedBy === role) throw AppError.conflict('CONFLICT', 'ownRescheduleRequest');
        const now = clock.now();
        if (status === 'rejected') {
          await repo.decideReschedule(tx, request.identifier, 'rejected', now, role);
          await publish(tx, booking, 'reschedule-rejected', { status: booking.status }, booking.startsAt, role);
          return { data: await view(tx, booking.identifier), messageKey: 'rescheduleRejected' as const };
        }
        if (request.toStartsAt.getTime() <= now.getTime()) throw AppError.conflict('CONFLICT', 'timeslotTaken');
        // The requester's count is spent now that the move applies (decision 0060); a pending request blocks every
        // other reschedule, so it is still there, but the rule is checked where it is spent.
        const left = request.requestedBy === 'client' ? booking.clientReschedulesLeft : booking.providerReschedulesLeft;
        if (left <= 0) throw AppError.conflict('CONFLICT', 'rescheduleLimitReached');
        const after = {
          status: booking.status,
          startsAt: request.toStartsAt,
          endsAt: request.toEndsAt,
          ...(request.requestedBy === 'client'
            ? { clientReschedulesLeft: left - 1 }
            : { providerReschedulesLeft: left - 1 }),
          updatedAt: now,
        };
        await repo.update(tx, booking.identifier, after);
        await repo.decideReschedule(tx, request.identifier, 'accepted', now, role);
        await publish(tx, booking, 'reschedule-accepted', after, booking.startsAt, role);
        return { data: await view(tx, booking.identifier), messageKey: 'rescheduleAccepted' as const };
      });
    },

    /**
     * The requester takes back their pending reschedule request (issue 48): the booking keeps its time, no count was
     * spent, and the other party is told (the notification centre hears `reschedule-withdrawn`). Under the booking's
     * row lock, like the answer: a withdrawal and an acceptance at once run one after the other, and the second finds
     * no pending request (409).
     */
    async withdrawReschedule(viewer: Viewer, bookingId: string): Promise<ChangeResult> {
      return events.transaction(async (tx) => {
        const b = await repo.lock(tx, bookingId);
        const role = sideOf(b, viewer);
        const booking = b!;
        const request = await repo.pendingReschedule(tx, booking.identifier);
        if (!request || request.requestedBy !== role || !isActive(booking.status))
          throw AppError.conflict('CONFLICT', 'noRescheduleRequestToWithdraw');
        const now = clock.now();
        await repo.decideReschedule(tx, request.identifier, 'withdrawn', now, role);
        await repo.update(tx, booking.identifier, { updatedAt: now });
        await publish(tx, booking, 'reschedule-withdrawn', { status: booking.status }, booking.startsAt, role);
        return { data: await view(tx, booking.identifier), messageKey: 'rescheduleWithdrawn' as const };
      });
    },

    /**
     * The provider accepts a requested booking: `pending` with a hold of 24 h (at most until the session starts), or
     * `confirmed` at once when it costs nothing. `id` is the booking participant's identifier or the booking's.
     */
    async acknowledge(viewer: Viewer, id: string): Promise<ChangeResult> {
      return events.transaction(async (tx) => {
        const booking = await lockRequested(tx, viewer, id);
        const now = clock.now();
        const free = booking.priceAmount === 0;
        const hold = new Date(
          Math.min(
            now.getTime() + ACKNOWLEDGED_HOLD_HOURS * HOUR,
            booking.startsAt?.getTime() ?? Number.POSITIVE_INFINITY,
          ),
        );
        const after = free
          ? {
              status: 'confirmed' as const,
              previousStatus: booking.status,
              paidAt: now,
              holdExpiresAt: null,
              updatedAt: now,
            }
          : { status: 'pending' as const, previousStatus: booking.status, holdExpiresAt: hold, updatedAt: now };
        await repo.update(tx, booking.identifier, after);
        await repo.setParticipantStatus(tx, booking.identifier, 'acknowledged');
        await repo.addHistory(tx, {
          bookingId: booking.identifier,
          status: after.status,
          previousStatus: booking.status,
          actor: 'provider',
          actorId: viewer.userId,
          at: now,
        });
        await publish(tx, booking, 'acknowledged', after, undefined, 'provider');
        return { data: await view(tx, booking.identifier), messageKey: 'bookingAcknowledged' as const };
      });
    },

    /**
     * The provider declines a requested booking with a reason (sealed, like a cancel note) and up to 3 other free times
     * of theirs (issue 47): `rejected`, and its slot is free again. A suggested time must be the provider's, still
     * free and ahead, and not the requested one; the request's own time does not count as busy (it is freed now).
     */
    async reject(viewer: Viewer, id: string, input: DeclineValues): Promise<ChangeResult> {
      return events.transaction(async (tx) => {
        const booking = await lockRequested(tx, viewer, id);
        const now = clock.now();
        const suggestedTimes = await checkSuggestions(tx, booking, input.suggestedTimeslots, now);
        const after = {
          status: 'rejected' as const,
          previousStatus: booking.status,
          holdExpiresAt: null,
          declineReasonSealed: texts.seal('declineReason', booking.identifier, input.reason),
          suggestedTimes,
          updatedAt: now,
        };
        await repo.update(tx, booking.identifier, after);
        await repo.setParticipantStatus(tx, booking.identifier, 'rejected');
        await repo.addHistory(tx, {
          bookingId: booking.identifier,
          status: 'rejected',
          previousStatus: booking.status,
          actor: 'provider',
          actorId: viewer.userId,
          at: now,
        });
        await publish(tx, booking, 'rejected', after, undefined, 'provider');
        return { data: await view(tx, booking.identifier), messageKey: 'bookingRejected' as const };
      });
    },
  };

  /** The suggested times of a decline, each checked (400 or 409 with the rule's message), in the order given. */
  async function checkSuggestions(
    tx: Executor,
    booking: BookingRow,
    timeslots: string[],
    now: Date,
  ): Promise<NonNullable<BookingRow['suggestedTimes']>> {
    const own =
      booking.startsAt && booking.endsAt
        ? { start: booking.startsAt.getTime(), end: booking.endsAt.getTime() }
        : undefined;
    const times: NonNullable<BookingRow['suggestedTimes']> = [];
    for (const timeslotIdentifier of timeslots) {
      const slot = await availability.verifyTimeslot(timeslotIdentifier, undefined, own, tx);
      if (slot.providerIdentifier !== booking.providerId) throw AppError.rule('timeslotOtherProvider');
      const start = new Date(slot.startTime);
      if (start.getTime() <= now.getTime()) throw AppError.rule('declineSuggestionPast');
      if (booking.startsAt && start.getTime() === booking.startsAt.getTime())
        throw AppError.rule('declineSuggestionSameTime');
      if (!slot.isAvailable) throw AppError.conflict('CONFLICT', 'declineSuggestionTaken');
      times.push({ timeslotIdentifier, startTime: start.toISOString(), endTime: new Date(slot.endTime).toISOString() });
    }
    return times;
  }

  async function lockRequested(tx: Executor, viewer: Viewer, id: string): Promise<BookingRow> {
    const bookingId = (await repo.bookingIdOfParticipant(tx, id)) ?? id;
    const b = await repo.lock(tx, bookingId);
    sideOf(b, viewer, 'provider');
    if (b!.status !== 'requested') throw AppError.conflict('CONFLICT', 'bookingNotRequested');
    return b!;
  }
}
export type BookingChangesService = ReturnType<typeof createBookingChangesService>;
