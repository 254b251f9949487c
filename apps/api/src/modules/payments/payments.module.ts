import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import type { UserModule } from '../user/user.module.ts';
import type { WalletModule } from '../wallet/wallet.module.ts';
import { createGatewayRegistry } from './gateway/gateway-registry.ts';
import { startGatewayEventWorker } from './gateway-events.worker.ts';
import { paymentsRoutes } from './payments.routes.ts';
import { sandboxRoutes } from './sandbox/sandbox.routes.ts';
import { EXPIRE_PAYMENTS_QUEUE, expireStalePayments } from './expire-payments.ts';
import { createSettlement, type Settlement, type SettlementFor } from './settlement.ts';
import { topupMail } from './topup-mail.ts';
import { createTopupService } from './topup.service.ts';
import { webhookRoutes } from './webhook.routes.ts';

export { sandboxWebhookSecret } from './gateway/gateway-registry.ts';

/**
 * The payments module's public face: top-ups, their status, webhooks (processed by the gateway-event worker), and in
 * the sandbox its checkout and transfer pages. It uses the user module (who pays, whom to mail) and the wallet module
 * (credits go through its face); a credit publishes `payment.settled`, and the top-up mail is its subscriber.
 */
export function createPaymentsModule(deps: AppDeps, { users, wallet }: { users: UserModule; wallet: WalletModule }) {
  const gateways = createGatewayRegistry(deps);

  const plugin: FastifyPluginAsync = async (app) => {
    const log: FastifyBaseLogger = app.log;
    // One settlement per gateway: a payment is always settled with the gateway that took it (its row's `gateway`).
    const settlements = new Map<string, Settlement>();
    const settlementFor: SettlementFor = (name) => {
      const gateway = gateways.byName(name);
      if (!gateway) return undefined;
      if (!settlements.has(name)) settlements.set(name, createSettlement(deps, gateway, wallet, log));
      return settlements.get(name);
    };
    const topups = createTopupService(deps, { gateways, settlementFor, users, wallet });
    deps.events.subscribe('payment.settled', topupMail(deps, users, log));

    await app.register(paymentsRoutes, { topups });
    await app.register(webhookRoutes, { deps, gateways });
    const sandbox = gateways.sandbox;
    if (sandbox) {
      // The sandbox delivers its webhooks through the same HTTP route a gateway would call.
      const deliver = async (rawBody: Buffer, signature: string, header: string) => {
        const res = await app.inject({
          method: 'POST',
          url: `${app.prefix}/payment/webhook/sandbox`,
          headers: { 'content-type': 'application/json', [header]: signature },
          payload: rawBody,
        });
        if (res.statusCode !== 200) throw new Error(`sandbox webhook answered ${res.statusCode}`);
      };
      await app.register(sandboxRoutes, { gateway: sandbox, deliver });
    }

    await deps.jobs.schedule(EXPIRE_PAYMENTS_QUEUE, '*/15 * * * *', async () => {
      await expireStalePayments(deps.db, deps.clock, settlementFor);
    });
    await startGatewayEventWorker(deps, settlementFor, log);
  };

  return { name: 'payments' as const, plugin };
}
export type PaymentsModule = ReturnType<typeof createPaymentsModule>;
