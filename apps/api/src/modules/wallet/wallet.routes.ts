import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, errorBody, paged } from '@therapy/contracts/common';
import { m } from '@therapy/contracts/messages';
import { transactionListQuery, walletBalance, walletStats, walletTransaction } from '@therapy/contracts/wallet';
import { actorOf } from '../../platform/auth/plugin.ts';
import type { WalletService } from './wallet.service.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const transactionParams = z.strictObject({ id: z.uuid({ error: m.notFound }) });

/** GET /wallet/balance, /wallet/stats, /wallet/transactions and /wallet/transactions/{id} (spec §7). */
export const walletRoutes: FastifyPluginAsyncZod<{ wallet: WalletService }> = async (app, { wallet }) => {
  const tags = ['wallet'];
  const security = [{ bearer: [] }];
  app.addHook('onRequest', app.requireAuth);

  app.get('/wallet/balance', { schema: { tags, security, response: { 200: envelope(walletBalance), ...errors } } }, async (req) => ({ data: await wallet.balance(actorOf(req)) }));
  app.get('/wallet/stats', { schema: { tags, security, response: { 200: envelope(walletStats), ...errors } } }, async (req) => ({ data: await wallet.stats(actorOf(req)) }));
  app.get('/wallet/transactions', { schema: { tags, security, querystring: transactionListQuery, response: { 200: paged(walletTransaction), ...errors } } }, async (req) =>
    wallet.transactions(actorOf(req), req.query),
  );
  app.get('/wallet/transactions/:id', { schema: { tags, security, params: transactionParams, response: { 200: envelope(walletTransaction), ...errors } } }, async (req) => ({
    data: await wallet.transaction(actorOf(req), req.params.id),
  }));
};
