import type { AvailabilityCalendar, AvailabilityItem, Timeslot } from '@therapy/contracts/availability';
import { dateFormatter, formatTimeRange } from '@/lib/format';
import { warmedTimeZone } from '@/lib/intl-warmup';

/**
 * The pure part of the slot picker: calendar dates, months and the spec's rules about which date can be picked
 * (spec §3 "Only dates that are available and have at least one slot are bookable", §5 "not before today", "about 2
 * months ahead", §4 "today if available, else the nearest future available date").
 *
 * Dates are "YYYY-MM-DD" calendar dates of the viewer's zone (the API groups them in the zone we send), months are
 * "YYYY-MM". Comparing such strings compares the dates.
 */
export type IsoDate = string;
export type IsoMonth = string;

const pad = (n: number) => String(n).padStart(2, '0');

let zoneOfBrowser: string | undefined;

/** The browser's IANA zone; the API groups dates in it and the times are shown in it. Asked once: asking is costly. */
export function browserTimeZone(): string {
  if (zoneOfBrowser) return zoneOfBrowser;
  zoneOfBrowser = warmedTimeZone();
  if (zoneOfBrowser) return zoneOfBrowser;
  try {
    zoneOfBrowser = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    zoneOfBrowser = 'UTC';
  }
  return zoneOfBrowser;
}

/** The calendar date of `now` in `timeZone`. */
export function todayIn(timeZone: string, now: Date = new Date()): IsoDate {
  const parts = dateFormatter('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(
    now,
  );
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

export const monthOf = (date: IsoDate): IsoMonth => date.slice(0, 7);

export function addMonths(month: IsoMonth, count: number): IsoMonth {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (mon - 1) + count;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
}

export function addDays(date: IsoDate, count: number): IsoDate {
  const [year, mon, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, mon - 1, day + count)).toISOString().slice(0, 10);
}

/**
 * The picker works on `Date`s at local midnight. The local zone is the browser's, which is the zone we ask the API to
 * group dates in, so a day cell and an item's date are the same calendar date.
 */
export function toPickerDate(date: IsoDate): Date {
  const [year, mon, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(year, mon - 1, day);
}

export function fromPickerDate(date: Date): IsoDate {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

type CalendarRange = Pick<AvailabilityCalendar, 'firstDate' | 'lastDate'>;

/** Spec §3 and §5: inside today .. the horizon, marked available, with at least one slot. */
export function isBookableItem(item: AvailabilityItem, range: CalendarRange): boolean {
  const date = item.date.date;
  return item.date.isAvailable && item.timeSlot.length > 0 && date >= range.firstDate && date <= range.lastDate;
}

const bookableCache = new WeakMap<AvailabilityCalendar, IsoDate[]>();

/** The bookable dates of a calendar answer, in order (cached per answer: the picker asks for every day cell). */
export function bookableDates(calendar: AvailabilityCalendar): IsoDate[] {
  let dates = bookableCache.get(calendar);
  if (!dates) {
    dates = calendar.items
      .filter((item) => isBookableItem(item, calendar))
      .map((item) => item.date.date)
      .sort();
    bookableCache.set(calendar, dates);
  }
  return dates;
}

/** The slots of one date (none when the date cannot be booked), earliest first. */
export function slotsOn(calendar: AvailabilityCalendar, date: IsoDate): Timeslot[] {
  const item = calendar.items.find((i) => i.date.date === date);
  if (!item || !isBookableItem(item, calendar)) return [];
  return [...item.timeSlot].sort((a, b) => a.startTime.localeCompare(b.startTime));
}

/**
 * The calendar's enabled-date predicate. Inside the month that is shown, a date can be picked only when it is
 * bookable. Dates of other months are decided when their month loads; until then only the range applies, so the
 * arrow keys can still move the focus into the next month.
 */
export function isDateEnabled(
  date: IsoDate,
  calendar: AvailabilityCalendar | undefined,
  shownMonth: IsoMonth,
): boolean {
  if (!calendar) return false;
  if (date < calendar.firstDate || date > calendar.lastDate) return false;
  if (monthOf(date) !== shownMonth) return true;
  return bookableDates(calendar).includes(date);
}

/** Spec §4: today when it can be booked, else the nearest later bookable date; nothing in edit mode. */
export function chooseInitialDate(
  calendar: AvailabilityCalendar | undefined,
  today: IsoDate,
  editMode = false,
): IsoDate | null {
  if (editMode || !calendar) return null;
  return bookableDates(calendar).find((date) => date >= today) ?? null;
}

/**
 * Spec §4 auto-advance: the month to look at next when `month` has nothing to book, or null when it has (stay) or
 * when it is the month of the last bookable date (give up: nothing in the next 2 months).
 */
export function nextMonthToTry(month: IsoMonth, calendar: AvailabilityCalendar): IsoMonth | null {
  if (bookableDates(calendar).length > 0) return null;
  if (month >= monthOf(calendar.lastDate)) return null;
  return addMonths(month, 1);
}

/** A BY_CATEGORY calendar asked without a category has no items: the viewer must choose a therapy first. */
export function needsCategory(calendar: AvailabilityCalendar | undefined, category: string | undefined): boolean {
  return calendar?.calendarSetupType === 'BY_CATEGORY' && !category;
}

// ---------------------------------------------------------------- formatting

/** A slot's start and end as wall-clock times in `timeZone`, e.g. "9:00 AM – 10:00 AM" (en) or "09:00 – 10:00" (de). */
export function formatSlotTime(
  slot: Pick<Timeslot, 'startTime' | 'endTime'>,
  locale: string,
  timeZone: string,
): string {
  return formatTimeRange(slot.startTime, slot.endTime, locale, timeZone);
}

/**
 * When a timeslot identifier starts, read from the identifier itself (its layout: apps/api/src/modules/availability/
 * timeslot-token.ts: version, provider, category with version 2, start in minutes since the epoch): a link to one time
 * (a provider's suggestion, issue 47) opens the calendar on its day. Null for anything else.
 */
export function slotStartOf(identifier: string): Date | null {
  try {
    const binary = atob(identifier.replaceAll('-', '+').replaceAll('_', '/'));
    const version = binary.charCodeAt(0);
    const at = version === 1 ? 17 : version === 2 ? 33 : -1;
    if (at < 0 || binary.length < at + 6) return null;
    const minutes =
      ((binary.charCodeAt(at) << 24) >>> 0) +
      (binary.charCodeAt(at + 1) << 16) +
      (binary.charCodeAt(at + 2) << 8) +
      binary.charCodeAt(at + 3);
    return new Date(minutes * 60_000);
  } catch {
    return null;
  }
}
