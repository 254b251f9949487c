import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getWalletBalance, getWalletStats, getWalletTransaction, listWalletTransactions } from '@therapy/contracts/endpoints/wallet';
import type { AppDeps } from '../../deps.ts';
import { actorOf } from '../../platform/auth/plugin.ts';
import { route } from '../../platform/http/route.ts';
import { createWalletService } from './wallet.service.ts';

/** GET /wallet/balance, /wallet/stats, /wallet/transactions and /wallet/transactions/{id} (spec §7). */
export const walletRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const wallet = createWalletService(deps);

  route(app, getWalletBalance, async (req) => ({ data: await wallet.balance(actorOf(req)) }));
  route(app, getWalletStats, async (req) => ({ data: await wallet.stats(actorOf(req)) }));
  route(app, listWalletTransactions, async (req) => wallet.transactions(actorOf(req), req.query));
  route(app, getWalletTransaction, async (req) => ({
    data: await wallet.transaction(actorOf(req), req.params.id),
  }));
};
