import {
  clockToMinutes,
  minutesToClock,
  weekdays,
  type AvailabilityDay,
  type AvailabilitySettings,
  type CustomDay,
  type TimeInterval,
} from '@therapy/contracts/availability';
import {
  AVAILABILITY_HORIZON_DAYS,
  DEFAULT_BUFFER_MINUTES,
  DEFAULT_NOTICE_HOURS,
  DEFAULT_SESSION_MINUTES,
  DEFAULT_SLOT,
} from '@therapy/contracts/constants';
import type { SettingsRow, StoredDay } from './availability.repository.ts';
import type { DayPlan, SlotPlan } from './slot-engine.ts';

export type PlanDay = DayPlan & { weekday: number };

/** A weekday without a saved plan: 09:00-18:00 (spec §9), on Monday to Friday; the weekend starts unavailable. */
export const defaultDay = (weekday: number): PlanDay => ({
  weekday,
  isAvailable: weekday <= 5,
  intervals: [[clockToMinutes(DEFAULT_SLOT.startTime), clockToMinutes(DEFAULT_SLOT.endTime)]],
});

/** The settings of a provider without a saved row: defaults in the account's own zone. */
export const defaultSettings = (providerId: string, timezone: string | null): SettingsRow => ({
  providerId,
  timezone: timezone ?? 'UTC',
  calendarSetupType: 'GENERAL',
  sessionMinutes: DEFAULT_SESSION_MINUTES,
  bufferMinutes: DEFAULT_BUFFER_MINUTES,
  noticeMinutes: DEFAULT_NOTICE_HOURS * 60,
  updatedAt: new Date(0),
});

/** The seven days of a plan: its own saved days, else the fallback's (the general plan), else the defaults. */
export function resolveWeek(own: readonly StoredDay[], fallback: readonly StoredDay[] = []): PlanDay[] {
  return weekdays.map((_, i) => {
    const weekday = i + 1;
    const day = own.find((d) => d.weekday === weekday) ?? fallback.find((d) => d.weekday === weekday);
    return day ? { weekday, isAvailable: day.isAvailable, intervals: day.intervals } : defaultDay(weekday);
  });
}

export const toIntervals = (list: readonly TimeInterval[]): Array<[number, number]> =>
  list
    .map((i) => [clockToMinutes(i.startTime), clockToMinutes(i.endTime)] as [number, number])
    .sort((a, b) => a[0] - b[0]);

const toClockIntervals = (intervals: DayPlan['intervals']) =>
  intervals.map(([start, end]) => ({ startTime: minutesToClock(start), endTime: minutesToClock(end) }));

export const toAvailabilityDay = (day: PlanDay): AvailabilityDay => ({
  identifier: weekdays[day.weekday - 1]!,
  isAvailable: day.isAvailable,
  timeslotIntervals: toClockIntervals(day.intervals),
});

export const toCustomDay = (day: StoredDay): CustomDay => ({
  identifier: day.identifier,
  date: day.date!,
  categoryIdentifier: day.categoryId,
  isAvailable: day.isAvailable,
  timeslotIntervals: toClockIntervals(day.intervals),
});

/** `timezoneSaved`: false while neither a settings row nor the account names a zone (the zone is then UTC). */
export const toSettings = (row: SettingsRow, timezoneSaved = true): AvailabilitySettings => ({
  timezone: row.timezone,
  timezoneSaved,
  sessionLengthMinutes: row.sessionMinutes,
  bufferMinutes: row.bufferMinutes,
  minimumNoticeHours: row.noticeMinutes / 60,
  calendarSetupType: row.calendarSetupType,
  horizonDays: AVAILABILITY_HORIZON_DAYS,
});

/**
 * The engine's view of one plan. Custom days of the general plan apply to every category (a holiday closes the
 * practice); a category's own custom day wins over them.
 */
export function toSlotPlan(
  settings: SettingsRow,
  week: readonly PlanDay[],
  custom: readonly StoredDay[],
  categoryId: string | null,
): SlotPlan {
  const weekly: Array<DayPlan | undefined> = [undefined];
  for (const day of week) weekly[day.weekday] = day;
  const byDate = new Map<string, DayPlan>();
  for (const day of custom) if (day.categoryId === null) byDate.set(day.date!, day);
  if (categoryId !== null) for (const day of custom) if (day.categoryId === categoryId) byDate.set(day.date!, day);
  return {
    timezone: settings.timezone,
    weekly,
    custom: byDate,
    sessionMinutes: settings.sessionMinutes,
    bufferMinutes: settings.bufferMinutes,
    noticeMinutes: settings.noticeMinutes,
    horizonDays: AVAILABILITY_HORIZON_DAYS,
  };
}
