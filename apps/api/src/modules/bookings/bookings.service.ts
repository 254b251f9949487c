import type {
  AppointmentInput,
  Booking,
  BookingDetails,
  BookingStatus,
  BookingValues,
  ParticipantBooking,
  ProviderClient,
} from '@therapy/contracts/bookings';
import {
  BOOKING_HOLD_MINUTES,
  CLIENT_RESCHEDULES,
  MAX_UNPAID_PENDING,
  PROVIDER_RESCHEDULES,
} from '@therapy/contracts/constants';
import { en } from '@therapy/contracts/messages';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { bookingOf, requireAccessTo, type Actor } from '../../platform/auth/access.ts';
import type { BookingFacts } from '../../platform/booking-facts.ts';
import { AppError } from '../../platform/errors.ts';
import { fieldEncryptionFromConfig } from '../../platform/field-encryption.ts';
import { newId } from '../../platform/ids.ts';
import type { BookingChange } from '../../platform/events.ts';
import type { AvailabilityModule } from '../availability/availability.module.ts';
import type { PracticeDetailsModule } from '../practice-details/practice-details.module.ts';
import type { WalletModule } from '../wallet/wallet.module.ts';
import { bookingHistory } from './booking-history.ts';
import { isSlotTaken } from './booking-refusals.ts';
import { createBookingTexts } from './booking-texts.ts';
import {
  bookingsRepository as repo,
  termsReader,
  type BookingRecord,
  type BookingTerms,
  type InsertedBooking,
  type NewBooking,
  type TermsIds,
} from './bookings.repository.ts';
import { changesRepository } from './changes/changes.repository.ts';
import { toBooking } from './changes/changes.service.ts';

/**
 * Making and paying bookings (issue 15; DESIGN.md §6 "Bookings"; spec §3, §5): a client books a slot (or a weekly
 * series), a provider creates an appointment (with or without a time) that the client schedules, and a pending
 * booking is paid from the wallet. Every write is one transaction with its status history, its ledger movement and
 * its `booking.changed` event. Two active bookings of a provider never overlap: the database refuses it
 * (`bookings_no_overlap`), and the refusal is a 409, never a 5xx.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A provider's appointment with a time waits a day for the client to pay (the client is not online to pay in 30 minutes). */
export const APPOINTMENT_HOLD_HOURS = 24;

