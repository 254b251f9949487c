import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { availabilityCalendar, categoryQuery, timeslotCheck, timeslotDateParam, timeslotQuery } from '@therapy/contracts/availability';
import { envelope, errorBody } from '@therapy/contracts/common';
import { m } from '@therapy/contracts/messages';
import type { CalendarService } from './calendar.service.ts';

const errors = { 400: errorBody, 401: errorBody, 404: errorBody };
const providerParams = z.strictObject({ providerId: z.uuid({ error: m.notFound }) });
const providerDateParams = providerParams.extend({ date: timeslotDateParam });
const timeslotParams = z.strictObject({ id: z.string().min(1, m.timeslotInvalid).max(256, m.timeslotInvalid) });

/** Slots as clients see them (public, like the provider page) and the timeslot check (signed-in users). */
export const timeslotRoutes: FastifyPluginAsyncZod<{ calendar: CalendarService }> = async (app, { calendar }) => {
  const tags = ['availability'];
  const response = { 200: envelope(availabilityCalendar), ...errors };

  // The body comes from the slot cache already serialised (the route's hot path): Fastify sends a string with a JSON
  // content type as it is, without the response serialiser. The schema still documents the shape, which the tests check.
  const raw = (body: string) => body as unknown as z.infer<typeof response[200]>;
  app.get('/providers-availability/:providerId/timeslot', { schema: { tags, params: providerParams, querystring: timeslotQuery, response } }, async (req, reply) =>
    reply.type('application/json; charset=utf-8').send(raw(await calendar.calendarBody(req.params.providerId, undefined, req.query))),
  );
  app.get('/providers-availability/:providerId/timeslot/:date', { schema: { tags, params: providerDateParams, querystring: timeslotQuery, response } }, async (req, reply) =>
    reply.type('application/json; charset=utf-8').send(raw(await calendar.calendarBody(req.params.providerId, req.params.date, req.query))),
  );

  app.get(
    '/provider-availability/timeslot/:id',
    { schema: { tags, security: [{ bearer: [] }], params: timeslotParams, querystring: categoryQuery, response: { 200: envelope(timeslotCheck), ...errors } }, onRequest: app.requireAuth },
    async (req) => ({ data: await calendar.check(req.params.id, req.query.category) }),
  );
};
