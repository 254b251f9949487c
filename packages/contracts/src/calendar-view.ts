import { z } from 'zod';
import { isoDate } from './availability.ts';
import { m } from './messages/index.ts';

/**
 * The provider's calendar to look at (issue 47): bookings, requests, holds and blocked days of a date range, for the
 * week, day and month views. Dates are the provider's own ("YYYY-MM-DD" in their zone), `to` exclusive; instants are
 * ISO 8601 UTC.
 */
export const CALENDAR_VIEW_MAX_DAYS = 42;

const dayMs = 86_400_000;
export const calendarViewQuery = z
  .strictObject({ from: isoDate, to: isoDate })
  .refine((q) => q.to > q.from, { message: m.calendarRangeOrder, path: ['to'] })
  .refine(
    (q) => Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`) <= CALENDAR_VIEW_MAX_DAYS * dayMs,
    {
      message: m.calendarRangeTooLong,
      path: ['to'],
    },
  );
export type CalendarViewQuery = z.infer<typeof calendarViewQuery>;

/** booking = confirmed (paid); request = waiting for the provider's answer; hold = pending payment. */
export const calendarEventKinds = ['booking', 'request', 'hold'] as const;
export type CalendarEventKind = (typeof calendarEventKinds)[number];

export const calendarEvent = z.object({
  /** The booking's identifier: the event opens /appointments/{identifier}. */
  identifier: z.uuid(),
  kind: z.enum(calendarEventKinds),
  startTime: z.iso.datetime(),
  endTime: z.iso.datetime(),
  clientName: z.string(),
  /** The therapy's identifier is the slot calendar's `category` when the provider's plan is per therapy. */
  therapy: z.object({ identifier: z.uuid(), code: z.string(), name: z.string() }),
  /** A reschedule that waits for an answer: the event is not moved until it is given. */
  reschedulePending: z.boolean(),
  /** Reschedules the provider has left on this booking (0: the drag is refused by the server anyway). */
  remainingProviderReschedule: z.number().int(),
});
export type CalendarEvent = z.infer<typeof calendarEvent>;

/** A custom day marked unavailable: "Mark as free" deletes it and the weekly plan applies again. */
export const blockedDay = z.object({
  identifier: z.uuid(),
  date: z.string(),
  /** Null: the general plan's day off (every therapy); else one therapy's. */
  categoryIdentifier: z.uuid().nullable(),
});
export type BlockedDay = z.infer<typeof blockedDay>;

export const calendarView = z.object({
  timezone: z.string(),
  from: z.string(),
  to: z.string(),
  events: z.array(calendarEvent),
  blocked: z.array(blockedDay),
});
export type CalendarView = z.infer<typeof calendarView>;
