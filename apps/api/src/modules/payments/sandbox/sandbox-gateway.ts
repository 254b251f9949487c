import crypto from 'node:crypto';
import { GATEWAY_CURRENCIES } from '../../../config.ts';
import type { Database, Executor } from '../../../db/client.ts';
import { systemClock, type Clock } from '../../../platform/clock.ts';
import {
  GatewayError,
  type DedicatedAccountInput,
  type GatewayTransaction,
  type InitializeInput,
  type PaymentGateway,
  REFERENCE_PATTERN,
} from '../gateway/payment-gateway.ts';
import { mapPaystackStatus, parsePaystackWebhook, signPaystackWebhook } from '../gateway/paystack-gateway.ts';
import { parseStripeWebhook, signStripeWebhook } from '../gateway/stripe-gateway.ts';
import { sandboxRepository as repo, type SandboxTransactionRow } from './sandbox.repository.ts';
import type { SandboxWebhook, SandboxWebhookSender } from './sandbox-webhooks.ts';

/**
 * The `sandbox` gateway (DESIGN.md §2 "payments"): Paystack's side played locally (and Stripe Checkout's, for the
 * currencies Paystack does not take: their payments are announced with Stripe's signed Checkout Session event). Its books live in the sandbox
 * tables (shared by every instance); the checkout page and the transfer simulator settle them and hand back the
 * webhook Paystack would send, shaped and signed like Paystack's, so the receiving side runs the real path.
 *
 * It follows Paystack's published description, not memory: references only in the character set of dist/paystack.yaml
 * (PaystackOSS/openapi, `TransactionInitialize.reference`: `-`, `.`, `=`, letters and digits), integer amounts,
 * an unknown reference refused (Paystack's 404), `charge.success` only for a paid transaction, the webhook signature
 * and `{ event, data }` bodies of https://paystack.com/docs/payments/webhooks/, and a dedicated account assigned
 * asynchronously with `dedicatedaccount.assign.success` (data: customer, dedicated_account). One departure, on
 * purpose: it takes every currency the platform serves (it stands in for every gateway in development).
 *
 * Its webhooks go out as Paystack's do (issue 43): each is queued with the change it announces (in one transaction)
 * and resent until the app answers 200 (sandbox-webhooks.ts).
 */

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
  /** Pays a pending checkout; paying a paid one sends the same event again (same id), as a webhook retry would. */
  pay(reference: string): Promise<SandboxWebhook>;
  /** Declines a pending checkout (it verifies as failed); nothing is delivered. A settled one stays as it is. */
  decline(reference: string): Promise<void>;
  /** A transfer into a dedicated account: a new paid transaction; undefined when no such account exists. */
  simulateTransfer(
    accountNumber: string,
    amount: number,
  ): Promise<({ reference: string } & SandboxWebhook) | undefined>;
  /**
   * Where the sandbox sends every webhook it makes (a payment, a transfer, a dedicated account's assignment), as
   * Paystack would. Without one (a gateway made for a test) the events are only returned.
   */
  sendWebhooksWith(sender: SandboxWebhookSender): void;
}

export interface SandboxGatewayOptions {
  /** The database itself: a payment and its webhook are written in one transaction. */
  db: Database;
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

export function createSandboxGateway({
  db,
  webhookSecret,
  publicBaseUrl,
  clock = systemClock,
}: SandboxGatewayOptions): SandboxGateway {
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
    const event = {
      id: `evt_sbx_${sha256(`sandbox-event:${row.reference}`).slice(0, 24)}`,
      object: 'event',
      created,
      livemode: false,
      type: 'checkout.session.completed',
      data: { object: session },
    };
    const rawBody = Buffer.from(JSON.stringify(event));
    return { rawBody, signature: signStripeWebhook(webhookSecret, rawBody), header: 'stripe-signature' };
  }

