import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, errorBody } from '@therapy/contracts/common';
import { m } from '@therapy/contracts/messages';
import { bankAccountResponse, paymentStatusResponse, topupInput, topupResponse } from '@therapy/contracts/wallet';
import { actorOf } from '../../platform/auth/plugin.ts';
import type { TopupService } from './topup.service.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 502: errorBody };
const paymentParams = z.strictObject({ paymentId: z.uuid({ error: m.notFound }) });
/** DESIGN.md §5: writes a client may retry take an `Idempotency-Key`. */
const idempotencyHeaders = z.object({ 'idempotency-key': z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, m.malformedRequest).optional() });

/** Spec §7 "Wallet and payment": start a top-up, follow its status, the dedicated bank account for transfers. */
export const paymentsRoutes: FastifyPluginAsyncZod<{ topups: TopupService }> = async (app, { topups }) => {
  const tags = ['wallet'];
  const security = [{ bearer: [] }];

  app.post(
    '/payment/wallet',
    { schema: { tags, security, headers: idempotencyHeaders, body: topupInput, response: { 201: envelope(topupResponse), ...errors } }, onRequest: app.requireRole('client') },
    async (req, reply) => reply.code(201).send({ data: await topups.topup(actorOf(req), req.body, req.headers['idempotency-key']) }),
  );
  app.get(
    '/payment/status/:paymentId',
    { schema: { tags, security, params: paymentParams, response: { 200: envelope(paymentStatusResponse), ...errors } }, onRequest: app.requireAuth },
    async (req) => ({ data: await topups.status(actorOf(req), req.params.paymentId) }),
  );
  // Spec §7 names these two paths; they replaced /wallet/bank-account, which only this project's web app used.
  app.get(
    '/virtual-accounts/account',
    { schema: { tags, security, response: { 200: envelope(bankAccountResponse), ...errors } }, onRequest: app.requireRole('client') },
    async (req) => ({ data: await topups.bankAccount(actorOf(req)) }),
  );
  app.post(
    '/virtual-accounts/generate',
    { schema: { tags, security, response: { 200: envelope(bankAccountResponse), ...errors } }, onRequest: app.requireRole('client') },
    async (req) => ({ data: await topups.requestBankAccount(actorOf(req)) }),
  );
};
