import type {
  AvailabilityCalendar,
  AvailabilityItem,
  CalendarPreview,
  TimeslotCheck,
} from '@therapy/contracts/availability';
import { BUFFER_MINUTES_MAX } from '@therapy/contracts/constants';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../platform/errors.ts';
import { defaultSettings, resolveWeek, toSlotPlan } from './availability.mapper.ts';
import { availabilityRepository as repo, busyReader, planReader, type BusyTimes } from './availability.repository.ts';
import type { PlanEntry, SlotCache } from './slot-cache.ts';
import {
  addDays,
  bookableSlots,
  bookableWindow,
  firstStartingAt,
  localDate,
  planDates,
  planSlots,
  wallToInstant,
  withoutBusy,
  type Interval,
} from './slot-engine.ts';
import type { TimeslotTokens } from './timeslot-token.ts';

/** Slots start on whole minutes: "2026-03-30T07:00:00Z" (DESIGN.md §5) without the always-zero milliseconds. */
const isoInstant = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');
const iso = (ms: number): string => new Date(ms).toISOString();
/** The widest buffer a plan can have (the settings' rule, and a check constraint in the database). */
const MAX_BUFFER_MS = BUFFER_MINUTES_MAX * 60_000;

export interface CalendarQuery {
  category?: string | undefined;
  timezone?: string | undefined;
}

/** Slots as clients see them (spec §7 `GET /providers-availability/{providerId}/timeslot/{date?}`), and slot checks. */
export interface CalendarOptions {
  cache: SlotCache;
  tokens: TimeslotTokens;
  /**
   * Where the engine learns what is already taken (the registered busy sources, as one subquery); asked for on each
   * read, as sources register after the module is made. A source announces changes with an event the module
   * subscribes to (`booking.changed`), so cached slots are recomputed.
   */
  busy: () => BusyTimes;
  /** False while the change signal may be missed (listener down): then nothing is cached. */
  cacheTrusted: () => boolean;
  /**
   * Whether the provider may offer slots at all (only verified providers do, issue 14), asked in the plan's own
   * statement; a provider it refuses offers none. Asked for on each read, as app.ts sets it after the module is made.
   */
}

/** How one computation of a provider's slots differs from the calendar's own. */
interface EntryOptions {
  /** A single slot's check: only the busy times around it are read. */
  slot?: Interval | undefined;
  /** A busy interval to leave out (the booking being moved). */
  ignore?: Interval | undefined;
  ex?: Executor;
  /** The provider's own preview: slots also while clients are shown none (not verified). Never cached. */
  preview?: boolean;
}

