import type { GatewayName } from '../../../config.ts';

/**
 * The payment gateway port (DESIGN.md §2 "payments"): `paystack` speaks Paystack's documented HTTP API, `stripe`
 * Stripe Checkout through the official SDK (stripe-gateway.ts), `sandbox` (the default) is a local stand-in with a checkout page and a bank-transfer simulator that send the same signed webhooks.
 * Amounts are minor units (kobo, pence, cents), as Paystack counts them.
 */

/**
 * Paystack's published character set for a transaction reference (dist/paystack.yaml, `TransactionInitialize.reference`:
 * "Only -, ., = and alphanumeric characters allowed").
 */
export const REFERENCE_PATTERN = /^[A-Za-z0-9.=-]+$/;

export interface InitializeInput {
  /** Our reference for this top-up (REFERENCE_PATTERN); the gateway keeps it, so a retry never charges twice. */
  reference: string;
  email: string;
  amount: number;
  currency: string;
  /** Where the gateway sends the browser back after checkout. */
  callbackUrl: string;
  metadata?: Record<string, string>;
}

export type GatewayStatus = 'success' | 'failed' | 'abandoned' | 'pending';

/** A transaction as the gateway reports it when we ask (never trusted from a webhook alone). */
export interface GatewayTransaction {
  reference: string;
  status: GatewayStatus;
  amount: number;
  currency: string;
  /** e.g. "card", "bank_transfer", "dedicated_nuban". */
  channel: string;
  customerCode: string | null;
}

/** Who a dedicated account is for: Paystack's `POST /dedicated_account/assign` requires all of these. */
export interface DedicatedAccountInput {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  /** The wallet currency; Paystack assigns accounts in NGN (country NG) and GHS (country GH). */
  currency: string;
}

/** An assigned account, as the `dedicatedaccount.assign.success` event describes it. */
export interface DedicatedAccount {
  customerCode: string;
  bankName: string;
  accountNumber: string;
  accountName: string;
}

/**
 * A webhook event whose signature checked out, of any type (what the platform acts on is decided by the event
 * handlers: events/handlers.ts). `key` is unique per event, for storing and processing it once; `payload` is the
 * parsed body, with any NUL character replaced (PostgreSQL's jsonb cannot hold one).
 */
export interface GatewayEvent {
  key: string;
  type: string;
  payload: unknown;
}

/** A webhook delivery read: a signed event, or why it is refused (`signature`: 401; `malformed`: signed but no event, 400). */
export type WebhookReading = { ok: true; event: GatewayEvent } | { ok: false; reason: 'signature' | 'malformed' };

/** A gateway failure. `retryable`: a timeout, a network error or a 5xx (try again later); else a refusal. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export interface PaymentGateway {
  readonly name: GatewayName;
  /** Starts a card checkout: where to send the browser. */
  initialize(input: InitializeInput): Promise<{ authorizationUrl: string; reference: string }>;
  /** Asks the gateway for the transaction's state (used before every credit: amount and currency are checked). */
  verify(reference: string): Promise<GatewayTransaction>;
  /**
   * Asks for a dedicated bank account for transfer top-ups. The answer is only "in progress": the account arrives
   * with a `dedicatedaccount.assign.success` event (or `.failed`), handled by events/dedicated-account.handlers.ts.
   */
  requestDedicatedAccount(input: DedicatedAccountInput): Promise<void>;
  /**
   * Checks the delivery's signature (Paystack: `x-paystack-signature`, HMAC-SHA512 of the raw body, hex; Stripe:
   * `Stripe-Signature`) and reads the event, whatever its type: a validly signed event is always an event (stored and
   * answered 200), only a bad or missing signature is refused.
   */
  parseWebhook(rawBody: Buffer, signature: string | undefined): WebhookReading;
  /**
   * Whether this gateway takes payments in the currency (ISO 4217, upper case). Paystack: only the currencies its
   * published API lists (GHS, KES, NGN, ZAR, USD); the sandbox: every currency the platform serves. Top-ups in a
   * currency the gateway does not support are refused before anything starts (the gateway registry never picks it).
   */
  supports(currency: string): boolean;
}