  function chargeSuccess(row: SandboxTransactionRow): SandboxWebhook {
    if (row.channel === 'card' && !GATEWAY_CURRENCIES.paystack.includes(row.currencyCode))
      return checkoutCompleted(row);
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

  let sender: SandboxWebhookSender | undefined;

  /** The customer's account in the sandbox's books (one per email; racing requests agree on one). */
  async function accountFor(
    input: DedicatedAccountInput,
  ): Promise<{ customerCode: string; accountNumber: string; accountName: string }> {
    const customerCode = customerCodeFor(input.email);
    const found = await repo.findAccountByCustomer(db, customerCode);
    if (found) return { customerCode, accountNumber: found.accountNumber, accountName: found.accountName };
    const accountName = `${input.firstName} ${input.lastName}`.trim();
    // A random number can collide with one already given out: draw again.
    for (let attempt = 0; attempt < 10; attempt++) {
      const accountNumber = String(crypto.randomInt(0, 10_000_000_000)).padStart(10, '0');
      if (
        await repo.insertAccount(db, {
          accountNumber,
          customerCode,
          email: input.email,
          accountName,
          currencyCode: input.currency,
        })
      ) {
        return { customerCode, accountNumber, accountName };
      }
      const raced = await repo.findAccountByCustomer(db, customerCode);
      if (raced) return { customerCode, accountNumber: raced.accountNumber, accountName: raced.accountName };
    }
    throw new GatewayError('Sandbox: no free account number', true);
  }

  /** `dedicatedaccount.assign.success`: the customer and the dedicated account (Paystack's DVA resource), signed. */
  function assignmentEvent(
    input: DedicatedAccountInput,
    account: { customerCode: string; accountNumber: string; accountName: string },
  ): SandboxWebhook {
    const data = {
      customer: {
        customer_code: account.customerCode,
        email: input.email,
        first_name: input.firstName,
        last_name: input.lastName,
        phone: input.phone,
      },
      dedicated_account: {
        id: eventIdFor(`account:${account.accountNumber}`),
        bank: { name: 'Sandbox Bank', id: 1, slug: 'sandbox-bank' },
        account_name: account.accountName,
        account_number: account.accountNumber,
        assigned: true,
        currency: input.currency,
        active: true,
      },
      identification: { status: 'success' },
    };
    const rawBody = Buffer.from(JSON.stringify({ event: 'dedicatedaccount.assign.success', data }));
    return { rawBody, signature: signPaystackWebhook(webhookSecret, rawBody), header: 'x-paystack-signature' };
  }

  async function existing(reference: string, tx: Executor = db): Promise<SandboxTransactionRow> {
    const row = await repo.findTransaction(tx, reference);
    if (!row) throw new GatewayError('Sandbox: transaction reference not found', false);
    return row;
  }

  return {
    name: 'sandbox',
    /** The sandbox stands in for every gateway in development: it takes every currency the platform serves. */
    supports: (currency: string) => GATEWAY_CURRENCIES.sandbox.includes(currency.toUpperCase()),

    async initialize(input: InitializeInput) {
      if (!isAmount(input.amount)) throw new GatewayError('Sandbox: invalid amount', false);
      // Paystack's published character set for references (dist/paystack.yaml, TransactionInitialize.reference).
      if (!REFERENCE_PATTERN.test(input.reference))
        throw new GatewayError('Sandbox: Invalid transaction reference', false);
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
      return {
        authorizationUrl: `${base}/api/v1/payment/sandbox/checkout/${encodeURIComponent(input.reference)}`,
        reference: input.reference,
      };
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

    /**
     * Paystack's asynchronous assignment played locally: the account is made in the sandbox's books at once, and its
     * `dedicatedaccount.assign.success` event is queued (as a webhook would come, after this call). A crash between
     * the two leaves the account without its event until it is requested again, which finds the account and sends it.
     */
    async requestDedicatedAccount(input: DedicatedAccountInput): Promise<void> {
      const hook = assignmentEvent(input, await accountFor(input));
      await sender?.send(db, hook);
    },

    sendWebhooksWith(given) {
      sender = given;
    },

    parseWebhook(rawBody: Buffer, signature: string | undefined) {
      // Stripe's header starts with its timestamp (`t=`); Paystack's is plain hex.
      if (signature?.startsWith('t=')) return parseStripeWebhook(webhookSecret, rawBody, signature);
      return parsePaystackWebhook(webhookSecret, rawBody, signature);
    },

    async checkout(reference: string) {
      const row = await repo.findTransaction(db, reference);
      if (!row) return undefined;
      return {
        reference: row.reference,
        amount: row.amount,
        currency: row.currencyCode,
        status: row.status,
        callbackUrl: row.callbackUrl,
      };
    },

    async pay(reference: string) {
      // Paid and its event queued together: a crash leaves neither a paid checkout without its webhook nor the reverse.
      return db.transaction(async (tx) => {
        let row = await existing(reference, tx);
        if (row.status === 'pending')
          row = (await repo.settlePending(tx, reference, 'success', clock.now())) ?? (await existing(reference, tx));
        if (row.status !== 'success') throw new GatewayError('Sandbox: the payment was declined', false);
        const hook = chargeSuccess(row);
        await sender?.send(tx, hook);
        return hook;
      });
    },

    async decline(reference: string) {
      const row = await existing(reference);
      if (row.status === 'pending') await repo.settlePending(db, reference, 'failed', null);
    },

    async simulateTransfer(accountNumber: string, amount: number) {
      if (!isAmount(amount)) throw new GatewayError('Sandbox: invalid amount', false);
      const account = await repo.findAccountByNumber(db, accountNumber);
      if (!account) return undefined;
      const reference = `sbx-trf-${crypto.randomBytes(12).toString('hex')}`;
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
      const hook = chargeSuccess(row);
      await db.transaction(async (tx) => {
        await repo.insertTransaction(tx, row);
        await sender?.send(tx, hook);
      });
      return { reference, ...hook };
    },
  };
}
