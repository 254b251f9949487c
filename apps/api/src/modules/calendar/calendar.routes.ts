import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getCalendarFeed, readCalendarFeed, resetCalendarFeed } from '@therapy/contracts/endpoints/calendar';
import { message } from '@therapy/contracts/messages';
import { actorOf } from '../../platform/auth/plugin.ts';
import { route } from '../../platform/http/route.ts';
import { requestLocale } from '../../platform/locale.ts';
import type { CalendarService } from './calendar.service.ts';

/** The calendar feed (issue 19): one's address, its reset, and the feed itself (public: the token is the key). */
export const calendarRoutes: FastifyPluginAsyncZod<{ calendar: CalendarService }> = async (app, { calendar }) => {
  route(app, getCalendarFeed, async (req) => ({ data: await calendar.address(actorOf(req)) }));
  route(app, resetCalendarFeed, async (req) => ({
    data: await calendar.reset(actorOf(req)),
    message: message('calendarFeedReset', requestLocale(req)),
  }));
  route(app, readCalendarFeed, async (req, reply) =>
    reply
      .type('text/calendar; charset=utf-8')
      // Private to its owner; calendar apps read it again every half hour or so.
      .header('cache-control', 'private, max-age=300')
      .header('x-robots-tag', 'noindex')
      .header('content-disposition', 'inline; filename="therapy-sessions.ics"')
      .send(await calendar.feed(req.params.token)),
  );
};
