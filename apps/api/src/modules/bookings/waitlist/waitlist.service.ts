import type { Booking } from '@therapy/contracts/bookings';
import {
  WAITLIST_HORIZON_DAYS,
  WAITLIST_OFFER_HOLD_MINUTES,
  type JoinWaitlistInput,
  type WaitlistEntry,
} from '@therapy/contracts/waitlist';
import type { Executor } from '../../../db/client.ts';
import type { AppDeps } from '../../../deps.ts';
import {
  requireAccessTo,
  requireFound,
  requireLiveAccount,
  requireRole,
  type Actor,
} from '../../../platform/auth/access.ts';
import { AppError } from '../../../platform/errors.ts';
import { formatMailInstant } from '../../../platform/mail/mail-time.ts';
import { mailTemplates } from '../../../platform/mail/templates.ts';
import type { AvailabilityModule } from '../../availability/availability.module.ts';
import type { UserModule } from '../../user/user.module.ts';
import { bookingsRepository, type BookingTerms, type TermsIds } from '../bookings.repository.ts';
import { waitlistRepository as repo, type EntryRow, type OfferRow } from './waitlist.repository.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const SWEEP_BATCH = 200;

export interface WaitlistPorts {
  users: Pick<UserModule, 'findActiveUser'>;
  availability: Pick<AvailabilityModule, 'bookableBetween'>;
  /** The bookings service's booking of a held slot (bookings.service.ts `bookOffered`). */
  bookOffered: (
    clientId: string,
    offer: { providerId: string; therapyId: string; modalityId: string; start: Date; end: Date },
    claim: (tx: Executor, bookingId: string) => Promise<void>,
  ) => Promise<Booking>;
  /** The bookings service's terms of a booking (what the provider offers), checked when a client joins. */
  terms: (ids: TermsIds) => Promise<BookingTerms | undefined>;
}

/** The date and minute of the day of an instant in a zone. */
function localParts(zone: string, at: number): { date: string; minute: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, minute: Number(parts.hour) * 60 + Number(parts.minute) };
}

const toMinute = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const toTime = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const isZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** Whether a slot lies inside a place's dates and times of day, in the place's zone. */
export function fits(
  entry: Pick<EntryRow, 'fromDate' | 'toDate' | 'fromMinute' | 'toMinute' | 'timezone'>,
  slot: { start: number; end: number },
): boolean {
  const start = localParts(entry.timezone, slot.start);
  if (start.date < entry.fromDate || start.date > entry.toDate) return false;
  const endMinute = start.minute + Math.round((slot.end - slot.start) / MINUTE);
  return start.minute >= entry.fromMinute && endMinute <= entry.toMinute;
}

/**
 * The waitlist (issue 19; decision 0033). A client waits in a provider's line for a range of dates and times of day.
 * A scan, one at a time per provider (an advisory lock, on any instance), offers each waiting place the earliest free
 * slot that fits it and that it was never offered before: the slot is held for 30 minutes (busy for everyone else),
 * the client gets a mail and sees it in the app. Taking it books it; letting it run out hands it to the next in line.
 * At most one open offer per slot is also a unique index, so even a second scan could not offer it twice.
 */
