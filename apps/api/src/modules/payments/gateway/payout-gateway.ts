import { GatewayError } from './payment-gateway.ts';

/**
 * The payout port (decision 0022): money from the platform's gateway balance to a provider's bank account. `paystack`
 * speaks Paystack's Transfers API (paystack-payouts.ts); `sandbox` plays it locally (sandbox/sandbox-payouts.ts).
 * Amounts are minor units. Every step is verified with the gateway before the ledger moves: an account is resolved
 * before a recipient is made, a transfer's outcome is asked for (`verifyTransfer`) before it is applied.
 */

/**
 * The currencies we pay out through the gateway: `TransferInitiate.currency` in Paystack's OpenAPI lists NGN, ZAR,
 * KES and GHS; KES is left out because its bank type (`kepss`) is not among `TransferRecipientCreate.type`. Others
 * (GBP, EUR, USD) are not sent through the gateway.
 */
export const gatewayPayoutCurrencies: readonly string[] = ['NGN', 'GHS', 'ZAR'];

/**
 * Paystack's transfer `reference` ("a lowercase alphanumeric string with only -,_ symbols allowed", at least 16
 * characters: `TransferBase.reference`). We use its intersection with the transaction references' set (`-`, `.`, `=`,
 * letters, digits): lower-case letters, digits and `-`.
 */
export const payoutReferencePattern = /^[a-z0-9-]{16,100}$/;

export interface Bank {
  name: string;
  code: string;
  currency: string;
}

export interface ResolvedAccount {
  accountNumber: string;
  accountName: string;
}

export interface RecipientInput {
  name: string;
  accountNumber: string;
  bankCode: string;
  currency: string;
}

export interface Recipient {
  recipientCode: string;
  bankName: string | null;
}

export interface TransferInput {
  recipientCode: string;
  amount: number;
  currency: string;
  /** Ours; the gateway's idempotency key (the same reference never pays twice). */
  reference: string;
  reason: string;
}

/** Paystack's transfer statuses folded: still moving (pending, otp, received...), paid, failed, reversed. */
export type TransferStatus = 'pending' | 'success' | 'failed' | 'reversed';

export interface GatewayTransfer {
  reference: string;
  transferCode: string;
  status: TransferStatus;
  amount: number;
  currency: string;
  /** What the gateway said went wrong (failures, reason), for operators. */
  failure: string | null;
}

export interface PayoutGateway {
  readonly name: 'paystack' | 'sandbox' | 'stripe';
  listBanks(currency: string): Promise<Bank[]>;
  /** The account's holder name as the bank knows it; a GatewayError (not retryable) when the bank does not know it. */
  resolveAccount(accountNumber: string, bankCode: string): Promise<ResolvedAccount>;
  createRecipient(input: RecipientInput): Promise<Recipient>;
  /** Starts a transfer; repeating a reference answers the first transfer (never a second payment). */
  transfer(input: TransferInput): Promise<GatewayTransfer>;
  verifyTransfer(reference: string): Promise<GatewayTransfer>;
}

/** The gateway has no transfer with this reference (Paystack `transfer_verify` answers 404): it was never made. */
export class TransferNotFoundError extends GatewayError {
  constructor(reference: string) {
    super(`no transfer with reference ${reference}`, false);
  }
}

/** Paystack's transfer statuses (`transfer_list` status enum) folded into ours. */
export function mapTransferStatus(status: string): TransferStatus {
  switch (status) {
    case 'success':
      return 'success';
    case 'failed':
    case 'abandoned':
    case 'blocked':
    case 'rejected':
      return 'failed';
    case 'reversed':
      return 'reversed';
    default:
      return 'pending';
  }
}
