import { tzOffset } from '@date-fns/tz';

/*
 * The slot engine: pure functions, no I/O, no clock. A provider's plan is wall-clock time in the provider's zone;
 * slots are instants (epoch milliseconds, half-open [start, end)). Every wall time is converted on its own calendar
 * day, so a DST change moves the instants but never the plan: a 09:00-12:00 interval is 09:00-12:00 local on both
 * sides of the change. Within an interval, slots are cut in real time, so an interval that spans a change (e.g.
 * 01:00-04:00 on the night the clocks jump) holds as many sessions as fit in the hours that really pass.
 */

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

/** One day of a plan: wall-clock intervals in minutes after midnight, half-open, ending by 1440. */
export interface DayPlan {
  readonly isAvailable: boolean;
  readonly intervals: ReadonlyArray<readonly [start: number, end: number]>;
}

export interface SlotPlan {
  readonly timezone: string;
  /** Index 1 (Monday) to 7 (Sunday), as ISO 8601 numbers the weekdays. */
  readonly weekly: ReadonlyArray<DayPlan | undefined>;
  /** Custom days ("YYYY-MM-DD" in the provider's zone) replace the weekly plan for that date. */
  readonly custom: ReadonlyMap<string, DayPlan>;
  readonly sessionMinutes: number;
  readonly bufferMinutes: number;
  readonly noticeMinutes: number;
  readonly horizonDays: number;
}

export interface Interval {
  readonly start: number;
  readonly end: number;
}

const offsetMinutes = (timezone: string, instant: number): number => tzOffset(timezone, new Date(instant));

/** How far apart `offsetShape` looks at the offset: a zone's offset changes weeks apart, never twice within this. */
const SHAPE_STEP_MS = 6 * 3_600_000;

/**
 * A zone's UTC offsets over [from, to] as a string: the first offset, then each change as `|instant:offset` (found to
 * the minute). Two zones of one shape give every instant in the span the same local date and time, so the calendars
 * they group are the same (there were 37 to 63 shapes among Intl's 418 zones over a 67-day span in 2026).
 */
export function offsetShape(timezone: string, from: number, to: number): string {
  let offset = offsetMinutes(timezone, from);
  let shape = String(offset);
  for (let before = from; before < to;) {
    const at = Math.min(before + SHAPE_STEP_MS, to);
    const next = offsetMinutes(timezone, at);
    if (next !== offset) {
      // The change lies in (before, at]: halve on whole minutes until the first minute on the new offset.
      let lo = before;
      let hi = at;
      while (hi - lo > MINUTE_MS) {
        const mid = lo + Math.floor((hi - lo) / (2 * MINUTE_MS)) * MINUTE_MS;
        if (offsetMinutes(timezone, mid) === offset) lo = mid;
        else hi = mid;
      }
      shape += `|${hi}:${next}`;
      offset = next;
    }
    before = at;
  }
  return shape;
}

/** The "YYYY-MM-DD" date of an instant in a zone. */
export function localDate(timezone: string, instant: number): string {
  return new Date(instant + offsetMinutes(timezone, instant) * MINUTE_MS).toISOString().slice(0, 10);
}

/** Midnight UTC of a date string: the "wall" epoch of that calendar day. */
const wallEpoch = (date: string): number => Date.parse(`${date}T00:00:00Z`);
export const addDays = (date: string, days: number): string =>
  new Date(wallEpoch(date) + days * DAY_MS).toISOString().slice(0, 10);
/** ISO weekday (1 = Monday .. 7 = Sunday) of a date string. */
export const isoWeekday = (date: string): number => ((new Date(wallEpoch(date)).getUTCDay() + 6) % 7) + 1;

/**
 * The instant at which a zone's clocks show `wall` (a wall-clock time written as if it were UTC). A time that does
 * not exist (the hour skipped in spring) moves forward by the gap; a time that exists twice (the hour repeated in
 * autumn) takes the first.
 */
export function wallToInstant(timezone: string, wall: number): number {
  const before = offsetMinutes(timezone, wall - DAY_MS);
  const after = offsetMinutes(timezone, wall + DAY_MS);
  if (before === after) return wall - before * MINUTE_MS;
  const early = wall - before * MINUTE_MS;
  const late = wall - after * MINUTE_MS;
  const earlyValid = offsetMinutes(timezone, early) === before;
  const lateValid = offsetMinutes(timezone, late) === after;
  if (earlyValid && lateValid) return Math.min(early, late);
  if (lateValid) return late;
  return early;
}

/**
 * Converts wall times of one calendar day. Most days have no offset change nearby: then two offset lookups serve
 * every interval of the day, which keeps 60 days of plan well under a millisecond.
 */
function dayConverter(timezone: string, date: string): (minute: number) => number {
  const midnight = wallEpoch(date);
  const before = offsetMinutes(timezone, midnight - DAY_MS);
  const after = offsetMinutes(timezone, midnight + 2 * DAY_MS);
  if (before === after) return (minute) => midnight + (minute - before) * MINUTE_MS;
  return (minute) => boundaryInstant(timezone, midnight + minute * MINUTE_MS);
}

/**
 * Where a plan's wall time starts or ends an interval: `wallToInstant`, except that a time in a gap becomes the end of
 * the gap (the first instant the clocks show a later time). Moving it forward by the whole gap is wrong where a gap
 * does not start on the hour: Pacific/Chatham skips 02:45-03:45, and an interval ending at 03:00 would run on to 04:00.
 */
