import { z } from 'zod';
import { BOOKING_NOTE_MAX, CANCEL_NOTE_MAX, SERIES_MAX, SERIES_MIN } from './constants.ts';
import { m } from './messages/index.ts';
import { bookingDecline } from './notifications.ts';

/**
 * Bookings and appointments (issue 15): spec §3 "Booking", "Participant booking", "Booking form", "Cancellation
 * status"; §4; §5; §7 "Bookings and appointments"; DESIGN.md §6 "Bookings", "Cancel and reschedule". Decision 0027
 * records what the spec leaves open. A client's routes are under /booking, a provider's under /appointment.
 */

/**
 * DESIGN.md §6. `requested`: the provider must acknowledge; `pending`: awaiting payment (holds its slot 30 min, then
 * `expired`); `confirmed`: paid; `completed`: ended (a job); `cancelled`, `rejected` (by the provider), `expired`.
 */
export const bookingStatuses = [
  'requested',
  'pending',
  'confirmed',
  'completed',
  'cancelled',
  'rejected',
  'expired',
] as const;
export type BookingStatus = (typeof bookingStatuses)[number];
/** The statuses that hold a slot (the exclusion constraint covers exactly these). */
export const activeBookingStatuses = ['requested', 'pending', 'confirmed'] as const satisfies readonly BookingStatus[];

/**
 * A reschedule request's status: applied at once, or waiting for the other party inside 48 h, then decided (accepted,
 * rejected) or taken back by its requester (`withdrawn`). A request still open when its booking is cancelled or
 * completed is closed as `rejected` with `system` as who decided (decision 0060).
 */
export const rescheduleStatuses = ['applied', 'pending', 'accepted', 'rejected', 'withdrawn'] as const;
export type RescheduleStatus = (typeof rescheduleStatuses)[number];
export const bookingRoles = ['client', 'provider'] as const;
export const bookingPaymentMethods = ['platform', 'outside'] as const;
export type BookingRole = (typeof bookingRoles)[number];

const uuidOr = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .pipe(z.uuid({ error: message }));
const bookingNote = z.string({ error: m.bookingNoteMax }).trim().max(BOOKING_NOTE_MAX, m.bookingNoteMax);
/** An optional note: empty means none. */
const optionalNote = bookingNote
  .optional()
  .nullable()
  .transform((v) => (v ? v : null));
/** A signed timeslot identifier from the calendar (availability); the server checks it again when it writes. */
const timeslotIdentifier = z
  .string({ error: m.timeslotRequired })
  .trim()
  .min(1, m.timeslotRequired)
  .max(512, m.timeslotInvalid);

// ---------------------------------------------------------------- requests

/** POST /booking (client): spec §3 "Booking form", §5 "Booking". The same schema validates the form. */
export const bookingInput = z.strictObject({
  modalityIdentifier: uuidOr(m.modalityRequired),
  therapyIdentifier: uuidOr(m.therapyRequired),
  timeslotIdentifier,
  note: optionalNote,
});
export type BookingInput = z.input<typeof bookingInput>;
export type BookingValues = z.output<typeof bookingInput>;

/** POST /booking/series: the booking form plus how many weekly sessions (2 to 12), all or nothing. */
export const seriesInput = bookingInput.extend({
  occurrences: z
    .number({ error: m.seriesOccurrencesInvalid })
    .int(m.seriesOccurrencesInvalid)
    .min(SERIES_MIN, m.seriesOccurrencesInvalid)
    .max(SERIES_MAX, m.seriesOccurrencesInvalid),
});
export type SeriesInput = z.input<typeof seriesInput>;

/**
 * POST /appointment (provider): an appointment for one of the provider's clients, with a time (then `pending` until
 * the client pays) or without one (the client schedules it: POST /booking/{id}/schedule, then pays).
 */
