import { z } from 'zod';
import {
  appointmentInput,
  booking,
  bookingDetails,
  bookingInput,
  bookingListQuery,
  bookingSettings,
  cancelInput,
  cancellationPolicy,
  clientOverview,
  participantBooking,
  participantStatusInput,
  providerClient,
  providerOverview,
  rescheduleInput,
  reschedulePolicy,
  rescheduleUpdateInput,
  rescheduleWithdrawInput,
  scheduleInput,
  seriesInput,
  shareBookingInput,
} from '../bookings.ts';
import { envelope, errorBody, messageOnly, paged } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import { m } from '../messages/index.ts';
import { declineInput } from '../notifications.ts';

/**
 * Spec §7 "Bookings and appointments" (issue 15), plus POST /booking/{id}/pay (the wallet debit) and GET
 * /appointment/clients (whom a provider may create an appointment for). Client routes are under /booking, provider
 * routes under /appointment; the other role gets 403. Another user's booking answers 404, like a missing one.
 */
const tags = ['bookings'] as const;
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const writeErrors = { ...errors, 409: errorBody };
const idParams = z.strictObject({ id: z.uuid({ error: m.notFound }) });

// ---------------------------------------------------------------- client

export const listBookings = defineEndpoint({
  method: 'GET',
  path: '/booking',
  operationId: 'listBookings',
  summary: "The signed-in client's bookings, soonest first, filtered by status, a page at a time",
  tags,
  role: 'client',
  query: bookingListQuery,
  responses: { 200: paged(booking), ...errors },
});

export const createBooking = defineEndpoint({
  method: 'POST',
  path: '/booking',
  operationId: 'createBooking',
  summary: 'Book a slot: `pending` (pay within 30 minutes) or `requested` when the provider approves bookings',
  tags,
  role: 'client',
  body: bookingInput,
  responses: { 201: envelope(booking), ...writeErrors },
});

export const createBookingSeries = defineEndpoint({
  method: 'POST',
  path: '/booking/series',
  operationId: 'createBookingSeries',
  summary: 'Book the same weekly slot 2 to 12 times, all or nothing',
  tags,
  role: 'client',
  body: seriesInput,
  responses: { 201: envelope(z.array(booking)), ...writeErrors },
});

export const getBooking = defineEndpoint({
  method: 'GET',
  path: '/booking/:id',
  operationId: 'getBooking',
  summary: 'One of your bookings',
  tags,
  role: 'client',
  params: idParams,
  responses: { 200: envelope(booking), ...errors },
});

export const getBookingDetails = defineEndpoint({
  method: 'GET',
  path: '/booking/:id/details',
  operationId: 'getBookingDetails',
  summary: 'One of your bookings with its status history (the booking detail page)',
  tags,
  role: 'client',
  params: idParams,
  responses: { 200: envelope(bookingDetails), ...errors },
});

export const getBookingSeries = defineEndpoint({
  method: 'GET',
  path: '/booking/:id/series',
  operationId: 'getBookingSeries',
  summary: 'Every booking of the series this booking belongs to (just itself when none)',
  tags,
  role: 'client',
  params: idParams,
  responses: { 200: envelope(z.array(booking)), ...errors },
});

export const payBooking = defineEndpoint({
  method: 'POST',
  path: '/booking/:id/pay',
  operationId: 'payBooking',
  summary:
    'Pay a pending booking from the wallet in its currency (409 INSUFFICIENT_FUNDS when short); once per booking',
  tags,
  role: 'client',
  idempotencyKey: 'required',
  params: idParams,
  responses: { 200: envelope(booking), ...writeErrors },
});

export const cancelBooking = defineEndpoint({
  method: 'POST',
  path: '/booking/:id/cancel',
  operationId: 'cancelBooking',
  summary: 'Cancel one of your bookings: refunded 48 h or more ahead, not later (the message says which)',
  tags,
  role: 'client',
  params: idParams,
  body: cancelInput,
  responses: { 200: envelope(booking), ...writeErrors },
});