function boundaryInstant(timezone: string, wall: number): number {
  const instant = wallToInstant(timezone, wall);
  const after = offsetMinutes(timezone, instant);
  const gap = instant + after * MINUTE_MS - wall;
  if (gap <= 0) return instant;
  // The clocks jumped within `gap` before `instant`: find the first minute on the later offset.
  let lo = instant - gap;
  let hi = instant;
  while (hi - lo > MINUTE_MS) {
    const mid = lo + Math.floor((hi - lo) / (2 * MINUTE_MS)) * MINUTE_MS;
    if (offsetMinutes(timezone, mid) === after) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** The plan of one date: the custom day if there is one, else the weekly plan's day. */
export const dayPlanFor = (plan: SlotPlan, date: string): DayPlan | undefined =>
  plan.custom.get(date) ?? plan.weekly[isoWeekday(date)];

/** The real-time windows of one date's intervals (empty when the day is unavailable). */
export function dayWindows(plan: SlotPlan, date: string): Interval[] {
  const day = dayPlanFor(plan, date);
  if (!day?.isAvailable) return [];
  const toInstant = dayConverter(plan.timezone, date);
  const windows: Interval[] = [];
  for (const [start, end] of day.intervals) {
    const from = toInstant(start);
    const to = toInstant(end);
    if (to > from) windows.push({ start: from, end: to });
  }
  return windows.sort((a, b) => a.start - b.start);
}

/**
 * Every slot the plan offers on `days` dates from `firstDate` (provider's zone), before bookings, notice and
 * horizon: each interval cut into sessions, one buffer apart. Sorted by start, unique.
 */
export function planSlots(plan: SlotPlan, firstDate: string, days: number): Interval[] {
  const session = plan.sessionMinutes * MINUTE_MS;
  const step = (plan.sessionMinutes + plan.bufferMinutes) * MINUTE_MS;
  const slots: Interval[] = [];
  for (let d = 0; d < days; d += 1) {
    for (const window of dayWindows(plan, addDays(firstDate, d))) {
      for (let start = window.start; start + session <= window.end; start += step) {
        slots.push({ start, end: start + session });
      }
    }
  }
  slots.sort((a, b) => a.start - b.start);
  // Windows of one day never overlap (the plan forbids it), but a repeated autumn hour can make neighbouring days
  // touch; keep the first of two slots that would overlap.
  const unique: Interval[] = [];
  for (const slot of slots) {
    const last = unique[unique.length - 1];
    if (!last || slot.start >= last.end) unique.push(slot);
  }
  return unique;
}

/** The instants bookable slots must lie within: from now + notice to now + horizon. */
export const bookableWindow = (plan: SlotPlan, now: number): Interval => ({
  start: now + plan.noticeMinutes * MINUTE_MS,
  end: now + plan.horizonDays * DAY_MS,
});

/** Index of the first slot whose start is at or after `instant` (slots sorted by start). */
export function firstStartingAt(slots: readonly Interval[], instant: number): number {
  let lo = 0;
  let hi = slots.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (slots[mid]!.start < instant) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Removes slots that meet a busy interval widened by the buffer on both sides. Busy intervals may be unsorted and
 * overlap each other; the work is O((slots + busy) log busy).
 */
export function withoutBusy(slots: readonly Interval[], busy: readonly Interval[], bufferMinutes: number): Interval[] {
  if (busy.length === 0) return slots.slice();
  const pad = bufferMinutes * MINUTE_MS;
  const blocked = busy.map((b) => ({ start: b.start - pad, end: b.end + pad })).sort((a, b) => a.start - b.start);
  // Merge, so that one forward walk finds every blocker of a slot.
  const merged: Interval[] = [];
  for (const b of blocked) {
    const last = merged[merged.length - 1];
    if (last && b.start <= last.end) merged[merged.length - 1] = { start: last.start, end: Math.max(last.end, b.end) };
    else merged.push(b);
  }
  const free: Interval[] = [];
  let k = 0;
  for (const slot of slots) {
    while (k < merged.length && merged[k]!.end <= slot.start) k += 1;
    const blocker = merged[k];
    if (!blocker || blocker.start >= slot.end) free.push(slot);
  }
  return free;
}

/** Slots of already-planned `base` slots that can be booked at `now` (notice, horizon, busy intervals). */
export function bookableSlots(
  base: readonly Interval[],
  plan: SlotPlan,
  busy: readonly Interval[],
  now: number,
): Interval[] {
  const window = bookableWindow(plan, now);
  const from = firstStartingAt(base, window.start);
  const inWindow: Interval[] = [];
  for (let i = from; i < base.length && base[i]!.end <= window.end; i += 1) inWindow.push(base[i]!);
  return withoutBusy(inWindow, busy, plan.bufferMinutes);
}

/** The provider-zone dates whose slots can fall in the bookable window at `now`. */
export function planDates(plan: SlotPlan, now: number): { firstDate: string; days: number } {
  // A day before today too: with notice 0 nothing of yesterday is bookable, but a zone's date can lag the instant.
  return { firstDate: addDays(localDate(plan.timezone, now), -1), days: plan.horizonDays + 3 };
}

/** Everything bookable for a provider at `now`: the whole engine in one call. */
export function computeSlots(plan: SlotPlan, busy: readonly Interval[], now: number): Interval[] {
  const { firstDate, days } = planDates(plan, now);
  return bookableSlots(planSlots(plan, firstDate, days), plan, busy, now);
}
