import type { DirectoryEntry, DirectoryQueryValues, TherapistProfile } from '@therapy/contracts/directory';
import { providerDisplayName } from '@therapy/contracts/names';
import { LRUCache } from 'lru-cache';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../platform/errors.ts';
import { directoryRepository as repo, type SearchRow } from './directory.repository.ts';

type Item = { identifier: string; list: string; code: string; name: string };
type FilterList = 'therapy-category' | 'modality' | 'speciality' | 'religion' | 'ethnicity' | 'gender';

/**
 * The therapist directory (issue 16; DESIGN.md §6 "Directory"): verified, live providers licensed in a US state,
 * filtered by therapy, modality, speciality, religion, ethnicity, gender and price, searched by name (typo-tolerant)
 * and words of the headline and bio, sorted by best match, rating or price; one database query per page. Unknown
 * states and filter values are refused with their message (400), never silently ignored.
 */
/** Where the directory learns a provider's first free slot (the availability module), epoch ms or null. */
export type NextFreeSource = (providerId: string) => Promise<number | null>;

/** What other modules tell the public page of a provider (issue 47): their work history and approved education. */
export interface PublicPracticeFacts {
  workHistoryOf(providerId: string): Promise<TherapistProfile['workHistory']>;
  approvedEducationOf(providerId: string): Promise<TherapistProfile['education']>;
  /**
   * What a booking of each of the providers' therapies is charged (the practice-details module's one rule, which
   * the booking's terms use too; issue 48), by provider; a therapy without a fee is not in its list.
   */
  pricesOf(
    list: ReadonlyArray<{ providerId: string; therapyIds: readonly string[] }>,
  ): Promise<Map<string, Array<{ therapyCategoryId: string; fee: Price }>>>;
}
type Price = { amount: number; currencyCode: string; isFree: boolean };
type TherapyPrice = { therapyCategoryId: string; fee: Price };
/** A free session costs 0 whatever amount is stored. */
const charged = (fee: Price): number => (fee.isFree ? 0 : fee.amount);

/**
 * The lowest price a client can book: a session type must be offered (the booking needs one) and a therapy must
 * have a fee; among equal amounts the first therapy's. Null when nothing can be booked.
 */
function lowestPrice(prices: TherapyPrice[], modalities: readonly string[]): DirectoryEntry['fee'] {
  if (modalities.length === 0 || prices.length === 0) return null;
  const lowest = prices.reduce((a, b) => (charged(b.fee) < charged(a.fee) ? b : a));
  const { amount, currencyCode, isFree } = lowest.fee;
  return { amount, currencyCode, isFree, varies: prices.some((p) => charged(p.fee) !== charged(lowest.fee)) };
}
/** The modality code of in-person sessions: only a practice offering them has its office address shown. */
const IN_PERSON = 'in-person';

const WEEK_MS = 7 * 24 * 3_600_000;
const SWEEP_BATCH = 200;
/** How long booking changes gather before the directory looks at them together (it follows "a moment later"). */
const BOOKING_BATCH_MS = 100;

