import crypto from 'node:crypto';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.ts';
import type { AppDeps } from '../../deps.ts';
import type { UserModule } from '../user/user.module.ts';
import type { WalletModule } from '../wallet/wallet.module.ts';
import { createPaystackGateway } from './gateway/paystack-gateway.ts';
import type { PaymentGateway } from './gateway/payment-gateway.ts';
import { startGatewayEventWorker } from './gateway-events.worker.ts';
import { paymentsRoutes } from './payments.routes.ts';
import { createSandboxGateway, type SandboxGateway } from './sandbox/sandbox-gateway.ts';
import { sandboxRoutes } from './sandbox/sandbox.routes.ts';
import { EXPIRE_PAYMENTS_QUEUE, expireStalePayments } from './expire-payments.ts';
import { createSettlement } from './settlement.ts';
import { topupMail } from './topup-mail.ts';
import { createTopupService } from './topup.service.ts';
import { webhookRoutes } from './webhook.routes.ts';

/** The sandbox signs its webhooks with a key of its own, derived from the server secret. */
export const sandboxWebhookSecret = (config: Config): string =>
  Buffer.from(crypto.hkdfSync('sha256', config.jwtSecret, 'therapy', 'sandbox-webhook-v1', 32)).toString('hex');

/** The gateway the configuration names: Paystack's API, or the local sandbox (the default outside production). */
function gatewayFor(deps: AppDeps): PaymentGateway | SandboxGateway {
  const { payments } = deps.config;
  if (payments.gateway === 'paystack') return createPaystackGateway({ secretKey: payments.paystackSecretKey!, baseUrl: payments.paystackBaseUrl });
  return createSandboxGateway({ db: deps.db, webhookSecret: sandboxWebhookSecret(deps.config), publicBaseUrl: deps.config.appOrigin, clock: deps.clock });
}

/**
 * The payments module's public face: top-ups, their status, webhooks (processed by the gateway-event worker), and in
 * the sandbox its checkout and transfer pages. It uses the user module (who pays, whom to mail) and the wallet module
 * (credits go through its face); a credit publishes `payment.settled`, and the top-up mail is its subscriber.
 */
export function createPaymentsModule(deps: AppDeps, { users, wallet }: { users: UserModule; wallet: WalletModule }) {
  const gateway = gatewayFor(deps);

  const plugin: FastifyPluginAsync = async (app) => {
    const log: FastifyBaseLogger = app.log;
    const settlement = createSettlement(deps, gateway, wallet, log);
    const topups = createTopupService(deps, { gateway, settlement, users, wallet });
    deps.events.subscribeInTransaction('payment.settled', topupMail(deps, users));

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
    await startGatewayEventWorker(deps, settlement, log);
  };

  return { name: 'payments' as const, plugin };
}
export type PaymentsModule = ReturnType<typeof createPaymentsModule>;
