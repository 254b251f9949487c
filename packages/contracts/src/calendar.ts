import { z } from 'zod';

/**
 * The calendar feed (issue 19): a private subscription address per user that any calendar app reads (RFC 5545). The
 * address holds a long random token, stored only as a hash; resetting it makes a new one and kills the old one.
 */
export const calendarFeed = z.object({
  /** https://…/api/v1/calendar/feed/<token>.ics: what a calendar app subscribes to. */
  url: z.string(),
  /** The same address as webcal://, which opens the subscription in the device's calendar app. */
  webcalUrl: z.string(),
  createdAt: z.iso.datetime(),
});
export type CalendarFeed = z.infer<typeof calendarFeed>;

/** A feed token: 56 characters of base64url (a random id and its signature). Anything else is simply not found. */
export const CALENDAR_TOKEN_LENGTH = 56;
