import { z } from 'zod';
import { BUFFER_MINUTES_MAX, NOTICE_HOURS_MAX, SESSION_MINUTES_MAX, SESSION_MINUTES_MIN } from './constants.ts';
import { ianaTimezone, viewerTimezone } from './fields.ts';
import { m } from './messages/index.ts';

/**
 * Availability (spec §3 "Availability day", "Availability item", "Timeslot"; §5 "Availability time slots"; §7
 * "Availability"; DESIGN.md §6). Wall-clock times are "HH:mm" to the minute in the provider's zone (the pickers offer
 * 5-minute steps; decision 0054); an interval ends by midnight ("24:00"). Instants are ISO 8601 UTC.
 */

export const weekdays = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
export type Weekday = (typeof weekdays)[number];
export const calendarSetupTypes = ['GENERAL', 'BY_CATEGORY'] as const;
export type CalendarSetupType = (typeof calendarSetupTypes)[number];

/** "HH:mm" to minutes after midnight; NaN when it is not a clock time at all. */
export function clockToMinutes(value: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return Number.NaN;
  return Number(match[1]) * 60 + Number(match[2]);
}
export const minutesToClock = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

// Any whole minute ("09:30", "10:05"); hours past 24 are judged by the interval (it must end by midnight).
const clockTime = z.string({ error: m.intervalTimeInvalid }).regex(/^\d{2}:[0-5]\d$/, m.intervalTimeInvalid);

export const timeInterval = z.strictObject({ startTime: clockTime, endTime: clockTime }).superRefine((v, ctx) => {
  const start = clockToMinutes(v.startTime);
  const end = clockToMinutes(v.endTime);
  if (start >= 24 * 60 || end > 24 * 60) ctx.addIssue({ code: 'custom', message: m.intervalPastMidnight });
  else if (end <= start) ctx.addIssue({ code: 'custom', message: m.intervalEndAfterStart });
});
export type TimeInterval = z.infer<typeof timeInterval>;

/** Intervals of one day: whole minutes, within the day, not overlapping (touching is fine: 9-12 and 12-17). */
export const timeIntervals = z
  .array(timeInterval, { error: m.intervalRequired })
  .max(24, m.tooManyIntervals)
  .superRefine((list, ctx) => {
    const sorted = list
      .map((i) => [clockToMinutes(i.startTime), clockToMinutes(i.endTime)] as const)
      .sort((a, b) => a[0] - b[0]);
    for (let k = 1; k < sorted.length; k += 1) {
      if (sorted[k]![0] < sorted[k - 1]![1]) {
        ctx.addIssue({ code: 'custom', message: m.intervalsOverlap });
        return;
      }
    }
  });

const dayFields = {
  isAvailable: z.boolean({ error: m.required }),
  // The spec's save shape names it `timeSlotsInterval`; an unavailable day keeps its intervals (they are hidden).
  timeSlotsInterval: timeIntervals,
};
const availableNeedsInterval = (v: { isAvailable: boolean; timeSlotsInterval: unknown[] }) =>
  !v.isAvailable || v.timeSlotsInterval.length > 0;

export const categoryIdentifier = z.uuid({ error: m.categoryUnknown });

// ---------------------------------------------------------------- weekly plan

export const availabilityDayInput = z
  .strictObject({ identifier: z.enum(weekdays, { error: m.weekdayInvalid }), ...dayFields })
  .refine(availableNeedsInterval, { message: m.intervalRequired, path: ['timeSlotsInterval'] });
export type AvailabilityDayInput = z.infer<typeof availabilityDayInput>;

const dayList = z
  .array(availabilityDayInput, { error: m.weekdayInvalid })
  .min(1, m.weekdayInvalid)
  .max(7, m.weekdayDuplicate)
  .refine((days) => new Set(days.map((d) => d.identifier)).size === days.length, m.weekdayDuplicate);

/** POST /provider-availability/days/default (category must be absent or null) and /days/recurring (required). */
export const weeklyPlanInput = z.strictObject({
  categoryIdentifier: categoryIdentifier.nullable().optional(),
  days: dayList,
});
export type WeeklyPlanInput = z.infer<typeof weeklyPlanInput>;

export const availabilityDay = z.object({
  identifier: z.enum(weekdays),
  isAvailable: z.boolean(),
  timeslotIntervals: z.array(z.object({ startTime: z.string(), endTime: z.string() })),
});
export type AvailabilityDay = z.infer<typeof availabilityDay>;

export const weeklyPlan = z.object({
  categoryIdentifier: z.uuid().nullable(),
  days: z.array(availabilityDay),
});
export type WeeklyPlan = z.infer<typeof weeklyPlan>;

// ---------------------------------------------------------------- custom days (date overrides)

export const isoDate = z
  .string({ error: m.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, m.dateInvalid)
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
  }, m.dateInvalid);

export const customDayInput = z
  .strictObject({
    date: isoDate,
    categoryIdentifier: categoryIdentifier.nullable().optional(),
    ...dayFields,
  })
  .refine(availableNeedsInterval, { message: m.intervalRequired, path: ['timeSlotsInterval'] });
