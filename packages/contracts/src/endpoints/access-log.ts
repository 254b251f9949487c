import { accessLogEntry, accessLogQuery } from '../access-log.ts';
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
