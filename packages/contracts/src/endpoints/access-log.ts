import { z } from 'zod';
import { accessLogEntry, accessLogFilters, accessLogQuery } from '../access-log.ts';
import { errorBody, paged } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';

/** The provider's access log (issue 20; decision 0037). Providers only: a client or an operator gets 403. */
export const listAccessLog = defineEndpoint({
  method: 'GET',
  path: '/practice/access-log',
  operationId: 'listAccessLog',
  summary:
    "Who read or changed your notes and your clients' records (questionnaires, client pages), when and from where: newest first, by kind of record, client and days (in your time zone), a page at a time",
  tags: ['access-log'],
  role: 'provider',
  query: accessLogQuery,
  responses: { 200: paged(accessLogEntry), 400: errorBody, 401: errorBody, 403: errorBody },
});

/** Issue 47: the same log as a CSV file (all lines the filters match, newest first; formula-safe cells). */
export const exportAccessLogCsv = defineEndpoint({
  method: 'GET',
  path: '/practice/access-log/csv',
  operationId: 'exportAccessLogCsv',
  summary:
    'Your access log as CSV (by kind of record, client and days, like the list): cells starting with = + - @ are escaped',
  tags: ['access-log'],
  role: 'provider',
  query: accessLogFilters,
  responses: {
    200: { description: 'The CSV file', content: { 'text/csv': { schema: z.string() } } },
    400: errorBody,
    401: errorBody,
    403: errorBody,
  },
});