export function createWaitlistService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'events' | 'mail' | 'config'>,
  ports: WaitlistPorts,
) {
  const { db, clock, events, mail, config } = deps;

  const client = async (actor: Actor) =>
    requireLiveAccount(actor, await ports.users.findActiveUser(requireRole(actor, 'client').userId));
  const name = (u: { firstName: string | null; lastName: string | null } | undefined) =>
    [u?.firstName, u?.lastName].filter(Boolean).join(' ') || null;

  const view = (
    entry: EntryRow,
    providerName: string | null,
    offer: OfferRow | undefined,
    lapsed?: { startsAt: Date; endsAt: Date },
  ): WaitlistEntry => ({
    identifier: entry.identifier,
    provider: { identifier: entry.providerId, name: providerName },
    therapyIdentifier: entry.therapyCategoryId,
    modalityIdentifier: entry.modalityId,
    fromDate: entry.fromDate,
    toDate: entry.toDate,
    fromTime: toTime(entry.fromMinute),
    toTime: toTime(entry.toMinute),
    timezone: entry.timezone,
    status: entry.status,
    createdAt: entry.createdAt.toISOString(),
    offer: offer
      ? {
          identifier: offer.identifier,
          startsAt: offer.startsAt.toISOString(),
          endsAt: offer.endsAt.toISOString(),
          expiresAt: offer.expiresAt.toISOString(),
          status: offer.status,
        }
      : null,
    // Only beside a place that waits again: once booked anew, or left, the lapsed time is history.
    lapsedOffer:
      lapsed && (entry.status === 'waiting' || entry.status === 'offered')
        ? { startsAt: lapsed.startsAt.toISOString(), endsAt: lapsed.endsAt.toISOString() }
        : null,
  });

  const offerMail = async (tx: Executor, entry: EntryRow, offer: OfferRow) => {
    const [to, provider] = [
      await ports.users.findActiveUser(entry.clientId, tx),
      await ports.users.findActiveUser(entry.providerId, tx),
    ];
    if (!to) return;
    const locale = to.locale === 'de' ? 'de' : 'en';
    const zone = to.timezone ?? entry.timezone;
    // As every mail writes a time (platform/mail/mail-time.ts): 12-hour with the zone's name in English, 24-hour in German.
    const format = (at: Date, withDay: boolean) => formatMailInstant(at, locale, zone, { withDay });
    const content = mailTemplates.waitlistOffer[locale]({
      name: to.firstName ?? (locale === 'de' ? 'zusammen' : 'there'),
      provider: name(provider) ?? (locale === 'de' ? 'deiner Therapeutin oder deinem Therapeuten' : 'your therapist'),
      when: format(offer.startsAt, true),
      until: format(offer.expiresAt, false),
      link: `${config.appOrigin}/waitlist?offer=${offer.identifier}`,
    });
    await mail.queue(tx, {
      to: to.email,
      lang: locale,
      ...content,
      notification: { userId: entry.clientId, kind: 'bookingUpdates' },
    });
  };

  /**
   * Offers each waiting place of the provider the earliest free slot that fits it; returns the offers made. The free
   * slots are computed first (reading only); then, under the provider's lock, each chosen slot is checked again against
   * bookings and held offers before it is offered, so a slot taken meanwhile is not offered, and no other scan of the
   * provider runs at the same time. (The slot computation needs a connection of its own, so it is not done while the
   * lock's transaction holds one: many scans at once would otherwise wait on each other for the pool.)
   */
  async function scan(providerId: string): Promise<OfferRow[]> {
    const waiting = await repo.line(db, providerId);
    if (waiting.length === 0) return [];
    const now = clock.now();
    const candidates = new Map<string, Array<{ start: number; end: number }>>();
    for (const entry of waiting) {
      const from = Math.max(now.getTime(), Date.parse(`${entry.fromDate}T00:00:00Z`) - DAY);
      const to = Date.parse(`${addDays(entry.toDate, 1)}T00:00:00Z`) + DAY;
      // A calendar that cannot be computed (the provider's account went, the therapy left their practice) offers nothing
      // to this place; the others in line are still served.
      const slots = await ports.availability
        .bookableBetween(providerId, entry.therapyCategoryId, from, to)
        .catch(() => []);
      candidates.set(
        entry.identifier,
        slots.filter((slot) => fits(entry, slot)),
      );
    }
    return events.transaction(async (tx) => {
      await repo.lockProvider(tx, providerId);
      const line = await repo.line(tx, providerId);
      const before = new Set(
        (
          await repo.offeredStarts(
            tx,
            line.map((e) => e.identifier),
          )
        ).map((o) => `${o.entryId}|${o.startsAt.getTime()}`),
      );
      const offeredNow = new Set<number>();
      const made: OfferRow[] = [];
      for (const entry of line) {
        for (const slot of candidates.get(entry.identifier) ?? []) {
          if (offeredNow.has(slot.start) || before.has(`${entry.identifier}|${slot.start}`)) continue;
          // Still free under the lock: no booking and no held offer on it now.
          if (
            (await bookingsRepository.busy(tx, providerId, new Date(slot.start), new Date(slot.end), clock.now()))
              .length > 0
          )
            continue;
          offeredNow.add(slot.start);
          const offer = await repo.insertOffer(tx, {
            entryId: entry.identifier,
            providerId,
            startsAt: new Date(slot.start),
            endsAt: new Date(slot.end),
            expiresAt: new Date(now.getTime() + WAITLIST_OFFER_HOLD_MINUTES * MINUTE),
            createdAt: now,
          });
          await repo.setEntryStatus(tx, entry.identifier, 'offered');
          await offerMail(tx, entry, offer);
          made.push(offer);
          break;
        }
      }
      // The held slots leave every cached calendar.
      if (made.length > 0) await events.publish(tx, 'availability.changed', { providerId });
      return made;
    });
  }

  /** Ends an open offer (run out, or its place left): the place waits again (or is gone), the slot is free again. */
  const endOffer = async (tx: Executor, offer: OfferRow, entryStatus: 'waiting' | 'left') => {
    await repo.closeOffer(tx, offer.identifier, 'expired');
    await repo.setEntryStatus(tx, offer.entryId, entryStatus);
    await events.publish(tx, 'availability.changed', { providerId: offer.providerId });
  };

  return {
    scan,

    /**
     * In the transaction of a booking that ended unpaid (expired) or declined: the place it was taken from waits again
     * (issue 48), so the client is not told "Booked" of a time they do not have. The after-commit scan of the
     * provider's line (bookings.module.ts) then offers the freed time to whoever is first.
     */
    returnToLine: (tx: Executor, bookingId: string) => repo.returnToLine(tx, bookingId),

    async list(actor: Actor): Promise<WaitlistEntry[]> {
      const me = await client(actor);
      const rows = await repo.entriesOf(db, me.identifier);
      const ids = rows.map((r) => r.entry.identifier);
      const offers = await repo.openOffers(db, ids);
      const lapsed = await repo.lapsedOffers(db, ids);
      return rows.map((r) =>
        view(
          r.entry,
          name(r),
          offers.find((o) => o.entryId === r.entry.identifier),
          lapsed.find((o) => o.entryId === r.entry.identifier),
        ),
      );
    },

    async join(actor: Actor, input: JoinWaitlistInput): Promise<WaitlistEntry> {
      const me = await client(actor);
      if (!isZone(input.timezone)) throw AppError.rule('timezoneInvalid');
      const today = localParts(input.timezone, clock.now().getTime()).date;
      if (input.fromDate < today) throw AppError.rule('waitlistPast');
      if (input.toDate > addDays(today, WAITLIST_HORIZON_DAYS))
        throw AppError.rule('waitlistHorizon', { days: WAITLIST_HORIZON_DAYS });
      const provider = await ports.users.findActiveUser(input.providerIdentifier);
      if (!provider || provider.userType !== 'provider') throw AppError.notFound();
      const offer = await ports.terms({
        providerId: provider.identifier,
        clientId: me.identifier,
        therapyId: input.therapyIdentifier,
        modalityId: input.modalityIdentifier,
      });
      if (!offer?.offersTherapy) throw AppError.rule('therapyNotOfferedByProvider');
      if (!offer.offersModality) throw AppError.rule('modalityNotOffered');
      // One open place per client and provider: a second is refused by the repository (waitlistAlready).
      const entry: EntryRow = await repo.insertEntry(db, {
        clientId: me.identifier,
        providerId: provider.identifier,
        therapyCategoryId: input.therapyIdentifier,
        modalityId: input.modalityIdentifier,
        fromDate: input.fromDate,
        toDate: input.toDate,
        fromMinute: toMinute(input.fromTime),
        toMinute: input.toTime === '23:59' ? 1440 : toMinute(input.toTime),
        timezone: input.timezone,
        createdAt: clock.now(),
      });
      // A slot that fits may be free already: offered at once.
      const [made] = await scan(provider.identifier).then((offers) =>
        offers.filter((o) => o.entryId === entry.identifier),
      );
      return view((await repo.entry(db, entry.identifier))!, name(provider), made);
    },

    async leave(actor: Actor, entryId: string): Promise<void> {
      // A live client account (401/403 otherwise); the place itself is decided by the access core.
      await client(actor);
      const providerId = await events.transaction(async (tx) => {
        const found = await repo.entry(tx, entryId, true);
        // A place the client left (or that ended) is gone: as missing as another client's.
        const live = found && (found.status === 'waiting' || found.status === 'offered') ? found : undefined;
        const entry = requireAccessTo(actor, 'delete', live, (place) => ({ kind: 'owned', ownerId: place.clientId }));
        const [open] = await repo.openOffers(tx, [entry.identifier]);
        if (open) await endOffer(tx, open, 'left');
        else await repo.setEntryStatus(tx, entry.identifier, 'left');
        return open ? entry.providerId : null;
      });
      // A slot that was held for this place goes to the next in line.
      if (providerId) await scan(providerId);
    },

    /** Books the held slot, once, while it is held; anyone but the place's client finds no offer. */
    async accept(actor: Actor, offerId: string): Promise<Booking> {
      const me = await client(actor);
      const offer = await repo.offer(db, offerId);
      requireFound(offer);
      // The held slot is the waiting client's place: theirs alone.
      const entry = requireAccessTo(actor, 'act', await repo.entry(db, offer.entryId), (place) => ({
        kind: 'owned',
        ownerId: place.clientId,
      }));
      const gone = () => AppError.conflict('CONFLICT', 'waitlistOfferGone');
      if (offer.status !== 'open' || offer.expiresAt <= clock.now()) throw gone();
      return ports.bookOffered(
        me.identifier,
        {
          providerId: offer.providerId,
          therapyId: entry.therapyCategoryId,
          modalityId: entry.modalityId,
          start: offer.startsAt,
          end: offer.endsAt,
        },
        async (tx, bookingId) => {
          // Taken once: the row is locked, and a second take (or one after the hold) finds it no longer open.
          const locked = await repo.offer(tx, offerId, true);
          if (!locked || locked.status !== 'open' || locked.expiresAt <= clock.now()) throw gone();
          await repo.closeOffer(tx, offerId, 'accepted', bookingId);
          await repo.setEntryStatus(tx, entry.identifier, 'booked');
        },
      );
    },

    /**
     * The clock's work (every minute): offers whose hold ran out end (their places wait again, without that slot), and
     * every line is scanned (freed slots, new availability). Returns how many offers ended.
     */
    async sweep(): Promise<number> {
      let ended = 0;
      for (;;) {
        const batch = await events.transaction(async (tx) => {
          const due = await repo.dueOffers(tx, clock.now(), SWEEP_BATCH);
          for (const offer of due) await endOffer(tx, offer, 'waiting');
          return due.length;
        });
        ended += batch;
        if (batch < SWEEP_BATCH) break;
      }
      for (const providerId of await repo.providersWithLine(db, 500)) await scan(providerId);
      return ended;
    },
  };
}
export type WaitlistService = ReturnType<typeof createWaitlistService>;
