import crypto from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.ts';
import type { AppDeps } from '../../deps.ts';
import { createPaystackGateway } from './gateway/paystack-gateway.ts';
import { GatewayError, type PaymentGateway } from './gateway/payment-gateway.ts';
import { paymentsRepository as repo } from './payments.repository.ts';
import { paymentsRoutes } from './payments.routes.ts';
import { createSandboxGateway, type SandboxGateway } from './sandbox/sandbox-gateway.ts';
import { sandboxRoutes } from './sandbox/sandbox.routes.ts';
import { EXPIRE_PAYMENTS_QUEUE, expireStalePayments } from './expire-payments.ts';
import { createSettlement } from './settlement.ts';
import { createTopupService } from './topup.service.ts';
import { GATEWAY_EVENT_QUEUE, webhookRoutes } from './webhook.routes.ts';

interface EventData {
  data?: { reference?: unknown; amount?: unknown; currency?: unknown };
}

/** The sandbox signs its webhooks with a key of its own, derived from the server secret. */
export const sandboxWebhookSecret = (config: Config): string =>
  Buffer.from(crypto.hkdfSync('sha256', config.jwtSecret, 'therapy', 'sandbox-webhook-v1', 32)).toString('hex');

/** The gateway the configuration names: Paystack's API, or the local sandbox (the default outside production). */
function gatewayFor(deps: AppDeps): PaymentGateway | SandboxGateway {
  const { payments } = deps.config;
  if (payments.gateway === 'paystack') return createPaystackGateway({ secretKey: payments.paystackSecretKey!, baseUrl: payments.paystackBaseUrl });
  return createSandboxGateway({ db: deps.db, webhookSecret: sandboxWebhookSecret(deps.config), publicBaseUrl: deps.config.appOrigin, clock: deps.clock });
}

/** Payments: top-ups, their status, webhooks (processed by a job), and in the sandbox its checkout and transfer pages. */
export const paymentsModule: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const gateway = gatewayFor(deps);
  const settlement = createSettlement(deps, gateway, app.log);
  const topups = createTopupService(deps, gateway, settlement);

  await app.register(paymentsRoutes, { topups });
  await app.register(webhookRoutes, { deps, gateway });
  if (gateway.name === 'sandbox') {
    // The sandbox delivers its webhooks through the same HTTP route a gateway would call.
    const deliver = async (rawBody: Buffer, signature: string) => {
      const res = await app.inject({
        method: 'POST',
        url: `${app.prefix}/payment/webhook/sandbox`,
        headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
        payload: rawBody,
      });
      if (res.statusCode !== 200) throw new Error(`sandbox webhook answered ${res.statusCode}`);
    };
    await app.register(sandboxRoutes, { gateway: gateway as SandboxGateway, deliver });
  }

  await deps.jobs.schedule(EXPIRE_PAYMENTS_QUEUE, '*/15 * * * *', async () => {
    await expireStalePayments(deps.db, deps.clock, settlement);
  });

  await deps.jobs.work<{ eventId: string }>(GATEWAY_EVENT_QUEUE, { retryLimit: 8, retryDelaySeconds: 2 }, async ({ eventId }) => {
    const event = await repo.event(deps.db, eventId);
    if (!event || event.processedAt) return;
    const data = (event.payload as EventData).data;
    if (event.eventType === 'charge.success' && typeof data?.reference === 'string') {
      try {
        const settled = await settlement.settle(data.reference, { amount: Number(data.amount), currency: String(data.currency) });
        // The gateway does not confirm the payment yet: ask again later (pg-boss retries with backoff).
        if (settled.outcome === 'pending') throw new GatewayError('payment not confirmed yet', true);
      } catch (err) {
        // A gateway that cannot be reached now: pg-boss tries again later. Anything else is logged and dropped.
        if (err instanceof GatewayError && err.retryable) throw err;
        app.log.error({ err, eventId }, 'gateway event could not be settled');
      }
    }
    await repo.markEventProcessed(deps.db, eventId);
  });
};
