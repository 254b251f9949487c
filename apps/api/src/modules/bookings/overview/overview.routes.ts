import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getClientOverview, getProviderOverview } from '@therapy/contracts/endpoints/bookings';
import { actorOf } from '../../../platform/auth/plugin.ts';
import { route } from '../../../platform/http/route.ts';
import type { OverviewService } from './overview.service.ts';

/** The /overview dashboards' data: one request per dashboard. */
export const overviewRoutes: FastifyPluginAsyncZod<{ overview: OverviewService }> = async (app, { overview }) => {
  route(app, getClientOverview, async (req) => ({ data: await overview.client(actorOf(req)) }));
  route(app, getProviderOverview, async (req) => ({ data: await overview.provider(actorOf(req)) }));
};
