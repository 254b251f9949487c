import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import type { ErrorReporter } from '../../platform/error-reporting.ts';
import type { UserModule } from '../user/user.module.ts';
import type { WalletModule } from '../wallet/wallet.module.ts';
import { chargeHandlers } from './events/charge.handlers.ts';
import { dedicatedAccountHandlers } from './events/dedicated-account.handlers.ts';
import { reversalHandlers } from './events/reversal.handlers.ts';
import { stripeAccountHandlers } from './events/stripe-account.handlers.ts';
import { stripeCheckoutHandlers } from './events/stripe-checkout.handlers.ts';
import { stripeReversalHandlers } from './events/stripe-reversal.handlers.ts';
import { createStripeCharges } from './gateway/stripe-charges.ts';
import { createStripeClient } from './gateway/stripe-client.ts';
import { createStripeConnect } from './gateway/stripe-connect.ts';
import { createStripePayouts, STRIPE_PAYOUT_CURRENCIES } from './gateway/stripe-payouts.ts';
import { stripeConnectRoutes } from './stripe-connect/stripe-connect.routes.ts';
import { createStripeConnectService } from './stripe-connect/stripe-connect.service.ts';
import { createStripeReversals } from './stripe-reversals.ts';
import { createReversals, type Reversals } from './reversal.ts';
import { gatewayEventHandlers } from './events/handlers.ts';
import { createGatewayEventsService } from './gateway-events.service.ts';
import { createGatewayRegistry, sandboxWebhookSecret } from './gateway/gateway-registry.ts';
import { createPaystackPayouts } from './gateway/paystack-payouts.ts';
import { gatewayPayoutCurrencies, type PayoutGateway } from './gateway/payout-gateway.ts';
import { startGatewayEventWorker } from './gateway-events.worker.ts';
import { paymentsRoutes } from './payments.routes.ts';
import { payoutBatchesRoutes } from './payouts/payout-batches.routes.ts';
import { providerPayoutsRoutes } from './payouts/provider-payouts.routes.ts';
import { createProviderPayouts } from './payouts/provider-payouts.ts';
import { createPayoutBatchesService } from './payouts/payout-batches.service.ts';
import { createPayoutsService } from './payouts/payouts.service.ts';
import { transferHandlers } from './payouts/transfer-events.ts';
import { payoutsRepository } from './payouts/payouts.repository.ts';
import { createWeeklyPayout, type RecipientSource, type WeeklyPayoutReport } from './payouts/weekly-payout.ts';
import { createSandboxPayouts, type SandboxPayouts } from './sandbox/sandbox-payouts.ts';
import { sandboxPayoutRoutes } from './sandbox/sandbox-payouts.routes.ts';
import { sandboxRoutes } from './sandbox/sandbox.routes.ts';
import { createSandboxWebhooks, type SandboxWebhookSender } from './sandbox/sandbox-webhooks.ts';
import { EXPIRE_PAYMENTS_QUEUE, expireStalePayments } from './expire-payments.ts';
import { createSettlement, type Settlement, type SettlementFor } from './settlement.ts';
import { topupMail } from './topup-mail.ts';
import { createTopupService } from './topup.service.ts';
import { webhookRoutes } from './webhook.routes.ts';
import { onAccountErasure } from '../../platform/account-erasure.ts';
import { erasePaymentIdentity } from './account-erasure.repository.ts';

export { sandboxWebhookSecret };

const RECONCILE_PAYOUTS_QUEUE = 'payouts.reconcile';
const WEEKLY_PAYOUT_QUEUE = 'payouts.weekly';
/** A started payout is left to its webhook this long before the sweep asks about it. */
const PAYOUT_SWEEP_AFTER_MS = 5 * 60 * 1000;

