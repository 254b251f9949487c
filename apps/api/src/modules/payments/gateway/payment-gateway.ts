import type { GatewayName } from '../../../config.ts';

/**
 * The payment gateway port (DESIGN.md §2 "payments"): `paystack` speaks Paystack's documented HTTP API, `stripe`
 * Stripe Checkout through the official SDK (stripe-gateway.ts), `sandbox` (the default) is a local stand-in with a checkout page and a bank-transfer simulator that send the same signed webhooks.
 * Amounts are minor units (kobo, pence, cents), as Paystack counts them.
 */

export interface InitializeInput {
  /** Our reference for this top-up; the gateway keeps it, so a retry never charges twice. */
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

export interface DedicatedAccountInput {
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  currency: string;
}

export interface DedicatedAccount {
  customerCode: string;
  bankName: string;
  accountNumber: string;
  accountName: string;
}

/** A webhook event whose signature checked out; `key` is unique per event, for processing it once. */
export interface GatewayEvent {
  key: string;
  type: string;
  reference: string;
  amount: number;
  currency: string;
  channel: string;
  customerCode: string | null;
  payload: unknown;
}

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
  /** Whether the gateway takes payments in this currency (ISO 4217, upper case), as its provider publishes. */
  supports(currency: string): boolean;
  /** Starts a card checkout: where to send the browser. */
  initialize(input: InitializeInput): Promise<{ authorizationUrl: string; reference: string }>;
  /** Asks the gateway for the transaction's state (used before every credit: amount and currency are checked). */
  verify(reference: string): Promise<GatewayTransaction>;
  /** Creates (or finds) the customer and assigns a dedicated bank account for transfer top-ups. */
  assignDedicatedAccount(input: DedicatedAccountInput): Promise<DedicatedAccount>;
  /**
   * Checks `x-paystack-signature` (HMAC-SHA512 of the raw body, hex) and parses the event. Undefined when the body is
   * unsigned, forged or not an event this platform handles.
   */
  parseWebhook(rawBody: Buffer, signature: string | undefined): GatewayEvent | undefined;
}
