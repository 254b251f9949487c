import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { calendarRoutes } from './calendar.routes.ts';
import { createCalendarService, type CalendarPorts } from './calendar.service.ts';

/**
 * The calendar module's face (issue 19): a private subscription address per user and the feed behind it. It reads a
 * user's bookings through the bookings module's `calendarOf` port, handed over in app.ts.
 */
export function createCalendarModule(deps: AppDeps, ports: CalendarPorts) {
  const calendar = createCalendarService(deps, ports);
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(calendarRoutes, { calendar });
  };
  return { name: 'calendar' as const, plugin };
}
export type CalendarModule = ReturnType<typeof createCalendarModule>;