/** The payout side (decision 0022): Paystack Transfers where Paystack takes payments, else the sandbox's. */
function payoutGatewayFor(deps: AppDeps, webhooks: SandboxWebhookSender): PayoutGateway {
  const { payments } = deps.config;
  const paystack = payments.gateway === 'paystack' || Object.values(payments.byCurrency).includes('paystack');
  if (paystack)
    return createPaystackPayouts({ secretKey: payments.paystackSecretKey!, baseUrl: payments.paystackBaseUrl });
  return createSandboxPayouts({ db: deps.db, webhookSecret: sandboxWebhookSecret(deps.config), webhooks });
}

/**
 * The payments module's public face: top-ups, their status, webhooks (processed by the gateway-event worker), and in
 * the sandbox its checkout and transfer pages. It uses the user module (who pays, whom to mail) and the wallet module
 * (credits go through its face); a credit publishes `payment.settled`, and the top-up mail is its subscriber.
 */
export function createPaymentsModule(
  deps: AppDeps,
  { users, wallet, reporter }: { users: UserModule; wallet: WalletModule; reporter: ErrorReporter },
) {
  // Deleting an account erases what this module holds of the person, in the deletion's transaction.
  onAccountErasure(deps.events, erasePaymentIdentity);
  const gateways = createGatewayRegistry(deps);
  // The sandbox's webhooks leave through jobs and are resent until the app answers 200 (issue 43).
  const sandboxWebhooks = createSandboxWebhooks(deps.jobs);
  const payoutGateway = payoutGatewayFor(deps, sandboxWebhooks);
  const payouts = createPayoutsService(deps, { gateway: payoutGateway, wallet });
  const batches = createPayoutBatchesService(deps, { wallet });
  // Where a provider's payouts go: the bank-details module's read model (payout_destinations).
  const recipientOf: RecipientSource = (providerId) => payoutsRepository.destinationOf(deps.db, providerId);
  const paystackWeekly = createWeeklyPayout(deps, {
    payouts,
    wallet,
    currencies: gatewayPayoutCurrencies,
    recipientOf,
  });

  // Stripe Connect (decision 0052), where Stripe is configured: providers' Express accounts, USD/GBP/EUR payouts to
  // them as Stripe Transfers through a payout port of their own, and Stripe's refunds and disputes of top-ups.
  const stripeClient = deps.config.payments.stripe ? createStripeClient(deps.config.payments.stripe) : undefined;
  const connect = createStripeConnectService(deps, {
    connect: stripeClient && createStripeConnect(stripeClient),
    users,
    wallet,
  });
  const stripePayouts =
    stripeClient && createPayoutsService(deps, { gateway: createStripePayouts(stripeClient), wallet });
  const stripeWeekly =
    stripePayouts &&
    createWeeklyPayout(deps, {
      payouts: stripePayouts,
      wallet,
      currencies: STRIPE_PAYOUT_CURRENCIES,
      recipientOf: connect.recipientOf,
    });
  /** Paystack's currencies, then Stripe's: one report of both. */
  const weeklyPayout = async (log?: Parameters<typeof paystackWeekly>[0]): Promise<WeeklyPayoutReport> => {
    const first = await paystackWeekly(log);
    if (!stripeWeekly) return first;
    const second = await stripeWeekly(log);
    return {
      sent: first.sent + second.sent,
      withoutBankDetails: first.withoutBankDetails + second.withoutBankDetails,
      failed: first.failed + second.failed,
    };
  };

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
    deps.events.subscribeInTransaction('payment.settled', topupMail(deps, users));

    await app.register(paymentsRoutes, { topups, events: createGatewayEventsService(deps) });
    await app.register(payoutBatchesRoutes, { batches });
    await app.register(providerPayoutsRoutes, { deps });
    await app.register(webhookRoutes, { deps, gateways });
    await app.register(stripeConnectRoutes, { connect });
    const sandbox = gateways.sandbox;
    if (sandbox) {
      // The sandbox's delivery job posts its webhooks to the same HTTP route a gateway would call.
      const deliver = async (rawBody: Buffer, signature: string, header: string) => {
        const res = await app.inject({
          method: 'POST',
          url: `${app.prefix}/payment/webhook/sandbox`,
          headers: { 'content-type': 'application/json', [header]: signature },
          payload: rawBody,
        });
        if (res.statusCode !== 200) throw new Error(`sandbox webhook answered ${res.statusCode}`);
      };
      sandbox.sendWebhooksWith(sandboxWebhooks);
      await app.register(sandboxRoutes, { gateway: sandbox });
      if (payoutGateway.name === 'sandbox')
        await app.register(sandboxPayoutRoutes, { payouts: payoutGateway as SandboxPayouts });
      await sandboxWebhooks.start(deliver, log);
    }

    await deps.jobs.schedule(EXPIRE_PAYMENTS_QUEUE, '*/15 * * * *', async () => {
      await expireStalePayments(deps.db, deps.clock, settlementFor);
    });
    // Payouts whose webhook never came (or whose transfer never reached the gateway) are asked about again.
    await deps.jobs.schedule(RECONCILE_PAYOUTS_QUEUE, '*/10 * * * *', async () => {
      await payouts.reconcile(new Date(deps.clock.now().getTime() - PAYOUT_SWEEP_AFTER_MS));
      await stripePayouts?.reconcile(new Date(deps.clock.now().getTime() - PAYOUT_SWEEP_AFTER_MS));
    });
    // Providers' available earnings go to their banks once a week (PAYOUT_SCHEDULE); GBP/EUR wait for the operator's batch.
    await deps.jobs.schedule(WEEKLY_PAYOUT_QUEUE, deps.config.payoutSchedule, async () => {
      await weeklyPayout(log);
    });
    // One reversals per gateway, as settlements: a reversal is applied to the payment the sending gateway took.
    const reversals = new Map<string, Reversals>();
    const reversalsFor = (name: string) => {
      if (!gateways.byName(name)) return undefined;
      if (!reversals.has(name)) reversals.set(name, createReversals(deps, name, wallet));
      return reversals.get(name);
    };
    // Stripe's refunds and disputes of its Checkout top-ups (decision 0052), with the reversals of decision 0019.
    const stripeTopupReversals = reversalsFor('stripe');
    const stripeReversals =
      stripeClient &&
      stripeTopupReversals &&
      createStripeReversals(deps, {
        charges: createStripeCharges(stripeClient),
        reversals: stripeTopupReversals,
        wallet,
      });
    // One handler per event type, one file per family (events/handlers.ts); types not listed are stored and ignored.
    const handlers = gatewayEventHandlers(
      chargeHandlers(settlementFor),
      dedicatedAccountHandlers(deps.db),
      reversalHandlers(reversalsFor),
      stripeCheckoutHandlers(settlementFor),
      stripeAccountHandlers(stripeClient && connect.sync),
      stripeReversalHandlers(stripeReversals),
      transferHandlers(payouts, log, stripePayouts),
    );
    await startGatewayEventWorker(deps, handlers, { log, reporter });
  };

  return {
    name: 'payments' as const,
    plugin,
    /**
     * The payout port for bookings (decision 0022): `createRecipient` (the bank resolves the account first) and
     * `transfer` (earnings -> clearing under a lock, then the gateway); outcomes arrive as `transfer.*` webhooks.
     */
    /** Runs the weekly payout now (tests; the job runs it on PAYOUT_SCHEDULE). */
    runWeeklyPayout: () => weeklyPayout(),
    /** For the earnings page (issue 46): a provider's payouts, their totals, destination and the next payout's plan. */
    providerPayouts: createProviderPayouts(deps),
    payouts: {
      banks: payouts.banks,
      resolveAccount: payouts.resolveAccount,
      gatewayCurrencies: gatewayPayoutCurrencies,
      createRecipient: payouts.createRecipient,
      transfer: payouts.transfer,
      find: payouts.find,
      registerBankAccount: batches.registerBankAccount,
    },
  };
}
export type PaymentsModule = ReturnType<typeof createPaymentsModule>;
