import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { earningsRoutes } from './earnings.routes.ts';
import { createEarningsService, type EarningsFaces } from './earnings.service.ts';

/**
 * The earnings module's face (issue 46): a provider's earnings page, GET /provider/earnings. It owns no table: it
 * reads the bookings (sessions paid and still to come), the wallet (the earnings ledger) and the payments module's
 * payouts, each through its face, so it is built after all three.
 */
export function createEarningsModule(deps: Pick<AppDeps, 'config'>, faces: EarningsFaces) {
  const earnings = createEarningsService(deps, faces);
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(earningsRoutes, { earnings });
  };
  return { name: 'earnings' as const, plugin };
}
