import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  getWalletBalance,
  getWalletEarnings,
  getWalletStats,
  getWalletTransaction,
  listWalletBalances,
  listWalletTransactions,
} from '@therapy/contracts/endpoints/wallet';
import { actorOf } from '../../platform/auth/plugin.ts';
import { route } from '../../platform/http/route.ts';
import type { WalletService } from './wallet.service.ts';

/** GET /wallet/balance, /wallet/balances, /wallet/stats, /wallet/transactions and /wallet/transactions/{id} (spec §7). */
export const walletRoutes: FastifyPluginAsyncZod<{ wallet: WalletService }> = async (app, { wallet }) => {
  route(app, getWalletBalance, async (req) => ({ data: await wallet.balance(actorOf(req), req.query.currency) }));
  route(app, listWalletBalances, async (req) => ({ data: await wallet.balances(actorOf(req)) }));
  route(app, getWalletEarnings, async (req) => ({ data: await wallet.earnings(actorOf(req)) }));
  route(app, getWalletStats, async (req) => ({ data: await wallet.stats(actorOf(req), req.query.currency) }));
  route(app, listWalletTransactions, async (req) => wallet.transactions(actorOf(req), req.query));
  route(app, getWalletTransaction, async (req) => ({
    data: await wallet.transaction(actorOf(req), req.params.id),
  }));
};
