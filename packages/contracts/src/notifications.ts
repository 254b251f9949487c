import { z } from 'zod';
import { DECLINE_REASON_MAX, DECLINE_SUGGESTIONS_MAX } from './constants.ts';
import { m } from './messages/index.ts';

/**
 * Issue 47: clients and providers are told of every booking change they must act on or know, by mail and in the
 * notification centre (the bell), and a provider declines a requested booking with a reason and other free times.
 */

/** What a notification says happened; its text is the web's (en, de), the facts beside it the server's. */
export const notificationKinds = [
  /** A provider made an appointment for the client: pay by the hold's end, or pick a time. */
  'appointment-created',
  /** A client asks the provider to accept a booking. */
  'booking-requested',
  /** The provider accepted the request: the client pays by the hold's end. */
  'booking-accepted',
  /** The provider declined the request (the reason and suggested times are on the booking). */
  'booking-declined',
  /** The booking is confirmed (paid, or free): to the provider "the client paid", to the client "confirmed". */
  'booking-confirmed',
  'booking-rescheduled',
  'reschedule-requested',
  'reschedule-declined',
  /** The other party took back their reschedule request (issue 48): the booking keeps its time. */
  'reschedule-withdrawn',
  'booking-cancelled',
  'booking-expired',
  /** An unpaid booking's hold ends soon. */
  'hold-expiring',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export const notification = z.object({
  identifier: z.uuid(),
  kind: z.enum(notificationKinds),
  bookingIdentifier: z.uuid().nullable(),
  /** The other party's name when it was made (null: a deleted account). */
  otherName: z.string().nullable(),
  therapyName: z.string().nullable(),
  startTime: z.string().nullable(),
  /** An unpaid booking's hold end: "pay by …". */
  dueAt: z.string().nullable(),
  /** Who made the change: the other party, or the system (an expiry, a reminder). */
  by: z.enum(['client', 'provider', 'system']),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notification>;

export const NOTIFICATIONS_PAGE_SIZE_MAX = 50;
export const NOTIFICATIONS_PAGE_SIZE_DEFAULT = 20;

/** GET /notifications: newest first, a page at a time, optionally only the unread. */
export const notificationsQuery = z.strictObject({
  page: z.coerce
    .number({ error: m.pageInvalid })
    .int(m.pageInvalid)
    .min(1, m.pageInvalid)
    .max(100_000, m.pageInvalid)
    .default(1),
  pageSize: z.coerce
    .number({ error: m.pageInvalid })
    .int(m.pageInvalid)
    .min(1, m.pageInvalid)
    .max(NOTIFICATIONS_PAGE_SIZE_MAX, m.pageInvalid)
    .default(NOTIFICATIONS_PAGE_SIZE_DEFAULT),
  unread: z.enum(['true', 'false'], { error: m.malformedRequest }).optional(),
});
export type NotificationsQuery = z.input<typeof notificationsQuery>;

export const unreadCount = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCount>;

/** The socket message that tells a tab its notifications changed (it reads the count again). */
export const NOTIFICATIONS_CHANGED = 'notifications.changed';

const suggestion = z.string({ error: m.timeslotInvalid }).trim().min(1, m.timeslotInvalid).max(512, m.timeslotInvalid);

/** POST /appointment/participant/{id}/reject-booking: a reason the client reads, and up to 3 other free times. */
export const declineInput = z.strictObject({
  reason: z
    .string({ error: m.declineReasonRequired })
    .trim()
    .min(1, m.declineReasonRequired)
    .max(DECLINE_REASON_MAX, m.declineReasonMax),
  suggestedTimeslots: z
    .array(suggestion, { error: m.malformedRequest })
    .max(DECLINE_SUGGESTIONS_MAX, m.declineSuggestionsMax)
    .refine((list) => new Set(list).size === list.length, m.declineSuggestionTwice)
    .default([]),
});
export type DeclineInput = z.input<typeof declineInput>;

/** A declined booking's reason and the times the provider suggested instead (each bookable by its identifier). */
export const bookingDecline = z.object({
  reason: z.string().nullable(),
  suggestedTimes: z.array(z.object({ timeslotIdentifier: z.string(), startTime: z.string(), endTime: z.string() })),
});
export type BookingDecline = z.infer<typeof bookingDecline>;
