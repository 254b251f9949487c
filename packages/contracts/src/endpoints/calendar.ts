import { z } from 'zod';
import { calendarFeed } from '../calendar.ts';
import { envelope, errorBody } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';

/** The calendar feed (issue 19): one's private subscription address, its reset, and the feed a calendar app reads. */
const tags = ['calendar'] as const;
const errors = { 401: errorBody, 403: errorBody, 429: errorBody };

export const getCalendarFeed = defineEndpoint({
  method: 'GET',
  path: '/calendar/feed',
  operationId: 'getCalendarFeed',
  summary: 'Your private calendar subscription address (made on first ask)',
  tags,
  role: 'user',
  responses: { 200: envelope(calendarFeed), ...errors },
});

export const resetCalendarFeed = defineEndpoint({
  method: 'POST',
  path: '/calendar/feed/reset',
  operationId: 'resetCalendarFeed',
  summary: 'A new subscription address; the old one stops working at once',
  tags,
  role: 'user',
  responses: { 200: envelope(calendarFeed), ...errors },
});

export const readCalendarFeed = defineEndpoint({
  method: 'GET',
  path: '/calendar/feed/:token.ics',
  operationId: 'readCalendarFeed',
  summary:
    "The feed (text/calendar, RFC 5545): every active booking of the address's owner as an event; an unknown or reset token is not found",
  tags,
  role: 'public',
  // Loose on purpose: a malformed token answers 404 like a reset one, never a 400 that says why.
  params: z.object({ token: z.string().max(200) }),
  responses: {
    200: { description: 'The calendar', content: { 'text/calendar': { schema: z.string() } } },
    404: errorBody,
    429: errorBody,
  },
});
