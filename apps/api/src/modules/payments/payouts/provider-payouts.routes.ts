import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listWalletPayouts } from '@therapy/contracts/endpoints/wallet';
import type { AppDeps } from '../../../deps.ts';
import { requireRole } from '../../../platform/auth/access.ts';
import { actorOf } from '../../../platform/auth/plugin.ts';
import { route } from '../../../platform/http/route.ts';
import { payoutsRepository as repo } from './payouts.repository.ts';
import { toWalletPayout } from './provider-payouts.ts';

/** GET /wallet/payouts: the signed-in provider's own payouts (a list of their own rows: nobody else's can be named). */
export const providerPayoutsRoutes: FastifyPluginAsyncZod<{ deps: Pick<AppDeps, 'db'> }> = async (app, { deps }) => {
  route(app, listWalletPayouts, async (req) => {
    const providerId = requireRole(actorOf(req), 'provider').userId;
    const { page, pageSize } = req.query;
    const { rows, total } = await repo.pageOfProvider(deps.db, providerId, page, pageSize);
    return { data: rows.map(toWalletPayout), meta: { page, pageSize, total, totalPages: Math.ceil(total / pageSize) } };
  });
};
