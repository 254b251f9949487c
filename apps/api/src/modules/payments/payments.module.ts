import crypto from 'node:crypto';
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Config, GatewayName } from '../../config.ts';
import type { AppDeps } from '../../deps.ts';
import type { UserModule } from '../user/user.module.ts';
import type { WalletModule } from '../wallet/wallet.module.ts';
import { createPaystackGateway } from './gateway/paystack-gateway.ts';
import type { PaymentGateway } from './gateway/payment-gateway.ts';
import { createStripeGateway } from './gateway/stripe-gateway.ts';
import { startGatewayEventWorker } from './gateway-events.worker.ts';
import { paymentsRoutes } from './payments.routes.ts';
import { createSandboxGateway, type SandboxGateway } from './sandbox/sandbox-gateway.ts';
import { sandboxRoutes } from './sandbox/sandbox.routes.ts';
import { EXPIRE_PAYMENTS_QUEUE, expireStalePayments } from './expire-payments.ts';
import { createSettlement, type Settlement, type SettlementFor } from './settlement.ts';
import { topupMail } from './topup-mail.ts';
import { createTopupService } from './topup.service.ts';
import { webhookRoutes } from './webhook.routes.ts';

/** The sandbox signs its webhooks with a key of its own, derived from the server secret. */
export const sandboxWebhookSecret = (config: Config): string =>
  Buffer.from(crypto.hkdfSync('sha256', config.jwtSecret, 'therapy', 'sandbox-webhook-v1', 32)).toString('hex');

/** The currencies a gateway keeps dedicated bank accounts in (Paystack: NGN and GHS, its `/dedicated_account` `currency` enum). */
const DEDICATED_ACCOUNT_CURRENCIES: Record<GatewayName, readonly string[]> = { paystack: ['NGN', 'GHS'], sandbox: ['NGN'], stripe: [] };

/** The gateways the configuration names, one instance each, and which one takes each currency (config.ts `PAYMENT_GATEWAYS`). */
export interface GatewayRegistry {
  /** The gateway that takes card top-ups in this currency; undefined when none is configured for it. */
  gatewayFor(currency: string): PaymentGateway | undefined;
  /** A configured gateway by name (a payment row's `gateway`, a webhook's path). */
  byName(name: string): PaymentGateway | undefined;
  /** Whether top-ups in this currency can also be made by a transfer to a dedicated bank account. */
  transfersIn(currency: string): boolean;
  /** The sandbox, when any currency uses it (its pages are served then). */
  sandbox: SandboxGateway | undefined;
}

export function createGatewayRegistry(deps: Pick<AppDeps, 'config' | 'db' | 'clock'>): GatewayRegistry {
  const { payments } = deps.config;
  const wanted = new Set<GatewayName>(Object.values(payments.byCurrency).filter((g): g is GatewayName => !!g));
  // PAYMENT_GATEWAY names the gateway of dedicated accounts too: keep it even when no currency's card top-ups use it.
  wanted.add(payments.gateway);
  const gateways = new Map<GatewayName, PaymentGateway>();
  let sandbox: SandboxGateway | undefined;
  if (wanted.has('paystack') && payments.paystackSecretKey) {
    gateways.set('paystack', createPaystackGateway({ secretKey: payments.paystackSecretKey, baseUrl: payments.paystackBaseUrl }));
  }
  if (wanted.has('stripe') && payments.stripe) gateways.set('stripe', createStripeGateway(payments.stripe));
  if (wanted.has('sandbox')) {
    sandbox = createSandboxGateway({ db: deps.db, webhookSecret: sandboxWebhookSecret(deps.config), publicBaseUrl: deps.config.appOrigin, clock: deps.clock });
    gateways.set('sandbox', sandbox);
  }
  const gatewayFor = (currency: string) => {
    const name = payments.byCurrency[currency.toUpperCase()];
    const gateway = name ? gateways.get(name) : undefined;
    return gateway?.supports(currency) ? gateway : undefined;
  };
  return {
    gatewayFor,
    byName: (name: string) => gateways.get(name as GatewayName),
    transfersIn(currency: string) {
      const gateway = gatewayFor(currency);
      return !!gateway && DEDICATED_ACCOUNT_CURRENCIES[gateway.name].includes(currency.toUpperCase());
    },
    sandbox,
  };
}

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
      const deliver = async (rawBody: Buffer, signature: string) => {
        const res = await app.inject({
          method: 'POST',
          url: `${app.prefix}/payment/webhook/sandbox`,
          headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
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
