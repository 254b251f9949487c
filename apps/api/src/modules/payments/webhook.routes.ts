import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, messageOnly } from '@therapy/contracts/common';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../platform/errors.ts';
import type { PaymentGateway } from './gateway/payment-gateway.ts';
import { paymentsRepository as repo } from './payments.repository.ts';

export const GATEWAY_EVENT_QUEUE = 'payments.gateway-event';
const params = z.strictObject({ gateway: z.enum(['paystack', 'sandbox']) });
const rejected = () => new AppError(401, 'INVALID_SIGNATURE', 'webhookRejected');

/**
 * POST /payment/webhook/{paystack|sandbox}: the signature is checked on the raw bytes, the event stored once (unique
 * per gateway and event) and handed to a job; the answer is immediate, the crediting happens in the job (retried).
 * A delivery of an event that is stored but not processed yet queues it again: nothing is lost between the two writes.
 */
export const webhookRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; gateway: PaymentGateway }> = async (app, { deps, gateway }) => {
  // Raw bytes for this route only: the HMAC is over exactly what the gateway sent.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) => done(null, body));

  // No per-IP rate limit: a gateway sends bursts from a few addresses, and the signature is checked before any write.
  const config = { rateLimit: false } as const;
  app.post('/payment/webhook/:gateway', { config, schema: { tags: ['wallet'], params, response: { 200: messageOnly, 401: errorBody, 404: errorBody } } }, async (req) => {
    if (req.params.gateway !== gateway.name) throw AppError.notFound();
    const signature = req.headers['x-paystack-signature'];
    if (!Buffer.isBuffer(req.body) || typeof signature !== 'string' || signature.length === 0) throw rejected();
    const event = gateway.parseWebhook(req.body, signature);
    if (!event) throw rejected();
    const stored = await repo.insertEvent(deps.db, { gateway: gateway.name, eventKey: event.key, eventType: event.type, payload: event.payload as object });
    const pending = stored ?? (await repo.unprocessedEventId(deps.db, gateway.name, event.key));
    if (pending) await deps.jobs.send(GATEWAY_EVENT_QUEUE, { eventId: pending }, { id: pending });
    return { message: 'ok' };
  });
};