export function createDirectoryService(
  deps: Pick<AppDeps, 'db' | 'files' | 'clock'>,
  nextFreeSlot: NextFreeSource,
  practiceFacts: PublicPracticeFacts,
) {
  const { db, files, clock } = deps;
  // The filter lists are seeded reference data: read once a minute at most, not on every search. Each cache here holds
  // few small entries, bounded by count, and a timer drops what expires (kept until read again, it lived on unused).
  const cache = new LRUCache<'items', Item[]>({ max: 1, ttl: 60_000, ttlAutopurge: true });
  const items = async (): Promise<Item[]> => {
    let all = cache.get('items');
    if (!all) cache.set('items', (all = await repo.filterItems(db)));
    return all;
  };
  const states = new LRUCache<string, { id: string; currency: string }>({
    max: 100,
    ttl: 10 * 60_000,
    ttlAutopurge: true,
  });
  const languageCache = new LRUCache<'languages', Array<{ identifier: string; code: string }>>({
    max: 1,
    ttl: 60_000,
    ttlAutopurge: true,
  });
  const languageIdsOf = async (codes: string[]): Promise<string[]> => {
    if (codes.length === 0) return [];
    let all = languageCache.get('languages');
    if (!all) languageCache.set('languages', (all = await repo.languageIds(db)));
    return codes.map((code) => {
      const found = all.find((l) => l.code === code);
      if (!found) throw AppError.rule('filterUnknown', { value: code });
      return found.identifier;
    });
  };

  /** The identifiers of the codes in a list; 400 naming the first code that is not there. */
  const idsOf = (all: Item[], list: FilterList, codes: string[]) =>
    codes.map((code) => {
      const found = all.find((i) => i.list === list && i.code === code);
      if (!found) throw AppError.rule('filterUnknown', { value: code });
      return found.identifier;
    });

  /** The bookable prices of the rows' providers, over the therapies each offers (one statement for the page). */
  const pricesOfRows = (rows: SearchRow[]) =>
    rows.length === 0
      ? Promise.resolve(new Map<string, TherapyPrice[]>())
      : practiceFacts.pricesOf(rows.map((r) => ({ providerId: r.provider_id, therapyIds: r.therapies })));

  const toEntry = (all: Item[], r: SearchRow, prices: TherapyPrice[], currency?: string): DirectoryEntry => {
    const named = (ids: string[]) =>
      ids
        .map((id) => all.find((i) => i.identifier === id))
        .filter((i): i is Item => i !== undefined)
        .map(({ identifier, code, name }) => ({ identifier, code, name }));
    const count = r.review_count ?? 0;
    return {
      identifier: r.provider_id,
      firstName: r.first_name,
      lastName: r.last_name,
      title: r.title,
      headline: r.headline,
      photoUrl: r.photo_file_id ? files.signedUrl(r.photo_file_id) : null,
      therapies: named(r.therapies),
      modalities: named(r.modalities),
      specialities: named(r.specialities),
      fee: lowestPrice(prices, r.modalities),
      convertedFee:
        r.converted_fee !== null && r.converted_fee !== undefined && currency
          ? { amount: Number(r.converted_fee), currencyCode: currency }
          : null,
      rating: { average: count > 0 ? Math.round(((r.half_stars_sum ?? 0) / 2 / count) * 100) / 100 : null, count },
      nextFreeAt: r.next_free_at === null ? null : new Date(r.next_free_at).toISOString(),
    };
  };

  /** Computes the provider's first free slot again and stores it (null when none, or the provider is gone). */
  const refreshAvailability = async (providerId: string): Promise<void> => {
    const checkedAt = clock.now();
    const at = await nextFreeSlot(providerId).catch((err: unknown) => {
      if (err instanceof AppError && err.statusCode === 404) return null;
      throw err;
    });
    await repo.setNextFree(db, providerId, at === null ? null : new Date(at), checkedAt);
  };

  /**
   * A booking changes the first free slot only when it starts at or before the stored one (it took that slot, or a
   * cancellation freed an earlier one) or none is stored; other bookings leave it as it is and cost no computation.
   * Changes gather for BOOKING_BATCH_MS, then one statement reads the stored first free slots of all their providers:
   * under load that read is one statement per batch, not one per booking (it was a sixth of a booking's statements).
   * Per provider the earliest start counts; a change without a time (a provider's appointment) always looks again.
   */
  const changed = new Map<string, number | null>();
  let timer: NodeJS.Timeout | undefined;
  const lookAtChanges = async (): Promise<void> => {
    timer = undefined;
    const batch = [...changed];
    changed.clear();
    const stored = await repo.nextFreeOf(
      db,
      batch.map(([providerId]) => providerId),
    );
    for (const [providerId, start] of batch) {
      const at = stored.get(providerId);
      if (at === undefined || (at !== null && start !== null && start > at.getTime())) continue;
      // One provider's failure leaves its stored slot as it was (the sweep computes it again) and not the others'.
      await refreshAvailability(providerId).catch(() => undefined);
    }
  };
  const bookingChanged = (providerId: string, startTime: string | null): void => {
    const start = startTime === null ? null : Date.parse(startTime);
    const earlier = changed.get(providerId);
    changed.set(
      providerId,
      earlier === undefined ? start : earlier === null || start === null ? null : Math.min(earlier, start),
    );
    // A failed read leaves the stored slots as they were; the sweep computes them again within ten minutes.
    timer ??= setTimeout(() => void lookAtChanges().catch(() => undefined), BOOKING_BATCH_MS).unref();
  };

  return {
    async search(query: DirectoryQueryValues) {
      const now = clock.now();
      let state = states.get(query.state);
      if (!state) {
        state = await repo.usState(db, query.state);
        if (!state) throw AppError.rule('stateUnknown');
        states.set(query.state, state);
      }
      // Issue 48: the visitor's currency is the one they ask for (the web sends a signed-in user's own), else the
      // currency of the chosen state's country; prices are filtered, sorted and converted in it.
      const currency = query.currency ?? state.currency;
      const all = await items();
      const genders = query.gender.map((code) => {
        if (!all.some((i) => i.list === 'gender' && i.code === code))
          throw AppError.rule('filterUnknown', { value: code });
        return code;
      });
      const rows = await repo.search(db, {
        stateId: state.id,
        q: query.q || undefined,
        therapies: idsOf(all, 'therapy-category', query.therapy),
        modalities: idsOf(all, 'modality', query.modality),
        specialities: idsOf(all, 'speciality', query.speciality),
        religions: idsOf(all, 'religion', query.religion),
        ethnicities: idsOf(all, 'ethnicity', query.ethnicity),
        genders,
        languages: await languageIdsOf(query.language),
        priceMin: query.priceMin,
        priceMax: query.priceMax,
        currency,
        availableBefore: query.available === 'week' ? new Date(now.getTime() + WEEK_MS) : undefined,
        sort: query.sort,
        now,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      // Past the last page there are no rows to carry the total: the page is empty, and so is the count it knows of.
      const total = rows.length > 0 ? Number(rows[0]!.total) : 0;
      return {
        data: await pricesOfRows(rows).then((prices) =>
          rows.map((r) => toEntry(all, r, prices.get(r.provider_id) ?? [], currency)),
        ),
        meta: {
          page: query.page,
          pageSize: query.pageSize,
          total,
          totalPages: Math.ceil(total / query.pageSize),
          currency,
        },
      };
    },
    /** A listed therapist's page: 404 for anyone not in the directory (unverified, deleted, not a provider). */
    async profile(providerId: string): Promise<TherapistProfile> {
      const row = await repo.profile(db, providerId, clock.now());
      if (!row) throw AppError.notFound();
      const all = await items();
      const [workHistory, education, prices] = await Promise.all([
        practiceFacts.workHistoryOf(providerId),
        practiceFacts.approvedEducationOf(providerId),
        pricesOfRows([row]).then((byProvider) => byProvider.get(providerId) ?? []),
      ]);
      // The profile is not asked in a currency: no converted fee.
      const { convertedFee: _none, ...entry } = toEntry(all, row, prices);
      return {
        ...entry,
        bio: row.bio,
        // Nothing is bookable without a session type: then no therapy shows a price either (as the card's "from").
        prices:
          entry.fee === null
            ? []
            : entry.therapies.flatMap((therapy) => {
                const found = prices.find((p) => p.therapyCategoryId === therapy.identifier);
                return found ? [{ therapy, fee: found.fee }] : [];
              }),
        licenceStates: row.licence_states,
        languages: row.languages,
        workHistory: workHistory.map(
          ({ companyName, jobTitle, startDate, endDate, currentlyWorksHere, description }) => ({
            companyName,
            jobTitle,
            startDate,
            endDate,
            currentlyWorksHere,
            description,
          }),
        ),
        education,
        officeAddress: entry.modalities.some((m) => m.code === IN_PERSON) ? row.office_address : null,
      };
    },
    /**
     * What a listed therapist's link-preview card shows (issue 49): name, headline, therapies and photo, with the
     * time the entry last changed (the card's version). 404 for anyone not listed, like their page.
     */
    async card(providerId: string) {
      const row = await repo.card(db, providerId);
      if (!row) throw AppError.notFound();
      const all = await items();
      return {
        name:
          providerDisplayName({ title: row.title, firstName: row.first_name, lastName: row.last_name }) || 'Therapist',
        headline: row.headline,
        therapies: row.therapies.flatMap((id) => all.find((i) => i.identifier === id)?.name ?? []),
        photoFileId: row.photo_file_id,
        changedAt: new Date(row.updated_at),
      };
    },
    refresh: (providerId: string) => repo.refresh(db, providerId),

    refreshAvailability,

    bookingChanged,
    /** Drops the booking changes not yet looked at (the app is closing; the sweep covers them). */
    stop: () => {
      clearTimeout(timer);
      timer = undefined;
      changed.clear();
    },

    /** The sweep: providers whose first free slot was never computed, has passed, or is a day old; returns how many. */
    async refreshStaleAvailability(): Promise<number> {
      const ids = await repo.staleAvailability(db, clock.now(), SWEEP_BATCH);
      for (const id of ids) await refreshAvailability(id);
      return ids.length;
    },
    refreshAll: () => repo.refreshAll(db),
  };
}
export type DirectoryService = ReturnType<typeof createDirectoryService>;