export type CustomDayInput = z.infer<typeof customDayInput>;

export const customDay = z.object({
  identifier: z.uuid(),
  date: z.string(),
  categoryIdentifier: z.uuid().nullable(),
  isAvailable: z.boolean(),
  timeslotIntervals: z.array(z.object({ startTime: z.string(), endTime: z.string() })),
});
export type CustomDay = z.infer<typeof customDay>;

export const categoryQuery = z.strictObject({ category: categoryIdentifier.optional() });

// ---------------------------------------------------------------- settings

export const availabilitySettingsInput = z.strictObject({
  timezone: ianaTimezone,
  sessionLengthMinutes: z
    .number({ error: m.sessionLengthInvalid })
    .int(m.sessionLengthInvalid)
    .min(SESSION_MINUTES_MIN, m.sessionLengthInvalid)
    .max(SESSION_MINUTES_MAX, m.sessionLengthInvalid),
  bufferMinutes: z
    .number({ error: m.bufferInvalid })
    .int(m.bufferInvalid)
    .min(0, m.bufferInvalid)
    .max(BUFFER_MINUTES_MAX, m.bufferInvalid),
  minimumNoticeHours: z
    .number({ error: m.noticeInvalid })
    .int(m.noticeInvalid)
    .min(0, m.noticeInvalid)
    .max(NOTICE_HOURS_MAX, m.noticeInvalid),
});
export type AvailabilitySettingsInput = z.infer<typeof availabilitySettingsInput>;

export const availabilitySettings = availabilitySettingsInput.extend({
  /**
   * False while neither saved settings nor the account name a zone: `timezone` is then the fallback UTC, and the web
   * app saves the browser's zone instead (decision 0054).
   */
  timezoneSaved: z.boolean(),
  calendarSetupType: z.enum(calendarSetupTypes),
  horizonDays: z.number().int(),
});
export type AvailabilitySettings = z.infer<typeof availabilitySettings>;

/** GET/POST /provider/availability-setting?category=: the set-up type and the plan of the category (or general). */
export const availabilitySetupInput = z.strictObject({
  calendarSetupType: z.enum(calendarSetupTypes, { error: m.calendarSetupTypeInvalid }),
  days: dayList.optional(),
});
export type AvailabilitySetupInput = z.infer<typeof availabilitySetupInput>;

export const availabilitySetup = z.object({
  calendarSetupType: z.enum(calendarSetupTypes),
  categories: z.array(z.object({ identifier: z.uuid(), code: z.string(), name: z.string() })),
  plan: weeklyPlan,
});
export type AvailabilitySetup = z.infer<typeof availabilitySetup>;

// ---------------------------------------------------------------- timeslots

export const timeslot = z.object({ identifier: z.string(), startTime: z.string(), endTime: z.string() });
export type Timeslot = z.infer<typeof timeslot>;

/** A date in the viewer's zone: bookable when `isAvailable` and it has at least one slot (spec §3). */
export const availabilityItem = z.object({
  date: z.object({ date: z.string(), isAvailable: z.boolean() }),
  timeSlot: z.array(timeslot),
});
export type AvailabilityItem = z.infer<typeof availabilityItem>;

/** `{date?}` is a month ("YYYY-MM") or one day ("YYYY-MM-DD"); without it, today to the horizon. */
export const timeslotDateParam = z
  .string({ error: m.dateInvalid })
  .regex(/^\d{4}-\d{2}(-\d{2})?$/, m.dateInvalid)
  .refine((v) => (v.length === 7 ? isoDate.safeParse(`${v}-01`).success : isoDate.safeParse(v).success), m.dateInvalid);

export const timeslotQuery = z.strictObject({
  category: categoryIdentifier.optional(),
  /** The viewer's zone (any spelling Intl knows, made canonical): dates are grouped in it. Default: the signed-in user's zone, else the provider's. */
  timezone: viewerTimezone.optional(),
});

export const availabilityCalendar = z.object({
  timezone: z.string(),
  providerTimezone: z.string(),
  calendarSetupType: z.enum(calendarSetupTypes),
  /** First and last date (viewer's zone) that can have bookable slots: today and about 2 months ahead. */
  firstDate: z.string(),
  lastDate: z.string(),
  items: z.array(availabilityItem),
});
export type AvailabilityCalendar = z.infer<typeof availabilityCalendar>;

/**
 * GET /provider/calendar-preview/{date}: the provider's own free times as clients will see them (issue 47), also
 * before verification, when clients see none. `visibleToClients` says whether they are public yet; the slots'
 * identifiers are no timeslot identifiers (nothing can be booked from a preview).
 */
export const calendarPreview = availabilityCalendar.extend({ visibleToClients: z.boolean() });
export type CalendarPreview = z.infer<typeof calendarPreview>;

/** GET /provider-availability/timeslot/{id}: a timeslot identifier checked again (signature, and still offered). */
export const timeslotCheck = timeslot.extend({
  providerIdentifier: z.uuid(),
  categoryIdentifier: z.uuid().nullable(),
  isAvailable: z.boolean(),
});
export type TimeslotCheck = z.infer<typeof timeslotCheck>;