export const rescheduleBooking = defineEndpoint({
  method: 'POST',
  path: '/booking/:id/reschedule',
  operationId: 'rescheduleBooking',
  summary: 'Move one of your bookings (2 times per booking); inside 48 h of a confirmed session, the provider approves',
  tags,
  role: 'client',
  params: idParams,
  body: rescheduleInput,
  responses: { 200: envelope(booking), ...writeErrors },
});

export const scheduleBooking = defineEndpoint({
  method: 'POST',
  path: '/booking/:id/schedule',
  operationId: 'scheduleBooking',
  summary: "Pick a time for a provider's appointment that has none; then pay it",
  tags,
  role: 'client',
  params: idParams,
  body: scheduleInput,
  responses: { 200: envelope(booking), ...writeErrors },
});

export const getParticipantBooking = defineEndpoint({
  method: 'GET',
  path: '/booking/participant/:id',
  operationId: 'getParticipantBooking',
  summary: "A client's place in a booking, with whether they reviewed it",
  tags,
  role: 'user',
  params: idParams,
  responses: { 200: envelope(participantBooking), ...errors },
});

export const setParticipantStatus = defineEndpoint({
  method: 'POST',
  path: '/booking/participant/:id/status',
  operationId: 'setParticipantStatus',
  summary: "The provider records a client's attendance once the session has started",
  tags,
  role: 'provider',
  params: idParams,
  body: participantStatusInput,
  responses: { 200: envelope(participantBooking), ...writeErrors },
});

export const shareBooking = defineEndpoint({
  method: 'POST',
  path: '/share-booking',
  operationId: 'shareBooking',
  summary: 'Mail a booking (time, place, calendar file) to an email address ("Mail Sent Successfully")',
  tags,
  role: 'user',
  body: shareBookingInput,
  responses: { 200: messageOnly, ...errors, 429: errorBody },
});

// ---------------------------------------------------------------- both parties

export const getCancellationPolicy = defineEndpoint({
  method: 'GET',
  path: '/appointment/policy/:id/cancellation',
  operationId: 'getCancellationPolicy',
  summary: 'Whether cancelling this booking now would be refunded, how much, and until when',
  tags,
  role: 'user',
  params: idParams,
  responses: { 200: envelope(cancellationPolicy), ...errors },
});

export const getReschedulePolicy = defineEndpoint({
  method: 'GET',
  path: '/appointment/policy/:id/reschedule',
  operationId: 'getReschedulePolicy',
  summary: 'Whether you may reschedule this booking, how many times more, and whether the other party must approve',
  tags,
  role: 'user',
  params: idParams,
  responses: { 200: envelope(reschedulePolicy), ...errors },
});

export const answerReschedule = defineEndpoint({
  method: 'POST',
  path: '/appointment/:id/reschedule-update',
  operationId: 'answerReschedule',
  summary: "Accept or reject the other party's reschedule request",
  tags,
  role: 'user',
  params: idParams,
  body: rescheduleUpdateInput,
  responses: { 200: envelope(booking), ...writeErrors },
});

export const withdrawReschedule = defineEndpoint({
  method: 'POST',
  path: '/appointment/:id/reschedule-withdraw',
  operationId: 'withdrawReschedule',
  summary: 'Take back your own reschedule request while it waits for an answer',
  tags,
  role: 'user',
  params: idParams,
  body: rescheduleWithdrawInput,
  responses: { 200: envelope(booking), ...writeErrors },
});

// ---------------------------------------------------------------- provider

export const listAppointments = defineEndpoint({
  method: 'GET',
  path: '/appointment',
  operationId: 'listAppointments',
  summary: "The signed-in provider's appointments, soonest first, filtered by status, a page at a time",
  tags,
  role: 'provider',
  query: bookingListQuery,
  responses: { 200: paged(booking), ...errors },
});

export const createAppointment = defineEndpoint({
  method: 'POST',
  path: '/appointment',
  operationId: 'createAppointment',
  summary: 'Create an appointment for one of your clients, with a time or for the client to schedule',
  tags,
  role: 'provider',
  body: appointmentInput,
  responses: { 201: envelope(booking), ...writeErrors },
});