export function createCalendarService(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  { cache, tokens, busy, cacheTrusted }: CalendarOptions,
) {
  const { db, clock } = deps;
  // The statements are built again only when the busy sources change (app start).
  let readers:
    | {
        busy: BusyTimes;
        plan: ReturnType<typeof planReader>;
        busyTimes: ReturnType<typeof busyReader>;
      }
    | undefined;
  const statements = () => {
    const b = busy();
    if (readers?.busy !== b) readers = { busy: b, plan: planReader(b), busyTimes: busyReader(b) };
    return readers;
  };

  /** Reads the plan and computes the provider's slots from scratch (no cache). */
  const computeEntry = async (
    providerId: string,
    categoryId: string | null,
    now: number,
    generation: number,
    { slot, ignore, ex = db, preview = false }: EntryOptions = {},
  ): Promise<PlanEntry & { offersSlots: boolean }> => {
    // Custom days are read from three days before today in UTC: today in any zone is at most a day earlier.
    // A single slot's check reads, in the plan's own statement, only the busy times that can block that slot: those
    // meeting it widened by the widest buffer a plan may have (the engine then applies the plan's own). Reading the
    // days around it instead made the check's cost grow with the provider's bookings (all of them, for a full week).
    const window =
      slot === undefined
        ? undefined
        : { from: iso(slot.start - MAX_BUFFER_MS), to: iso(slot.end + MAX_BUFFER_MS), now: iso(now) };
    const { plan: readPlan, busyTimes: readBusy } = statements();
    const stored = await readPlan(ex, providerId, categoryId, addDays(iso(now).slice(0, 10), -3), window);
    if (!stored) throw AppError.notFound();
    if (categoryId && !stored.offersCategory) throw AppError.rule('categoryUnknown');
    const settings = stored.settings ?? defaultSettings(providerId, stored.timezone);
    const planCategory = settings.calendarSetupType === 'BY_CATEGORY' ? categoryId : null;
    const own = stored.weekly.filter((d) => d.categoryId === planCategory);
    const general = planCategory ? stored.weekly.filter((d) => d.categoryId === null) : [];
    const today = localDate(settings.timezone, now);
    const fromDate = addDays(today, -2);
    const custom = stored.custom.filter((d) => d.date! >= fromDate);
    const plan = toSlotPlan(settings, resolveWeek(own, general), custom, planCategory);
    // A single slot's check plans the slot's own local date and the one before: in a repeated autumn hour the day
    // before's last session can overlap this day's first, and the earlier one is kept. The day after cannot reach back.
    const { firstDate, days } =
      slot === undefined
        ? planDates(plan, now)
        : { firstDate: addDays(localDate(plan.timezone, slot.start), -1), days: 2 };
    // An unverified provider's calendar has its dates but no slots (decision 0026), except in her own preview.
    const base = stored.offersSlots || preview ? planSlots(plan, firstDate, days) : [];
    const busyTimes =
      base.length === 0
        ? []
        : (stored.busy ??
          (await readBusy(db, providerId, {
            from: iso(base[0]!.start),
            to: iso(base[base.length - 1]!.end),
            now: iso(now),
          })));
    // A reschedule's check leaves out the booking being moved: it frees its own time (and buffer) as it moves.
    const skip = ignore ? busyTimes.findIndex((b) => b.start === ignore.start && b.end === ignore.end) : -1;
    const taken = skip < 0 ? busyTimes : busyTimes.filter((_, i) => i !== skip);
    return {
      generation,
      day: today,
      calendarSetupType: settings.calendarSetupType,
      plan,
      base,
      free: withoutBusy(base, taken, plan.bufferMinutes),
      offersSlots: stored.offersSlots,
    };
  };

  /** The cached entry while the plan is unchanged and it is still the day it was computed on; else a fresh one. */
  const entryFor = async (providerId: string, categoryId: string | null, now: number): Promise<PlanEntry> => {
    const key = `${providerId}|${categoryId ?? ''}`;
    const generation = cache.generation(providerId);
    const cached = cache.plans.get(key);
    if (cached && cached.generation === generation && cached.day === localDate(cached.plan.timezone, now))
      return cached;
    const entry = await computeEntry(providerId, categoryId, now, generation);
    if (cacheTrusted()) cache.plans.set(key, entry);
    return entry;
  };

  /** The dates (viewer's zone) a `{date?}` parameter asks for, within the bookable range. */
  const requestedRange = (
    date: string | undefined,
    firstDate: string,
    lastDate: string,
  ): [string, string] | undefined => {
    let from = firstDate;
    let to = lastDate;
    if (date?.length === 7) {
      const monthEnd = addDays(`${addDays(`${date}-01`, 32).slice(0, 7)}-01`, -1);
      from = `${date}-01` > from ? `${date}-01` : from;
      to = monthEnd < to ? monthEnd : to;
    } else if (date) {
      from = date > from ? date : from;
      to = date < to ? date : to;
    }
    return from <= to ? [from, to] : undefined;
  };

  const buildCalendar = (
    providerId: string,
    categoryId: string | null,
    entry: PlanEntry,
    slots: readonly Interval[],
    timezone: string,
    range: [string, string] | undefined,
    {
      firstDate,
      lastDate,
      identify = (slot) => tokens.sign({ providerId, categoryId, start: slot.start, end: slot.end }),
    }: { firstDate: string; lastDate: string; identify?: (slot: Interval) => string },
  ): AvailabilityCalendar => {
    const header = {
      timezone,
      providerTimezone: entry.plan.timezone,
      calendarSetupType: entry.calendarSetupType,
      firstDate,
      lastDate,
    };
    // BY_CATEGORY: slots exist only per therapy; without one the picker first asks which.
    if (!range || (entry.calendarSetupType === 'BY_CATEGORY' && !categoryId)) return { ...header, items: [] };
    const [from, to] = range;
    const offered = new Set<string>();
    for (const slot of entry.base) {
      const date = localDate(timezone, slot.start);
      if (date >= from && date <= to) offered.add(date);
    }
    const byDate = new Map<string, AvailabilityItem['timeSlot']>();
    for (const slot of slots) {
      const date = localDate(timezone, slot.start);
      if (date < from || date > to) continue;
      const list = byDate.get(date) ?? [];
      list.push({
        identifier: identify(slot),
        startTime: isoInstant(slot.start),
        endTime: isoInstant(slot.end),
      });
      byDate.set(date, list);
    }
    const items: AvailabilityItem[] = [];
    for (let date = from; date <= to; date = addDays(date, 1)) {
      items.push({ date: { date, isAvailable: offered.has(date) }, timeSlot: byDate.get(date) ?? [] });
    }
    return { ...header, items };
  };

  /** Which of the entry's free slots are bookable now (indexes), and the viewer's dates they fall within. */
  const bookableRange = (entry: PlanEntry, now: number, timezone: string) => {
    const window = bookableWindow(entry.plan, now);
    return {
      first: firstStartingAt(entry.free, window.start),
      last: firstStartingAt(entry.free, window.end - entry.plan.sessionMinutes * 60_000 + 1),
      firstDate: localDate(timezone, now),
      lastDate: localDate(timezone, window.end),
    };
  };

  return {
    /**
     * The provider's own calendar as clients will see it (issue 47), computed from the database and never cached: the
     * public answer stays "no free times" until she is verified, and the slot cache (and its benchmark) only ever
     * holds public answers. The slots carry no timeslot identifier a booking would take.
     */
    async preview(providerId: string, date: string, query: CalendarQuery): Promise<CalendarPreview> {
      const now = clock.now().getTime();
      const categoryId = query.category ?? null;
      const entry = await computeEntry(providerId, categoryId, now, -1, { preview: true });
      const timezone = query.timezone ?? entry.plan.timezone;
      const { first, last, firstDate, lastDate } = bookableRange(entry, now, timezone);
      const range = requestedRange(date, firstDate, lastDate);
      const calendar = buildCalendar(providerId, categoryId, entry, entry.free.slice(first, last), timezone, range, {
        firstDate,
        lastDate,
        identify: (slot) => `preview-${slot.start}`,
      });
      return { ...calendar, visibleToClients: entry.offersSlots };
    },

    /**
     * The response body (`{ "data": calendar }`, serialised): what the route sends, cached as it is sent. `timezone` is
     * a canonical zone name (the contract's `viewerTimezone` makes it one), so spellings of one zone share entries.
     */
    async calendarBody(providerId: string, date: string | undefined, query: CalendarQuery): Promise<string> {
      const now = clock.now().getTime();
      const categoryId = query.category ?? null;
      const entry = await entryFor(providerId, categoryId, now);
      const timezone = query.timezone ?? entry.plan.timezone;
      // The slots `now` selects; equal ranges give equal answers, so the response cache keys on the range.
      const { first, last, firstDate, lastDate } = bookableRange(entry, now, timezone);
      // Zones of one offset shape group every slot on the same dates: their answers differ only in the leading
      // `timezone`, so the cache keeps the rest once per shape (Intl's 418 zones have 37-63 shapes), not per zone.
      const shape = cache.zoneShape(timezone, now, entry.plan.horizonDays);
      const key = `${providerId}|${categoryId ?? ''}|${entry.generation}|${entry.day}|${shape}|${date ?? ''}|${first}|${last}|${firstDate}|${lastDate}`;
      const head = `{"data":{"timezone":${JSON.stringify(timezone)}`;
      const cached = cache.responses.get(key);
      if (cached !== undefined) return head + cached;
      const range = requestedRange(date, firstDate, lastDate);
      const calendar = buildCalendar(providerId, categoryId, entry, entry.free.slice(first, last), timezone, range, {
        firstDate,
        lastDate,
      });
      const body = JSON.stringify({ data: calendar });
      if (!body.startsWith(head)) throw new Error('calendar answer does not start with its timezone');
      if (cacheTrusted()) cache.responses.set(key, body.slice(head.length));
      return body;
    },

    /**
     * The same slot `count - 1` more weeks on (a weekly series, issue 15): at the same wall-clock time in the provider's
     * zone (DST-safe), each with whether the provider's plan offers it (the weekly plan and custom days, also past the
     * calendar's horizon). Bookings are not looked at: the exclusion constraint judges those when the series is written.
     */
    async weeklyRepeats(
      providerId: string,
      categoryId: string | null,
      start: number,
      end: number,
      count: number,
      ex: Executor = db,
    ): Promise<Array<{ start: number; end: number; offered: boolean }>> {
      const entry = await computeEntry(providerId, categoryId, clock.now().getTime(), -1, { ex });
      const zone = entry.plan.timezone;
      const date = localDate(zone, start);
      const wallStart = start - wallToInstant(zone, Date.parse(`${date}T00:00:00Z`));
      const length = end - start;
      const repeats = [];
      for (let week = 1; week < count; week += 1) {
        const day = addDays(date, 7 * week);
        const at = wallToInstant(zone, Date.parse(`${day}T00:00:00Z`) + wallStart);
        const offered = planSlots(entry.plan, day, 1).some((slot) => slot.start === at && slot.end === at + length);
        repeats.push({ start: at, end: at + length, offered });
      }
      return repeats;
    },

    /**
     * When the provider's first bookable slot starts (epoch ms), or null when none is within the horizon (no plan,
     * fully booked, or not verified): for the directory's "available this week" and "soonest" (issue 16). A calendar
     * set up per therapy answers the soonest over its therapies. Served from the slot cache when it holds the plan.
     */
    async nextFreeSlot(providerId: string): Promise<number | null> {
      const now = clock.now().getTime();
      const first = (entry: PlanEntry) => bookableSlots(entry.free, entry.plan, [], now)[0]?.start ?? null;
      const general = await entryFor(providerId, null, now);
      if (general.calendarSetupType !== 'BY_CATEGORY') return first(general);
      let soonest: number | null = null;
      for (const category of await repo.categories(db, providerId)) {
        const at = first(await entryFor(providerId, category.identifier, now));
        if (at !== null && (soonest === null || at < soonest)) soonest = at;
      }
      return soonest;
    },

    /**
     * The provider's bookable slots starting in [from, to) now, computed from the database (never the cache): what the
     * waitlist offers (issue 19). Held waitlist offers count as busy (the bookings' busy source), so a held slot is not
     * offered twice.
     */
    async bookableBetween(
      providerId: string,
      categoryId: string | null,
      from: number,
      to: number,
    ): Promise<Interval[]> {
      const now = clock.now().getTime();
      const entry = await computeEntry(providerId, categoryId, now, -1);
      return bookableSlots(entry.free, entry.plan, [], now).filter((slot) => slot.start >= from && slot.start < to);
    },

    /**
     * A timeslot identifier checked again from the database (never the cache): genuine, for this category, and still
     * bookable now. The booking issue calls this before it writes (in its transaction, `ex`); `ignore` is one busy
     * interval to leave out (the booking being moved).
     */
    async check(
      id: string,
      category: string | undefined,
      ignore?: Interval,
      ex: Executor = db,
    ): Promise<TimeslotCheck> {
      const claims = tokens.verify(id);
      if (!claims || (category !== undefined && category !== claims.categoryId)) throw AppError.rule('timeslotInvalid');
      const now = clock.now().getTime();
      const entry = await computeEntry(claims.providerId, claims.categoryId, now, -1, {
        slot: { start: claims.start, end: claims.end },
        ignore,
        ex,
      });
      const bookable = bookableSlots(entry.free, entry.plan, [], now);
      const match = bookable[firstStartingAt(bookable, claims.start)];
      return {
        identifier: id,
        startTime: isoInstant(claims.start),
        endTime: isoInstant(claims.end),
        providerIdentifier: claims.providerId,
        categoryIdentifier: claims.categoryId,
        isAvailable: match !== undefined && match.start === claims.start && match.end === claims.end,
      };
    },
  };
}
export type CalendarService = ReturnType<typeof createCalendarService>;
