import crypto from 'node:crypto';
import { GATEWAY_CURRENCIES } from '../../../config.ts';
import type { Executor } from '../../../db/client.ts';
import { systemClock, type Clock } from '../../../platform/clock.ts';
import {
  GatewayError,
  type DedicatedAccount,
  type DedicatedAccountInput,
  type GatewayTransaction,
  type InitializeInput,
  type PaymentGateway,
} from '../gateway/payment-gateway.ts';
import { mapPaystackStatus, parsePaystackWebhook, signPaystackWebhook } from '../gateway/paystack-gateway.ts';
import { parseStripeWebhook, signStripeWebhook } from '../gateway/stripe-gateway.ts';
import { sandboxRepository as repo, type SandboxTransactionRow } from './sandbox.repository.ts';

/**
 * The `sandbox` gateway (DESIGN.md §2 "payments"): Paystack's side played locally (and Stripe Checkout's, for the
 * currencies Paystack does not take: their payments are announced with Stripe's signed Checkout Session event). Its books live in the sandbox
 * tables (shared by every instance); the checkout page and the transfer simulator settle them and hand back the
 * webhook Paystack would send, shaped and signed like Paystack's, so the receiving side runs the real path.
 */

/**
 * A signed webhook, ready to deliver as the body and the signature header: Paystack's `charge.success` in
 * `x-paystack-signature`, or, for a currency Paystack does not take (GBP, EUR), Stripe's `checkout.session.completed`
 * in `stripe-signature`, as the gateway configured for that currency in production would send it.
 */
export interface SandboxWebhook {
  rawBody: Buffer;
  signature: string;
  header: 'x-paystack-signature' | 'stripe-signature';
}

/** What the checkout page shows. */
export interface SandboxCheckout {
  reference: string;
  amount: number;
  currency: string;
  /** pending, success or failed. */
  status: string;
  callbackUrl: string | null;
}

export interface SandboxGateway extends PaymentGateway {
  readonly name: 'sandbox';
  checkout(reference: string): Promise<SandboxCheckout | undefined>;
  /** Pays a pending checkout; paying a paid one gives the same event again (same id), as a webhook retry would. */
  pay(reference: string): Promise<SandboxWebhook>;
  /** Declines a pending checkout (it verifies as failed); nothing is delivered. A settled one stays as it is. */
  decline(reference: string): Promise<void>;
  /** A transfer into a dedicated account: a new paid transaction; undefined when no such account exists. */
  simulateTransfer(accountNumber: string, amount: number): Promise<({ reference: string } & SandboxWebhook) | undefined>;
}

export interface SandboxGatewayOptions {
  db: Executor;
  webhookSecret: string;
  /** Origin the browser reaches the API on; '' gives a relative checkout URL. */
  publicBaseUrl: string;
  clock?: Clock;
}

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
/** One customer per email, as Paystack keeps it; derived, so two racing requests agree on it. */
const customerCodeFor = (email: string) => `CUS_sbx_${sha256(email.trim().toLowerCase()).slice(0, 16)}`;
/** Paystack's event ids are numbers; ours is derived from the reference so a repeated delivery has the same id. */
const eventIdFor = (reference: string) => Number.parseInt(sha256(`sandbox-event:${reference}`).slice(0, 12), 16);
const isAmount = (n: number) => Number.isSafeInteger(n) && n > 0;

