import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkTimeslot,
  getCalendarPreview,
  getProviderTimeslots,
  getProviderTimeslotsOn,
} from '@therapy/contracts/endpoints/availability';
import type { EndpointResult } from '@therapy/contracts/endpoint';
import { actorOf } from '../../platform/auth/plugin.ts';
import { route } from '../../platform/http/route.ts';
import type { CalendarService } from './calendar.service.ts';

/**
 * Slots as clients see them (public, like the provider page), the provider's own preview of them, and the timeslot
 * check (signed-in users).
 */
export const timeslotRoutes: FastifyPluginAsyncZod<{ calendar: CalendarService }> = async (app, { calendar }) => {
  // The body comes from the slot cache already serialised (the route's hot path): Fastify sends a string with a JSON
  // content type as it is, without the response serialiser. The schema still documents the shape, which the tests check.
  const raw = (body: string) => body as unknown as EndpointResult<typeof getProviderTimeslots>;
  route(app, getProviderTimeslots, async (req, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .send(raw(await calendar.calendarBody(req.params.providerId, undefined, req.query))),
  );
  route(app, getProviderTimeslotsOn, async (req, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .send(raw(await calendar.calendarBody(req.params.providerId, req.params.date, req.query))),
  );

  // Her own calendar only: the provider is the signed-in one, so there is no one else's id to ask for.
  route(app, getCalendarPreview, async (req) => ({
    data: await calendar.preview(actorOf(req).userId, req.params.date, req.query),
  }));

  route(app, checkTimeslot, async (req) => ({ data: await calendar.check(req.params.id, req.query.category) }));
};
