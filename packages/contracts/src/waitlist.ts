import { z } from 'zod';
import { AVAILABILITY_HORIZON_DAYS } from './constants.ts';
import { m } from './messages/index.ts';

/**
 * The waitlist (issue 19): a client waits for a provider's slot within a range of dates and times of day; when one
 * frees up, the first in line is offered it, held for 30 minutes, then the next.
 */
export const WAITLIST_OFFER_HOLD_MINUTES = 30;
export const WAITLIST_HORIZON_DAYS = AVAILABILITY_HORIZON_DAYS;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const isDate = (v: unknown) => typeof v === 'string' && DATE.test(v);
const isTime = (v: unknown) => typeof v === 'string' && TIME.test(v);
const date = z.string({ error: m.waitlistDatesRequired }).regex(DATE, m.waitlistDatesRequired);
const time = z.string({ error: m.waitlistTimesRequired }).regex(TIME, m.waitlistTimesRequired);

/** POST /waitlist. Dates and times are in `timezone` (the client's); the range must lie between today and the horizon. */
export const joinWaitlistInput = z
  .strictObject({
    providerIdentifier: z.uuid({ error: m.notFound }),
    therapyIdentifier: z.uuid({ error: m.therapyRequired }),
    modalityIdentifier: z.uuid({ error: m.modalityRequired }),
    fromDate: date,
    toDate: date,
    fromTime: time,
    toTime: time,
    timezone: z.string().trim().min(1).max(64),
  })
  // Only dates and times that are dates and times are compared (a malformed one has its own message).
  .refine((v) => !isDate(v.fromDate) || !isDate(v.toDate) || v.fromDate <= v.toDate, {
    message: m.waitlistDatesOrder,
    path: ['toDate'],
  })
  .refine((v) => !isTime(v.fromTime) || !isTime(v.toTime) || v.fromTime < v.toTime, {
    message: m.waitlistTimesOrder,
    path: ['toTime'],
  });
export type JoinWaitlistInput = z.infer<typeof joinWaitlistInput>;

export const waitlistOffer = z.object({
  identifier: z.uuid(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  /** Held for the client until then. */
  expiresAt: z.iso.datetime(),
  status: z.enum(['open', 'accepted', 'expired']),
});

export const waitlistEntry = z.object({
  identifier: z.uuid(),
  provider: z.object({ identifier: z.uuid(), name: z.string().nullable() }),
  therapyIdentifier: z.uuid(),
  modalityIdentifier: z.uuid(),
  fromDate: z.string(),
  toDate: z.string(),
  fromTime: z.string(),
  toTime: z.string(),
  timezone: z.string(),
  status: z.enum(['waiting', 'offered', 'booked', 'left']),
  createdAt: z.iso.datetime(),
  /** The slot held for the client right now, if any. */
  offer: waitlistOffer.nullable(),
  /**
   * A time the client took from this place but did not pay in time (or the therapist declined): the place waits again
   * (issue 48) and the list says which time lapsed. Null otherwise.
   */
  lapsedOffer: z.object({ startsAt: z.iso.datetime(), endsAt: z.iso.datetime() }).nullable(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntry>;