export function createSandboxGateway({ db, webhookSecret, publicBaseUrl, clock = systemClock }: SandboxGatewayOptions): SandboxGateway {
  const base = publicBaseUrl.replace(/\/+$/, '');

  /** Stripe's `checkout.session.completed` for a paid sandbox checkout (its session id is our reference). */
  function checkoutCompleted(row: SandboxTransactionRow): SandboxWebhook {
    const session = {
      id: row.reference,
      object: 'checkout.session',
      mode: 'payment',
      amount_total: row.amount,
      currency: row.currencyCode.toLowerCase(),
      client_reference_id: row.reference,
      customer_email: row.email,
      metadata: { reference: row.reference },
      status: 'complete',
      payment_status: 'paid',
    };
    const created = Math.floor((row.paidAt ?? clock.now()).getTime() / 1000);
    const event = { id: `evt_sbx_${sha256(`sandbox-event:${row.reference}`).slice(0, 24)}`, object: 'event', created, livemode: false, type: 'checkout.session.completed', data: { object: session } };
    const rawBody = Buffer.from(JSON.stringify(event));
    return { rawBody, signature: signStripeWebhook(webhookSecret, rawBody), header: 'stripe-signature' };
  }

  function chargeSuccess(row: SandboxTransactionRow): SandboxWebhook {
    if (row.channel === 'card' && !GATEWAY_CURRENCIES.paystack.includes(row.currencyCode)) return checkoutCompleted(row);
    const data = {
      id: eventIdFor(row.reference),
      reference: row.reference,
      amount: row.amount,
      currency: row.currencyCode,
      status: 'success',
      channel: row.channel,
      customer: { customer_code: row.customerCode ?? customerCodeFor(row.email), email: row.email },
      paid_at: (row.paidAt ?? clock.now()).toISOString(),
    };
    const rawBody = Buffer.from(JSON.stringify({ event: 'charge.success', data }));
    return { rawBody, signature: signPaystackWebhook(webhookSecret, rawBody), header: 'x-paystack-signature' };
  }

  async function existing(reference: string): Promise<SandboxTransactionRow> {
    const row = await repo.findTransaction(db, reference);
    if (!row) throw new GatewayError('Sandbox: transaction reference not found', false);
    return row;
  }

  return {
    name: 'sandbox',
    supports: (currency: string) => GATEWAY_CURRENCIES.sandbox.includes(currency.toUpperCase()),

    async initialize(input: InitializeInput) {
      if (!isAmount(input.amount)) throw new GatewayError('Sandbox: invalid amount', false);
      await repo.insertTransaction(db, {
        reference: input.reference,
        email: input.email,
        amount: input.amount,
        currencyCode: input.currency,
        status: 'pending',
        channel: 'card',
        customerCode: customerCodeFor(input.email),
        callbackUrl: input.callbackUrl,
      });
      return { authorizationUrl: `${base}/api/v1/payment/sandbox/checkout/${encodeURIComponent(input.reference)}`, reference: input.reference };
    },

    async verify(reference: string): Promise<GatewayTransaction> {
      const row = await existing(reference);
      return {
        reference: row.reference,
        status: mapPaystackStatus(row.status),
        amount: row.amount,
        currency: row.currencyCode,
        channel: row.channel,
        customerCode: row.customerCode,
      };
    },

    async assignDedicatedAccount(input: DedicatedAccountInput): Promise<DedicatedAccount> {
      const customerCode = customerCodeFor(input.email);
      const toAccount = (a: { accountNumber: string; accountName: string }): DedicatedAccount => ({
        customerCode,
        bankName: 'Sandbox Bank',
        accountNumber: a.accountNumber,
        accountName: a.accountName,
      });
      const found = await repo.findAccountByCustomer(db, customerCode);
      if (found) return toAccount(found);
      const accountName = `${input.firstName} ${input.lastName}`.trim();
      // A random number can collide with one already given out: draw again.
      for (let attempt = 0; attempt < 10; attempt++) {
        const accountNumber = String(crypto.randomInt(0, 10_000_000_000)).padStart(10, '0');
        if (await repo.insertAccount(db, { accountNumber, customerCode, email: input.email, accountName, currencyCode: input.currency })) {
          return toAccount({ accountNumber, accountName });
        }
        const raced = await repo.findAccountByCustomer(db, customerCode);
        if (raced) return toAccount(raced);
      }
      throw new GatewayError('Sandbox: no free account number', true);
    },

    parseWebhook(rawBody: Buffer, signature: string | undefined) {
      // Stripe's header starts with its timestamp (`t=`); Paystack's is plain hex.
      if (signature?.startsWith('t=')) return parseStripeWebhook(webhookSecret, rawBody, signature);
      return parsePaystackWebhook(webhookSecret, rawBody, signature);
    },

    async checkout(reference: string) {
      const row = await repo.findTransaction(db, reference);
      if (!row) return undefined;
      return { reference: row.reference, amount: row.amount, currency: row.currencyCode, status: row.status, callbackUrl: row.callbackUrl };
    },

    async pay(reference: string) {
      let row = await existing(reference);
      if (row.status === 'pending') row = (await repo.settlePending(db, reference, 'success', clock.now())) ?? (await existing(reference));
      if (row.status !== 'success') throw new GatewayError('Sandbox: the payment was declined', false);
      return chargeSuccess(row);
    },

    async decline(reference: string) {
      const row = await existing(reference);
      if (row.status === 'pending') await repo.settlePending(db, reference, 'failed', null);
    },

    async simulateTransfer(accountNumber: string, amount: number) {
      if (!isAmount(amount)) throw new GatewayError('Sandbox: invalid amount', false);
      const account = await repo.findAccountByNumber(db, accountNumber);
      if (!account) return undefined;
      const reference = `sbx_trf_${crypto.randomBytes(12).toString('hex')}`;
      const row = {
        reference,
        email: account.email,
        amount,
        currencyCode: account.currencyCode,
        status: 'success',
        channel: 'dedicated_nuban',
        customerCode: account.customerCode,
        callbackUrl: null,
        createdAt: clock.now(),
        paidAt: clock.now(),
      } satisfies SandboxTransactionRow;
      await repo.insertTransaction(db, row);
      return { reference, ...chargeSuccess(row) };
    },
  };
}