export const appointmentPayments = ['platform', 'outside'] as const;
export const appointmentInput = z
  .strictObject({
    clientIdentifier: uuidOr(m.clientRequired),
    modalityIdentifier: uuidOr(m.modalityRequired),
    therapyIdentifier: uuidOr(m.therapyRequired),
    timeslotIdentifier: timeslotIdentifier.optional().nullable(),
    note: optionalNote,
    /**
     * 'outside': the client pays the provider outside the platform (decision 0053): confirmed at once, no money moves
     * here, so it needs a time. 'platform' (the default): the client pays from their wallet (once they join, for a
     * client without an account).
     */
    payment: z.enum(appointmentPayments).default('platform'),
  })
  .refine((v) => v.payment !== 'outside' || !!v.timeslotIdentifier, {
    path: ['timeslotIdentifier'],
    message: m.outsidePaymentNeedsTime,
  });
export type AppointmentInput = z.input<typeof appointmentInput>;

/** POST /booking/{id}/cancel and /appointment/{id}/cancel: spec §5 "Cancel", a note is required. */
export const cancelInput = z.strictObject({
  note: z
    .string({ error: m.cancelNoteRequired })
    .trim()
    .min(1, m.cancelNoteRequired)
    .max(CANCEL_NOTE_MAX, m.bookingNoteMax),
});
export type CancelInput = z.input<typeof cancelInput>;

/** POST /booking/{id}/reschedule and /appointment/{id}/reschedule: spec §5 "Reschedule". */
export const rescheduleInput = z.strictObject({ timeslotIdentifier, note: optionalNote });
export type RescheduleInput = z.input<typeof rescheduleInput>;

/** POST /booking/{id}/schedule: a time for an appointment that has none. */
export const scheduleInput = z.strictObject({ timeslotIdentifier });
export type ScheduleInput = z.input<typeof scheduleInput>;

/** POST /appointment/{id}/reschedule-update (either party answers the other's request). */
export const rescheduleUpdateInput = z.strictObject({
  status: z.enum(['accepted', 'rejected'], { error: m.noRescheduleRequest }),
});
export type RescheduleUpdateInput = z.input<typeof rescheduleUpdateInput>;

/** POST /appointment/{id}/reschedule-withdraw: the requester takes back their pending request (issue 48); no fields. */
export const rescheduleWithdrawInput = z.strictObject({});
export type RescheduleWithdrawInput = z.input<typeof rescheduleWithdrawInput>;

/** POST /booking/participant/{id}/status: the provider records attendance once the session has started. */
export const participantStatusInput = z.strictObject({
  status: z.enum(['attended', 'no_show'], { error: m.attendanceInvalid }),
});

/** POST /share-booking: send a booking's time and place to an email address (the party's own, a companion's). */
export const shareBookingInput = z.strictObject({
  bookingIdentifier: z.uuid({ error: m.notFound }),
  email: z.email({ error: m.emailInvalid }).trim().max(254, m.emailInvalid),
});
export type ShareBookingInput = z.input<typeof shareBookingInput>;

/** GET /booking and /appointment: `statuses` is a comma-separated list (none: all), `page` from 1. */
export const bookingListQuery = z.strictObject({
  statuses: z
    .string({ error: m.statusesInvalid })
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : [],
    )
    .pipe(z.array(z.enum(bookingStatuses, { error: m.statusesInvalid }))),
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
    .max(50, m.pageInvalid)
    .default(10),
});
export type BookingListQuery = z.input<typeof bookingListQuery>;

// ---------------------------------------------------------------- responses

