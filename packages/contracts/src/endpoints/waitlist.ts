import { z } from 'zod';
import { booking } from '../bookings.ts';
import { envelope, errorBody, messageOnly } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import { m } from '../messages/index.ts';
import { joinWaitlistInput, waitlistEntry } from '../waitlist.ts';

/** The waitlist (issue 19): a client's places in providers' waitlists, and the slots offered from them. */
const tags = ['waitlist'] as const;
const role = 'client';
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };
const idParams = z.strictObject({ id: z.uuid({ error: m.notFound }) });

export const listWaitlist = defineEndpoint({
  method: 'GET',
  path: '/waitlist',
  operationId: 'listWaitlist',
  summary: 'Your waitlist places, with the slot held for you if there is one',
  tags,
  role,
  responses: { 200: envelope(z.array(waitlistEntry)), ...errors },
});

export const joinWaitlist = defineEndpoint({
  method: 'POST',
  path: '/waitlist',
  operationId: 'joinWaitlist',
  summary: "Join a provider's waitlist for a range of dates and times of day (today up to the calendar's horizon)",
  tags,
  role,
  body: joinWaitlistInput,
  responses: { 201: envelope(waitlistEntry), ...errors },
});

export const leaveWaitlist = defineEndpoint({
  method: 'DELETE',
  path: '/waitlist/:id',
  operationId: 'leaveWaitlist',
  summary: 'Leave a waitlist (a slot held for you goes to the next in line)',
  tags,
  role,
  params: idParams,
  responses: { 200: messageOnly, ...errors },
});

export const acceptWaitlistOffer = defineEndpoint({
  method: 'POST',
  path: '/waitlist/offers/:id/accept',
  operationId: 'acceptWaitlistOffer',
  summary:
    'Book the slot held for you (as a booking of it would: pending payment, or requested when the provider approves first); once only, while it is held',
  tags,
  role,
  params: idParams,
  responses: { 201: envelope(booking), ...errors },
});