export interface BookingsPorts {
  availability: Pick<AvailabilityModule, 'verifyTimeslot' | 'timeslotOf' | 'weeklyRepeats'>;
  wallet: Pick<WalletModule, 'debit' | 'transfer'>;
  practiceDetails: Pick<PracticeDetailsModule, 'listedStatesOf'>;
  isVerified: (providerId: string, ex?: Executor) => Promise<boolean>;
  /** The provider's practice records: clients without an account (decision 0053). */
  records: {
    isRecordOf: (providerId: string, clientId: string) => Promise<boolean>;
    inviteUnlessInvited: (providerId: string, recordId: string) => Promise<void>;
    recordsOf: (
      providerId: string,
    ) => Promise<Array<{ identifier: string; firstName: string | null; lastName: string | null }>>;
  };
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

interface Slot {
  providerId: string;
  categoryId: string | null;
  start: Date;
  end: Date;
}

export function createBookingsService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'events' | 'config' | 'files'>,
  ports: BookingsPorts,
) {
  const { db, clock, events, config } = deps;
  const { availability, wallet, practiceDetails } = ports;
  // The fee and the debt are the practice's and the wallet's rules, read in the terms' own statement (decision 0040).
  const readTerms = termsReader();
  // The notes of a booking are health text, sealed at rest (booking-texts.ts).
  const texts = createBookingTexts(fieldEncryptionFromConfig(config));

  const view = async (ex: Executor, bookingId: string): Promise<Booking> =>
    toBooking((await changesRepository.view(ex, bookingId))!, deps.files.signedUrl, texts);

  /** A status line with its note sealed for the line (an id of its own, which the seal is bound to). */
  const lineWith = <T extends object>(line: T, note: string | null) => {
    const identifier = newId();
    return { ...line, identifier, noteSealed: texts.seal('historyNote', identifier, note) };
  };

  const publish = (
    tx: Executor,
    b: Pick<BookingRecord, 'identifier' | 'clientId' | 'providerId'> & {
      startsAt?: Date | null;
      endsAt?: Date | null;
      createdBy?: BookingRecord['createdBy'];
      holdExpiresAt?: Date | null;
    },
    change: BookingChange,
    status: BookingStatus,
    previousStatus: BookingStatus | null,
  ) =>
    events.publish(tx, 'booking.changed', {
      bookingId: b.identifier,
      clientId: b.clientId,
      providerId: b.providerId,
      change,
      status,
      previousStatus,
      startTime: iso(b.startsAt),
      endTime: iso(b.endsAt),
      ...(b.createdBy ? { createdBy: b.createdBy } : {}),
      ...(b.holdExpiresAt === undefined ? {} : { holdExpiresAt: iso(b.holdExpiresAt) }),
    });

  const history = (
    tx: Executor,
    bookingId: string,
    status: BookingStatus,
    previousStatus: BookingStatus | null,
    actor: 'client' | 'provider' | 'system',
    actorId: string | null,
    note: string | null = null,
  ) =>
    changesRepository.addHistory(
      tx,
      lineWith({ bookingId, status, previousStatus, actor, actorId, at: clock.now() }, note),
    );

  /** Expires the stale holds overlapping [start, end) so the constraint lets the new interval in (it cannot see now()). */
  const clearStaleHolds = async (tx: Executor, providerId: string, start: Date, end: Date) =>
    expiredHolds(tx, await repo.expireOverlappingHolds(tx, providerId, start, end, clock.now()));
  /** The history line and the event of each hold that was just expired. */
  async function expiredHolds(
    tx: Executor,
    stale: Array<Pick<BookingRecord, 'identifier' | 'clientId' | 'providerId' | 'startsAt' | 'endsAt'>>,
  ) {
    for (const hold of stale) {
      await history(tx, hold.identifier, 'expired', 'pending', 'system', null);
      await publish(tx, hold, 'expired', 'expired', 'pending');
    }
  }

  /** The timeslot identifier checked again: genuine (400), still free now (409). */
  const slotOf = async (timeslotIdentifier: string): Promise<Slot> =>
    judgeSlot(db, await availability.verifyTimeslot(timeslotIdentifier));
  /** A slot check's answer judged; what it asks the database further goes through `ex` (inside a transaction, its own). */
  const judgeSlot = async (
    ex: Executor,
    check: Awaited<ReturnType<BookingsPorts['availability']['verifyTimeslot']>>,
  ): Promise<Slot> => {
    // An unverified provider's plan offers no slot; only then is it asked which of the two it is.
    if (!check.isAvailable) {
      if (!(await ports.isVerified(check.providerIdentifier, ex))) throw AppError.rule('providerNotBookable');
      throw AppError.conflict('CONFLICT', 'timeslotTaken');
    }
    return {
      providerId: check.providerIdentifier,
      categoryId: check.categoryIdentifier,
      start: new Date(check.startTime),
      end: new Date(check.endTime),
    };
  };

  /**
   * What the provider offers and charges for this therapy and modality, where the session happens, whether they
   * approve first, the client's region (for the licence rule) and whether the client owes money: one read.
   */
  const terms = async (
    clientId: string,
    providerId: string,
    therapyId: string,
    modalityId: string,
    slotCategory: string | null,
  ) => judgeTerms(await readTerms(db, { providerId, clientId, therapyId, modalityId }), therapyId, slotCategory);
  const judgeTerms = (offer: BookingTerms | undefined, therapyId: string, slotCategory: string | null) => {
    if (!offer) throw AppError.notFound();
    if (!offer.offersTherapy) throw AppError.rule('therapyNotOfferedByProvider');
    if (slotCategory !== null && slotCategory !== therapyId) throw AppError.rule('timeslotInvalid');
    if (!offer.offersModality) throw AppError.rule('modalityNotOffered');
    const fee = offer.fee;
    if (!fee) throw AppError.rule('providerNotBookable');
    const online = offer.modalityCode === 'online';
    // Offered items and a fee are rows that name the provider, the therapy and the modality: these are there.
    const { provider, category, modality } = offer.shown;
    if (!provider || !category || !modality) throw AppError.notFound();
    const shown = { ...offer.shown, provider, category, modality };
    return {
      fee,
      online,
      address: online ? null : offer.officeAddress,
      requiresApproval: offer.requiresApproval,
      region: offer.region,
      owesDebt: offer.owesDebt,
      shown,
    };
  };

  /** A US client may only book a provider licensed in their state (clients elsewhere are not restricted). */
  const checkLicence = async (region: BookingTerms['region'], providerId: string, ex: Executor = db) => {
    if (region.countryCode !== 'US') return;
    if (!region.stateId) throw AppError.rule('stateRequiredToBook');
    const licensed = await practiceDetails.listedStatesOf(providerId, ex);
    if (!licensed.some((s) => s.identifier === region.stateId))
      throw AppError.rule('notLicensedInState', { state: region.stateName ?? region.stateCode ?? '' });
  };

  /** A new booking's row; its note (the client's to the therapist) sealed for the booking. */
  const newRow = ({
    note,
    ...fields
  }: Omit<NewBooking, 'identifier' | 'clientReschedulesLeft' | 'providerReschedulesLeft' | 'noteSealed'> & {
    identifier?: string;
    note: string | null;
  }): NewBooking => {
    const identifier = fields.identifier ?? newId();
    return {
      ...fields,
      identifier,
      noteSealed: texts.seal('note', identifier, note),
      clientReschedulesLeft: CLIENT_RESCHEDULES,
      providerReschedulesLeft: PROVIDER_RESCHEDULES,
      meetingLink:
        fields.meetingLink === undefined ? null : fields.meetingLink && `${config.appOrigin}/session/${identifier}`,
    };
  };

  /**
   * The client's bookings of a slot (one, or a weekly series). The slot check and the terms are read first, together,
   * each a statement prepared once on the pool (they need no lock: the exclusion constraint refuses a slot taken
   * meanwhile); then one transaction takes the client's lock (with the stale holds overlapping the slot expired, as
   * the exclusion constraint cannot see the clock), counts the client's unpaid bookings after it, and writes the rows
   * and their event.
   */
  async function book(actor: Actor, input: BookingValues, occurrences: number): Promise<Booking[]> {
    const clientId = actor.userId;
    // Whose slot it is and when, from the identifier alone (a forged one is refused before anything is read).
    const claimed = availability.timeslotOf(input.timeslotIdentifier);
    const [check, offer] = await Promise.all([
      availability.verifyTimeslot(input.timeslotIdentifier),
      readTerms(db, {
        providerId: claimed.providerId,
        clientId,
        therapyId: input.therapyIdentifier,
        modalityId: input.modalityIdentifier,
      }),
    ]);
    // Judged in the order the client reads the errors: the slot, the terms, the licence, the debt, the unpaid limit.
    const slot = await judgeSlot(db, check);
    const {
      fee,
      online,
      address,
      requiresApproval: approval,
      region,
      owesDebt,
      shown,
    } = judgeTerms(offer, input.therapyIdentifier, slot.categoryId);
    await checkLicence(region, slot.providerId);
    if (owesDebt) throw AppError.conflict('CONFLICT', 'outstandingDebt');

    const free = fee.isFree || fee.amount === 0;
    const status: BookingStatus = approval ? 'requested' : free ? 'confirmed' : 'pending';
    const rowAt = (interval: { start: Date; end: Date }, seriesId: string | null, now: Date) =>
      newRow({
        clientId,
        providerId: slot.providerId,
        therapyCategoryId: input.therapyIdentifier,
        modalityId: input.modalityIdentifier,
        status,
        startsAt: interval.start,
        endsAt: interval.end,
        note: input.note,
        meetingLink: online ? 'online' : null,
        address,
        priceAmount: free ? 0 : fee.amount,
        currencyCode: fee.currencyCode,
        holdExpiresAt: status === 'pending' ? new Date(now.getTime() + BOOKING_HOLD_MINUTES * MINUTE) : null,
        seriesId,
        createdBy: 'client',
        paidAt: status === 'confirmed' ? now : null,
      });
    const lineOf = () => lineWith({ actor: 'client' as const, actorId: clientId, at: clock.now() }, input.note);
    const change = status === 'requested' ? 'requested' : status === 'confirmed' ? 'paid' : 'created';
    // Only an unpaid booking counts against the limit, and a series once.
    const maxUnpaid = status === 'pending' ? MAX_UNPAID_PENDING : null;
    const lockKey = `booking-client:${clientId}`;

    const inserted = await events.transaction(async (tx) => {
      const now = clock.now();
      if (occurrences === 1) {
        // One statement: the client's lock, the stale holds overlapping the slot expired, the unpaid count after the
        // lock, and the rows unless the limit is reached. An overlap is refused with 409 (`slotTakenUnless`).
        const row = rowAt(slot, null, now);
        const booked = await repo.book(
          tx,
          lockKey,
          { ...row, startsAt: slot.start, endsAt: slot.end },
          lineOf(),
          now,
          maxUnpaid,
        );
        if (!booked.inserted) throw AppError.conflict('CONFLICT', 'tooManyUnpaid');
        await expiredHolds(tx, booked.expired);
        await publish(tx, row, change, status, null);
        return [booked.inserted];
      }
      const locked = await repo.lockAndExpireHolds(tx, lockKey, clientId, slot.providerId, slot.start, slot.end, now);
      if (maxUnpaid !== null && locked.unpaid + 1 > maxUnpaid) throw AppError.conflict('CONFLICT', 'tooManyUnpaid');
      const intervals = [{ start: slot.start, end: slot.end }];
      const repeats = await availability.weeklyRepeats(
        slot.providerId,
        slot.categoryId,
        slot.start.getTime(),
        slot.end.getTime(),
        occurrences,
        tx,
      );
      for (const [i, r] of repeats.entries()) {
        if (!r.offered) throw seriesCollision(i + 2, new Date(r.start));
        intervals.push({ start: new Date(r.start), end: new Date(r.end) });
      }
      await expiredHolds(tx, locked.expired);
      const seriesId = newId();
      const made: InsertedBooking[] = [];
      for (const [i, interval] of intervals.entries()) {
        if (i > 0) await clearStaleHolds(tx, slot.providerId, interval.start, interval.end);
        const row = rowAt(interval, seriesId, now);
        // Each under a savepoint, so a collision can name its occurrence.
        try {
          made.push(await tx.transaction(async (sp) => repo.insertWithHistory(sp, row, lineOf())));
        } catch (err) {
          if (isSlotTaken(err)) throw seriesCollision(i + 1, interval.start);
          throw err;
        }
        await publish(tx, row, change, status, null);
      }
      return made;
    });
    // The answer from the rows as stored and what the terms read: a new booking has no reschedules and no feedback yet.
    return inserted.map((m) =>
      toBooking(
        {
          // A client's own booking is always paid on the platform (the column's default).
          booking: { ...m.booking, paymentMethod: m.booking.paymentMethod ?? 'platform' },
          ...shown,
          reschedules: [],
          participantId: m.participantId,
          feedbackProvided: false,
        },
        deps.files.signedUrl,
        texts,
      ),
    );
  }

  /** 409 naming the occurrence that is not free; nothing of the series is kept. */
  const seriesCollision = (occurrence: number, at: Date) =>
    new AppError(409, 'CONFLICT', 'seriesCollides', undefined, { occurrence, date: at.toISOString().slice(0, 10) });

  /** The booking for one of its parties (404 for anyone else, like a missing one). */
  const own = async (
    ex: Executor,
    actor: Actor,
    bookingId: string,
    side: 'client' | 'provider' | 'either',
  ): Promise<BookingRecord> => {
    return requireAccessTo(actor, 'act', await repo.find(ex, bookingId), (b) =>
      bookingOf(b, side === 'either' ? undefined : side),
    );
  };

  const details = async (ex: Executor, b: BookingRecord): Promise<BookingDetails> => {
    const shown = (await changesRepository.view(ex, b.identifier))!;
    const booking = toBooking(shown, deps.files.signedUrl, texts);
    const rows = await repo.history(ex, b.identifier);
    const statuses = rows.map((h) => ({
      status: h.status,
      previousStatus: h.previousStatus,
      actor: h.actor,
      note: texts.open('historyNote', h.identifier, h.noteSealed),
      at: h.at,
    }));
    const moves = shown.reschedules.map((r) => ({
      ...r,
      note: texts.open('rescheduleNote', r.identifier, r.noteSealed),
    }));
    return {
      ...booking,
      statusHistory: statuses.map((s) => ({ ...s, at: s.at.toISOString() })),
      history: bookingHistory(statuses, moves, b.refundAmount),
      cancellation:
        b.status === 'cancelled' && b.cancelledAt && b.cancelledBy
          ? {
              by: b.cancelledBy,
              note: texts.open('cancelNote', b.identifier, b.cancelNoteSealed) ?? '',
              refundAmount: b.refundAmount ?? 0,
              at: b.cancelledAt.toISOString(),
            }
          : null,
    };
  };

  /**
   * A slot held for the client by a waitlist offer (issue 19), booked as the booking of a slot would be (same terms,
   * licence, debt and unpaid checks, same statuses), without checking the slot's signature: the offer is the proof,
   * and `claim` (in the booking's transaction, after the row) takes it once or throws, undoing the booking. The exclusion constraint still
   * refuses a time that someone else got in the meantime.
   */
  async function bookOffered(
    clientId: string,
    offer: { providerId: string; therapyId: string; modalityId: string; start: Date; end: Date },
    claim: (tx: Executor, bookingId: string) => Promise<void>,
  ): Promise<Booking> {
    const {
      fee,
      online,
      address,
      requiresApproval: approval,
      region,
      owesDebt,
    } = await terms(clientId, offer.providerId, offer.therapyId, offer.modalityId, null);
    await checkLicence(region, offer.providerId);
    if (owesDebt) throw AppError.conflict('CONFLICT', 'outstandingDebt');
    const free = fee.isFree || fee.amount === 0;
    const status: BookingStatus = approval ? 'requested' : free ? 'confirmed' : 'pending';
    const now = clock.now();
    const id = await events.transaction(async (tx) => {
      const locked = await repo.lockAndExpireHolds(
        tx,
        `booking-client:${clientId}`,
        clientId,
        offer.providerId,
        offer.start,
        offer.end,
        now,
      );
      const row = newRow({
        clientId,
        providerId: offer.providerId,
        therapyCategoryId: offer.therapyId,
        modalityId: offer.modalityId,
        status,
        startsAt: offer.start,
        endsAt: offer.end,
        note: null,
        meetingLink: online ? 'online' : null,
        address,
        priceAmount: free ? 0 : fee.amount,
        currencyCode: fee.currencyCode,
        holdExpiresAt: status === 'pending' ? new Date(now.getTime() + BOOKING_HOLD_MINUTES * MINUTE) : null,
        seriesId: null,
        createdBy: 'client',
        paidAt: status === 'confirmed' ? now : null,
      });
      if (status === 'pending' && locked.unpaid + 1 > MAX_UNPAID_PENDING)
        throw AppError.conflict('CONFLICT', 'tooManyUnpaid');
      await expiredHolds(tx, locked.expired);
      await repo.insert(tx, row);
      await claim(tx, row.identifier);
      await history(tx, row.identifier, status, null, 'client', clientId, null);
      await publish(
        tx,
        row,
        status === 'requested' ? 'requested' : status === 'confirmed' ? 'paid' : 'created',
        status,
        null,
      );
      return row.identifier;
    });
    return view(db, id);
  }

  return {
    /** A booking's terms for a client (the waitlist checks the offer when a client joins). */
    terms: (ids: TermsIds): Promise<BookingTerms | undefined> => readTerms(db, ids),
    create: async (actor: Actor, input: BookingValues): Promise<Booking> => (await book(actor, input, 1))[0]!,
    bookOffered,
    createSeries: (actor: Actor, input: BookingValues & { occurrences: number }): Promise<Booking[]> =>
      book(actor, input, input.occurrences),

    /** A provider's appointment for one of their clients: with a time (pending, a day to pay) or without (to schedule). */
    async createAppointment(
      actor: Actor,
      input: Omit<AppointmentInput, 'note'> & { note: string | null },
    ): Promise<Booking> {
      const providerId = actor.userId;
      if (!(await ports.isVerified(providerId))) throw AppError.rule('providerNotBookable');
      // A client who booked before, or the provider's own record of a client without an account (decision 0053).
      const isRecord = await ports.records.isRecordOf(providerId, input.clientIdentifier);
      if (!isRecord && !(await repo.hasBookedWith(db, providerId, input.clientIdentifier)))
        throw AppError.rule('clientNotYours');
      const outside = input.payment === 'outside';
      if (outside && !input.timeslotIdentifier) throw AppError.rule('outsidePaymentNeedsTime');
      let slot: Slot | null = null;
      if (input.timeslotIdentifier) {
        slot = await slotOf(input.timeslotIdentifier);
        if (slot.providerId !== providerId) throw AppError.rule('timeslotOtherProvider');
      }
      const { fee, online, address } = await terms(
        input.clientIdentifier,
        providerId,
        input.therapyIdentifier,
        input.modalityIdentifier,
        slot?.categoryId ?? null,
      );
      // Paid outside the platform: confirmed with no money here (price 0: escrow, earnings, refunds skip it).
      const free = fee.isFree || fee.amount === 0 || outside;
      const now = clock.now();
      const status: BookingStatus = free && slot ? 'confirmed' : 'pending';
      const row = newRow({
        paymentMethod: outside ? 'outside' : 'platform',
        clientId: input.clientIdentifier,
        providerId,
        therapyCategoryId: input.therapyIdentifier,
        modalityId: input.modalityIdentifier,
        status,
        startsAt: slot?.start ?? null,
        endsAt: slot?.end ?? null,
        note: input.note,
        meetingLink: online ? 'online' : null,
        address,
        priceAmount: free ? 0 : fee.amount,
        currencyCode: fee.currencyCode,
        holdExpiresAt: status === 'pending' && slot ? new Date(now.getTime() + APPOINTMENT_HOLD_HOURS * HOUR) : null,
        seriesId: null,
        createdBy: 'provider',
        paidAt: status === 'confirmed' ? now : null,
      });
      await events.transaction(async (tx) => {
        if (slot) await clearStaleHolds(tx, providerId, slot.start, slot.end);
        await repo.insert(tx, row);
        await history(tx, row.identifier, status, null, 'provider', providerId, input.note);
        await publish(tx, row, status === 'confirmed' ? 'paid' : 'created', status, null);
      });
      // A client without an account who is to pay on the platform is invited to join (and then pays).
      if (isRecord && !outside) await ports.records.inviteUnlessInvited(providerId, input.clientIdentifier);
      return view(db, row.identifier);
    },

    /** The client picks a time for an appointment without one: pending with a 30-minute hold, then pays. */
    async schedule(actor: Actor, bookingId: string, timeslotIdentifier: string): Promise<Booking> {
      const existing = await own(db, actor, bookingId, 'client');
      if (existing.startsAt || existing.status !== 'pending')
        throw AppError.conflict('CONFLICT', 'bookingNotSchedulable');
      const slot = await slotOf(timeslotIdentifier);
      if (slot.providerId !== existing.providerId) throw AppError.rule('timeslotOtherProvider');
      if (slot.categoryId !== null && slot.categoryId !== existing.therapyCategoryId)
        throw AppError.rule('timeslotInvalid');
      await events.transaction(async (tx) => {
        const b = await repo.lock(tx, bookingId);
        if (!b || b.startsAt || b.status !== 'pending') throw AppError.conflict('CONFLICT', 'bookingNotSchedulable');
        await clearStaleHolds(tx, b.providerId, slot.start, slot.end);
        const now = clock.now();
        const patch = {
          startsAt: slot.start,
          endsAt: slot.end,
          holdExpiresAt: new Date(now.getTime() + BOOKING_HOLD_MINUTES * MINUTE),
        };
        await repo.update(tx, bookingId, patch);
        await history(tx, bookingId, 'pending', 'pending', 'client', actor.userId);
        await publish(tx, { ...b, ...patch }, 'scheduled', 'pending', b.previousStatus);
      });
      return view(db, bookingId);
    },

    /**
     * Pays a pending booking from the client's wallet in the booking's currency: wallet -> escrow and `confirmed`, in
     * one transaction. The same Idempotency-Key answers as the first time; a booking is paid at most once.
     */
    async pay(actor: Actor, bookingId: string, idempotencyKey: string): Promise<Booking> {
      await own(db, actor, bookingId, 'client');
      const expired = await events.transaction(async (tx) => {
        const b = (await repo.lock(tx, bookingId))!;
        const earlier = await repo.paymentByKey(tx, actor.userId, idempotencyKey);
        if (earlier) {
          if (earlier.bookingId !== bookingId) throw AppError.conflict('CONFLICT', 'bookingNotPayable');
          return false;
        }
        if (b.paidAt || b.status === 'confirmed' || b.status === 'completed')
          throw AppError.conflict('CONFLICT', 'bookingAlreadyPaid');
        if (b.status !== 'pending' || !b.startsAt)
          throw AppError.conflict('CONFLICT', b.status === 'expired' ? 'bookingExpired' : 'bookingNotPayable');
        const now = clock.now();
        if (b.holdExpiresAt && b.holdExpiresAt <= now) {
          await repo.update(tx, bookingId, { status: 'expired', previousStatus: 'pending', holdExpiresAt: null });
          await history(tx, bookingId, 'expired', 'pending', 'system', null);
          await publish(tx, b, 'expired', 'expired', 'pending');
          return true;
        }
        const posted = await wallet
          .debit(
            {
              userId: b.clientId,
              amount: b.priceAmount,
              currencyCode: b.currencyCode,
              reference: `booking:${b.identifier}`,
              description: en.bookingPaymentEntry,
            },
            tx,
          )
          .catch((err: unknown) => {
            // Short: the payment page offers a top-up on this code (the contract's 409 INSUFFICIENT_FUNDS).
            if (err instanceof AppError && err.messageKey === 'insufficientFunds')
              throw new AppError(409, 'INSUFFICIENT_FUNDS', 'insufficientFunds');
            throw err;
          });
        await repo.addPayment(tx, {
          bookingId,
          clientId: actor.userId,
          idempotencyKey,
          ledgerTransactionId: posted.transactionId,
        });
        await repo.update(tx, bookingId, {
          status: 'confirmed',
          previousStatus: 'pending',
          holdExpiresAt: null,
          paidAt: now,
        });
        await history(tx, bookingId, 'confirmed', 'pending', 'client', actor.userId);
        await publish(tx, b, 'paid', 'confirmed', 'pending');
        return false;
      });
      // The expiry is kept (it happened); the answer says why nothing was paid.
      if (expired) throw AppError.conflict('CONFLICT', 'bookingExpired');
      return view(db, bookingId);
    },

    async list(
      actor: Actor,
      side: 'client' | 'provider',
      query: { statuses: BookingStatus[]; page: number; pageSize: number },
      clientId?: string,
    ) {
      const who =
        side === 'client'
          ? { clientId: actor.userId }
          : { providerId: actor.userId, ...(clientId ? { clientId } : {}) };
      const { ids, total } = await repo.page(db, who, query.statuses, query.page, query.pageSize);
      const data = await Promise.all(ids.map((id) => view(db, id)));
      return {
        data,
        meta: { page: query.page, pageSize: query.pageSize, total, totalPages: Math.ceil(total / query.pageSize) },
      };
    },

    get: async (actor: Actor, bookingId: string): Promise<Booking> =>
      view(db, (await own(db, actor, bookingId, 'client')).identifier),
    details: async (actor: Actor, bookingId: string, side: 'client' | 'provider'): Promise<BookingDetails> =>
      details(db, await own(db, actor, bookingId, side)),

    async series(actor: Actor, bookingId: string): Promise<Booking[]> {
      const b = await own(db, actor, bookingId, 'client');
      const ids = b.seriesId ? await repo.seriesIds(db, b.seriesId) : [b.identifier];
      return Promise.all(ids.map((id) => view(db, id)));
    },

    async participant(actor: Actor, participantId: string): Promise<ParticipantBooking> {
      const p = await repo.participant(db, participantId);
      if (!p) throw AppError.notFound();
      const b = await own(db, actor, p.bookingId, 'either');
      return {
        identifier: p.identifier,
        booking: await view(db, b.identifier),
        status: p.status,
        feedbackProvided: p.feedbackProvided,
      };
    },

    /** The provider records attendance once the session has started (of a confirmed or completed booking). */
    async setAttendance(
      actor: Actor,
      participantId: string,
      status: 'attended' | 'no_show',
    ): Promise<ParticipantBooking> {
      const p = await repo.participant(db, participantId);
      if (!p) throw AppError.notFound();
      const b = await own(db, actor, p.bookingId, 'provider');
      if (b.status !== 'confirmed' && b.status !== 'completed')
        throw AppError.conflict('CONFLICT', 'bookingNotPayable');
      if (!b.startsAt || b.startsAt > clock.now()) throw AppError.conflict('CONFLICT', 'attendanceTooEarly');
      await repo.setParticipantStatus(db, participantId, status);
      return {
        identifier: p.identifier,
        booking: await view(db, b.identifier),
        status,
        feedbackProvided: p.feedbackProvided,
      };
    },

    async clients(actor: Actor): Promise<ProviderClient[]> {
      const rows = await repo.clientsOf(db, actor.userId);
      const booked = rows.map(({ photoFileId, avatarUrl, ...r }) => ({
        ...r,
        picture: photoFileId ? deps.files.signedUrl(photoFileId) : avatarUrl,
        lastBookingAt: r.lastBookingAt ? new Date(r.lastBookingAt).toISOString() : null,
        withoutAccount: false,
      }));
      // Then the provider's clients without an account (decision 0053) who have no booking yet.
      const seen = new Set(booked.map((c) => c.identifier));
      const allRecords = await ports.records.recordsOf(actor.userId);
      const recordIds = new Set(allRecords.map((r) => r.identifier));
      const records = allRecords.filter((r) => !seen.has(r.identifier));
      return [
        ...booked.map((c) => ({ ...c, withoutAccount: recordIds.has(c.identifier) })),
        ...records.map((r) => ({
          ...r,
          username: null,
          picture: null,
          timezone: null,
          lastBookingAt: null,
          withoutAccount: true,
        })),
      ];
    },

    settings: async (actor: Actor) => ({ requiresApproval: await repo.requiresApproval(db, actor.userId) }),
    async updateSettings(actor: Actor, requiresApproval: boolean) {
      await repo.setRequiresApproval(db, actor.userId, requiresApproval);
      return { requiresApproval };
    },

    /** The BookingFacts port (platform/booking-facts.ts): what mails and payouts read of a booking. */
    async factsOf(bookingId: string, ex: Executor = db): Promise<BookingFacts | undefined> {
      const v = await changesRepository.view(ex, bookingId);
      if (!v) return undefined;
      const b = v.booking;
      const name = (p: { firstName: string | null; lastName: string | null }) =>
        [p.firstName, p.lastName].filter(Boolean).join(' ') || null;
      return {
        identifier: b.identifier,
        status: b.status,
        clientId: b.clientId,
        providerId: b.providerId,
        startsAt: b.startsAt,
        endsAt: b.endsAt,
        modalityCode: v.modality.code,
        therapyCode: v.category.code,
        therapyName: v.category.name,
        meetingLink: b.meetingLink,
        address: b.address,
        priceAmount: b.priceAmount,
        currencyCode: b.currencyCode,
        clientName: name(v.client),
        providerName: name(v.provider),
        updatedAt: b.updatedAt,
        createdBy: b.createdBy,
        holdExpiresAt: b.holdExpiresAt,
        refundAmount: b.refundAmount,
        declineReason: texts.open('declineReason', b.identifier, b.declineReasonSealed),
        suggestedTimes: b.suggestedTimes ?? [],
      };
    },
  };
}
export type BookingsService = ReturnType<typeof createBookingsService>;
