import crypto from 'node:crypto';
import type { Config, GatewayName } from '../../../config.ts';
import type { AppDeps } from '../../../deps.ts';
import { createSandboxGateway, type SandboxGateway } from '../sandbox/sandbox-gateway.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { createPaystackGateway } from './paystack-gateway.ts';
import { createStripeGateway } from './stripe-gateway.ts';

/** The sandbox signs its webhooks with a key of its own, derived from the server secret. */
export const sandboxWebhookSecret = (config: Config): string =>
  Buffer.from(crypto.hkdfSync('sha256', config.jwtSecret, 'therapy', 'sandbox-webhook-v1', 32)).toString('hex');

/** The currencies a gateway keeps dedicated bank accounts in (Paystack: NGN and GHS, its `/dedicated_account` `currency` enum). */
const DEDICATED_ACCOUNT_CURRENCIES: Record<GatewayName, readonly string[]> = {
  paystack: ['NGN', 'GHS'],
  sandbox: ['NGN'],
  stripe: [],
};

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
  // Only the gateways some currency uses: in production with PAYMENT_GATEWAYS set, no sandbox (nor its pages) exists.
  const wanted = new Set<GatewayName>(Object.values(payments.byCurrency).filter((g): g is GatewayName => !!g));
  const gateways = new Map<GatewayName, PaymentGateway>();
  let sandbox: SandboxGateway | undefined;
  if (wanted.has('paystack') && payments.paystackSecretKey) {
    gateways.set(
      'paystack',
      createPaystackGateway({
        secretKey: payments.paystackSecretKey,
        baseUrl: payments.paystackBaseUrl,
        preferredBank: payments.paystackPreferredBank,
      }),
    );
  }
  if (wanted.has('stripe') && payments.stripe) gateways.set('stripe', createStripeGateway(payments.stripe));
  if (wanted.has('sandbox')) {
    sandbox = createSandboxGateway({
      db: deps.db,
      webhookSecret: sandboxWebhookSecret(deps.config),
      publicBaseUrl: deps.config.appOrigin,
      clock: deps.clock,
    });
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
