import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getProviderEarnings } from '@therapy/contracts/endpoints/wallet';
import { actorOf } from '../../platform/auth/plugin.ts';
import { route } from '../../platform/http/route.ts';
import type { EarningsService } from './earnings.service.ts';

/** GET /provider/earnings: the signed-in provider's own money (issue 46). */
export const earningsRoutes: FastifyPluginAsyncZod<{ earnings: EarningsService }> = async (app, { earnings }) => {
  route(app, getProviderEarnings, async (req) => ({ data: await earnings.get(actorOf(req)) }));
};
