import { z } from 'zod';
import { envelope, errorBody } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import { m } from '../messages/index.ts';
import { room } from '../rooms.ts';

/** The video room (issue 19): whether the caller may join their booking's room now, and the ICE servers. */
export const getRoom = defineEndpoint({
  method: 'GET',
  path: '/session/:bookingId/room',
  operationId: 'getSessionRoom',
  summary:
    "An online booking's video room: the ICE servers and whether the caller may join now (its two parties, from 10 minutes before the start to the end); anyone else: 404",
  tags: ['rooms'],
  role: 'user',
  params: z.strictObject({ bookingId: z.uuid({ error: m.notFound }) }),
  responses: { 200: envelope(room), 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 429: errorBody },
});
