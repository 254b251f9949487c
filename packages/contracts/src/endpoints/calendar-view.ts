import { calendarView, calendarViewQuery } from '../calendar-view.ts';
import { envelope, errorBody } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';

/** The provider's calendar to look at (issue 47). */
export const getCalendarView = defineEndpoint({
  method: 'GET',
  path: '/provider/calendar-view',
  operationId: 'getCalendarView',
  summary:
    "The provider's bookings, requests, holds and blocked days from one date to another (their zone; at most 42 days)",
  tags: ['bookings'],
  role: 'provider',
  query: calendarViewQuery,
  responses: { 200: envelope(calendarView), 400: errorBody, 401: errorBody, 403: errorBody },
});