export const listProviderClients = defineEndpoint({
  method: 'GET',
  path: '/appointment/clients',
  operationId: 'listProviderClients',
  summary: 'The clients you may create an appointment for',
  tags,
  role: 'provider',
  responses: { 200: envelope(z.array(providerClient)), ...errors },
});

export const listClientAppointments = defineEndpoint({
  method: 'GET',
  path: '/appointment/client/:id',
  operationId: 'listClientAppointments',
  summary: 'Your appointments with one client, a page at a time',
  tags,
  role: 'provider',
  params: idParams,
  query: bookingListQuery,
  responses: { 200: paged(booking), ...errors },
});

export const getAppointment = defineEndpoint({
  method: 'GET',
  path: '/appointment/:id',
  operationId: 'getAppointment',
  summary: 'One of your appointments with its status history (the booking detail page)',
  tags,
  role: 'provider',
  params: idParams,
  responses: { 200: envelope(bookingDetails), ...errors },
});

export const cancelAppointment = defineEndpoint({
  method: 'POST',
  path: '/appointment/:id/cancel',
  operationId: 'cancelAppointment',
  summary: 'Cancel one of your appointments; the client is refunded in full',
  tags,
  role: 'provider',
  params: idParams,
  body: cancelInput,
  responses: { 200: envelope(booking), ...writeErrors },
});

export const rescheduleAppointment = defineEndpoint({
  method: 'POST',
  path: '/appointment/:id/reschedule',
  operationId: 'rescheduleAppointment',
  summary:
    'Move one of your appointments (3 times per booking); inside 48 h of a confirmed session, the client approves',
  tags,
  role: 'provider',
  params: idParams,
  body: rescheduleInput,
  responses: { 200: envelope(booking), ...writeErrors },
});

export const acknowledgeBooking = defineEndpoint({
  method: 'POST',
  path: '/appointment/participant/:id/acknowledge',
  operationId: 'acknowledgeBooking',
  summary: 'Accept a requested booking: it becomes pending until the client pays',
  tags,
  role: 'provider',
  params: idParams,
  responses: { 200: envelope(booking), ...writeErrors },
});

export const rejectBooking = defineEndpoint({
  method: 'POST',
  path: '/appointment/participant/:id/reject-booking',
  operationId: 'rejectBooking',
  summary:
    'Decline a requested booking with a reason the client reads, and up to 3 other free times of yours; its slot is free again',
  tags,
  role: 'provider',
  params: idParams,
  body: declineInput,
  responses: { 200: envelope(booking), ...writeErrors },
});

export const getBookingSettings = defineEndpoint({
  method: 'GET',
  path: '/appointment/settings',
  operationId: 'getBookingSettings',
  summary: 'Whether you approve each booking before the client pays',
  tags,
  role: 'provider',
  responses: { 200: envelope(bookingSettings), ...errors },
});

export const updateBookingSettings = defineEndpoint({
  method: 'PUT',
  path: '/appointment/settings',
  operationId: 'updateBookingSettings',
  summary: 'Approve each booking yourself (`requested` until you acknowledge it) or let clients book and pay at once',
  tags,
  role: 'provider',
  body: bookingSettings,
  responses: { 200: envelope(bookingSettings), ...errors },
});

// ---------------------------------------------------------------- dashboards

export const getClientOverview = defineEndpoint({
  method: 'GET',
  path: '/overview/client',
  operationId: 'getClientOverview',
  summary: "The client's dashboard: next session, sessions to review, therapists seen",
  tags,
  role: 'client',
  responses: { 200: envelope(clientOverview), 401: errorBody, 403: errorBody },
});

export const getProviderOverview = defineEndpoint({
  method: 'GET',
  path: '/overview/provider',
  operationId: 'getProviderOverview',
  summary: "The provider's dashboard: today's sessions, requests to acknowledge, this month's earnings",
  tags,
  role: 'provider',
  responses: { 200: envelope(providerOverview), 401: errorBody, 403: errorBody },
});
