import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getCalendarView } from '@therapy/contracts/endpoints/calendar-view';
import { actorOf } from '../../../platform/auth/plugin.ts';
import { route } from '../../../platform/http/route.ts';
import type { CalendarViewService } from './calendar-view.service.ts';

/** GET /provider/calendar-view: the provider's week, day or month at a glance (issue 47). */
export const calendarViewRoutes: FastifyPluginAsyncZod<{ calendarView: CalendarViewService }> = async (
  app,
  { calendarView },
) => {
  route(app, getCalendarView, async (req) => ({ data: await calendarView.view(actorOf(req), req.query) }));
};
