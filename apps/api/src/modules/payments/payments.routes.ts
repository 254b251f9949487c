import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  generateBankAccount,
  getBankAccount,
  getPaymentStatus,
  getTopupOptions,
  listGatewayEventsNeedingAttention,
  startTopup,
} from '@therapy/contracts/endpoints/wallet';
import { actorOf } from '../../platform/auth/plugin.ts';
import { route } from '../../platform/http/route.ts';
import type { GatewayEventsService } from './gateway-events.service.ts';
import type { TopupService } from './topup.service.ts';

/** Spec §7 "Wallet and payment": start a top-up, follow its status, the dedicated bank account for transfers. */
export const paymentsRoutes: FastifyPluginAsyncZod<{ topups: TopupService; events: GatewayEventsService }> = async (
  app,
  { topups, events },
) => {
  route(app, getTopupOptions, async (req) => ({ data: await topups.options(actorOf(req), req.query.currency) }));
  route(app, startTopup, async (req, reply) =>
    reply.code(201).send({ data: await topups.topup(actorOf(req), req.body, req.headers['idempotency-key']) }),
  );
  route(app, getPaymentStatus, async (req) => ({ data: await topups.status(actorOf(req), req.params.paymentId) }));
  route(app, getBankAccount, async (req) => ({ data: await topups.bankAccount(actorOf(req)) }));
  route(app, generateBankAccount, async (req) => ({ data: await topups.requestBankAccount(actorOf(req)) }));
  route(app, listGatewayEventsNeedingAttention, async (req) => ({ data: await events.needingAttention(actorOf(req)) }));
};