const option = z.object({ identifier: z.uuid(), code: z.string(), name: z.string() });
export const bookingParty = z.object({
  identifier: z.uuid(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  username: z.string().nullable(),
  /** A signed picture URL, or null. */
  picture: z.string().nullable(),
  timezone: z.string().nullable(),
});
export type BookingParty = z.infer<typeof bookingParty>;

export const bookingReschedule = z.object({
  identifier: z.uuid(),
  status: z.enum(rescheduleStatuses),
  requestedBy: z.enum(bookingRoles),
  fromStartTime: z.string().nullable(),
  fromEndTime: z.string().nullable(),
  toStartTime: z.string(),
  toEndTime: z.string(),
  note: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type BookingReschedule = z.infer<typeof bookingReschedule>;

/** Spec §3 "Booking": what lists and pages show. Times are ISO instants (UTC); the page shows them in the viewer's zone. */
export const booking = z.object({
  identifier: z.uuid(),
  status: z.enum(bookingStatuses),
  previousStatus: z.enum(bookingStatuses).nullable(),
  provider: bookingParty,
  client: bookingParty,
  therapyCategory: option,
  modality: option,
  /** Null for a provider's appointment the client has not scheduled yet. */
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  note: z.string().nullable(),
  /** Online sessions: the meeting link; in person: the provider's office address. */
  meetingLink: z.string().nullable(),
  address: z.string().nullable(),
  price: z.object({ amount: z.number().int(), currencyCode: z.string() }),
  /** `outside`: a provider's appointment paid outside the platform (price 0 here; decision 0053). */
  paymentMethod: z.enum(bookingPaymentMethods),
  /** A `pending` booking's hold: unpaid by then, it expires and frees the slot. */
  holdExpiresAt: z.string().nullable(),
  seriesIdentifier: z.uuid().nullable(),
  createdBy: z.enum(bookingRoles),
  rescheduleInfo: z.object({
    /** The latest reschedule's status, or null when never rescheduled. */
    status: z.enum(rescheduleStatuses).nullable(),
    remainingClientReschedule: z.number().int(),
    remainingProviderReschedule: z.number().int(),
  }),
  reschedules: z.array(bookingReschedule),
  allowRescheduleCompletedBooking: z.boolean(),
  feedbackProvided: z.boolean(),
  /** The client's participant booking: what reviews are written against (spec §1 "participantId is used for review edit"). */
  participantIdentifier: z.uuid().nullable(),
  /** A declined request: the provider's reason and the times suggested instead (issue 47); null otherwise. */
  decline: bookingDecline.nullable().optional(),
  createdAt: z.string(),
});
export type Booking = z.infer<typeof booking>;

export const bookingActors = ['client', 'provider', 'system'] as const;
export type BookingActor = (typeof bookingActors)[number];

export const bookingStatusChange = z.object({
  status: z.enum(bookingStatuses),
  previousStatus: z.enum(bookingStatuses).nullable(),
  /** Who caused it; `system` for jobs (expiry, completion). */
  actor: z.enum(bookingActors),
  note: z.string().nullable(),
  at: z.string(),
});
export type BookingStatusChange = z.infer<typeof bookingStatusChange>;

/**
 * What happened to a reschedule, as a line of the booking's history (issue 48): `moved` applied at once;
 * `requested` asked the other party; `accepted`, `declined` their answer; `withdrawn` the requester took it back;
 * `closed` the booking was cancelled or completed before an answer.
 */
export const moveActions = ['moved', 'requested', 'accepted', 'declined', 'withdrawn', 'closed'] as const;
export type MoveAction = (typeof moveActions)[number];

/**
 * One line of a booking's history (GET /booking/{id}/details, GET /appointment/{id}; issue 48), oldest first: every
 * status the booking had (a cancellation with its refund) and every move and reschedule request with its times
 * (ISO instants; the page shows them in the viewer's zone), who did it, and its note.
 */
export const bookingHistoryEntry = z.discriminatedUnion('kind', [
  bookingStatusChange.extend({
    kind: z.literal('status'),
    /** A cancellation: what went back to the client's wallet (minor units, the booking's currency); null otherwise. */
    refundAmount: z.number().int().nullable(),
  }),
  z.object({
    kind: z.literal('move'),
    action: z.enum(moveActions),
    /** Who did this step (the requester for moved, requested and withdrawn; the one who answered otherwise). */
    actor: z.enum(bookingActors),
    requestedBy: z.enum(bookingRoles),
    fromStartTime: z.string().nullable(),
    fromEndTime: z.string().nullable(),
    toStartTime: z.string(),
    toEndTime: z.string(),
    /** The requester's note (on `moved` and `requested` lines). */
    note: z.string().nullable(),
    at: z.string(),
  }),
]);
export type BookingHistoryEntry = z.infer<typeof bookingHistoryEntry>;

/** GET /booking/{id}/details and GET /appointment/{id}: the booking detail page. */
export const bookingDetails = booking.extend({
  statusHistory: z.array(bookingStatusChange),
  /** The whole history, statuses and moves in order (issue 48). */
  history: z.array(bookingHistoryEntry),
  cancellation: z
    .object({ by: z.enum(bookingRoles), note: z.string(), refundAmount: z.number().int(), at: z.string() })
    .nullable(),
});
export type BookingDetails = z.infer<typeof bookingDetails>;

/** Spec §3 "Participant booking": one client's place in a booking. */
export const participantBooking = z.object({
  identifier: z.uuid(),
  booking,
  status: z.enum(['invited', 'acknowledged', 'rejected', 'attended', 'no_show']),
  feedbackProvided: z.boolean(),
});
export type ParticipantBooking = z.infer<typeof participantBooking>;

/** Spec §3 "Cancellation status", GET /appointment/policy/{id}/cancellation: would cancelling now refund? */
export const cancellationPolicy = z.object({
  cancelationStatus: z.boolean(),
  /** What a cancel now would return to the client's wallet (minor units); 0 when nothing. */
  refundAmount: z.number().int(),
  currencyCode: z.string(),
  /** Until when a client's cancel is refunded (48 h before the start); null without a time. */
  cutoffAt: z.string().nullable(),
  /** False when the booking cannot be cancelled at all (already ended, cancelled...). */
  cancellable: z.boolean(),
});
export type CancellationPolicy = z.infer<typeof cancellationPolicy>;

/** GET /appointment/policy/{id}/reschedule: may the viewer reschedule, and would it need the other party's approval? */
export const reschedulePolicy = z.object({
  reschedulable: z.boolean(),
  remaining: z.number().int(),
  needsApproval: z.boolean(),
  /** From this instant on, a reschedule of this confirmed booking is a request (48 h before the start). */
  approvalFrom: z.string().nullable(),
});
export type ReschedulePolicy = z.infer<typeof reschedulePolicy>;

/** GET /appointment/clients: the people a provider may create an appointment for (they booked the provider before). */
export const providerClient = bookingParty.extend({
  lastBookingAt: z.string().nullable(),
  /** A client without an account (decision 0053): the appointment is paid outside the platform or once they join. */
  withoutAccount: z.boolean(),
});
export type ProviderClient = z.infer<typeof providerClient>;

/** GET/PUT /appointment/settings: a provider who requires approval gets `requested` bookings to acknowledge or reject. */
export const bookingSettings = z.strictObject({ requiresApproval: z.boolean({ error: m.malformedRequest }) });
export type BookingSettings = z.infer<typeof bookingSettings>;

// ---------------------------------------------------------------- dashboards (/overview, issue 16)

const amount = z.object({ amount: z.number().int(), currencyCode: z.string() });

/** GET /overview/client: the next session (with its link), what is left to review, and the therapists seen. */
export const clientOverview = z.object({
  /** The soonest confirmed session that has not ended. */
  nextSession: booking.nullable(),
  /** Confirmed sessions still to come, the next one included. */
  upcomingCount: z.number().int(),
  /** Completed sessions not reviewed yet, newest first (at most 3; the count says how many in all). */
  toReview: z.array(booking),
  toReviewCount: z.number().int(),
  /** Therapists the client has had a completed session with, most recent first (at most 6). */
  therapists: z.array(bookingParty),
});
export type ClientOverview = z.infer<typeof clientOverview>;

/** GET /overview/provider: today in the provider's zone, requests to acknowledge and this month's earnings. */
export const providerOverview = z.object({
  /** The provider's zone, which "today" and "this month" are counted in. */
  timezone: z.string(),
  /** Today's sessions (requested, pending, confirmed or completed), in time order. */
  today: z.array(booking),
  /** Requests waiting for the provider, soonest first (at most 5; the count says how many in all). */
  requests: z.array(booking),
  requestsCount: z.number().int(),
  /** What completed sessions earned this month, per currency (the provider's share, credited to earnings). */
  earningsThisMonth: z.array(amount),
});
export type ProviderOverview = z.infer<typeof providerOverview>;
