import type Stripe from 'stripe';
import { GatewayError } from './payment-gateway.ts';
import {
  TransferNotFoundError,
  type GatewayTransfer,
  type PayoutGateway,
  type TransferInput,
} from './payout-gateway.ts';
import type { StripeClient } from './stripe-client.ts';

/** The currencies paid out as Stripe Transfers to a provider's connected account (decision 0052). */
export const STRIPE_PAYOUT_CURRENCIES: readonly string[] = ['USD', 'GBP', 'EUR'];

/**
 * The recipient of a Stripe payout: the connected account in one currency (`acct_...:usd`). The payout port keeps a
 * recipient per currency (payout_recipients, unique per gateway and code), and one account takes all three.
 */
export const stripeRecipientCode = (accountId: string, currency: string) => `${accountId}:${currency.toLowerCase()}`;
const accountOf = (recipientCode: string) => recipientCode.split(':')[0]!;

const noBanks = () =>
  Promise.reject(new GatewayError('Stripe pays connected accounts (Stripe Connect), not bank accounts', false));

/**
 * A Transfer as Stripe publishes it (https://docs.stripe.com/api/transfers): made at once from the platform's balance
 * to the destination account, or refused (400: the balance does not cover it, the account cannot take transfers).
 * It has no pending state; `reversed` (all of it came back) is its only later change. Partly reversed is for an
 * operator (we never reverse part of a payout): it is refused as a non-retryable error, kept as needs_attention.
 */
export function mapStripeTransfer(transfer: Stripe.Transfer, reference: string): GatewayTransfer {
  if (!transfer.reversed && transfer.amount_reversed > 0)
    throw new GatewayError(
      `Stripe transfer ${transfer.id} is partly reversed (${transfer.amount_reversed} of ${transfer.amount})`,
      false,
    );
  return {
    reference,
    transferCode: transfer.id,
    status: transfer.reversed ? 'reversed' : 'success',
    amount: transfer.amount,
    currency: transfer.currency.toUpperCase(),
    failure: transfer.reversed ? 'reversed at Stripe' : null,
  };
}

/**
 * The payout port's gateway for Stripe (payout-gateway.ts): `POST /v1/transfers` with our payout reference as the
 * `Idempotency-Key` (a repeat answers the first transfer), in `transfer_group` and in `metadata`; a transfer is found
 * again by its group (`GET /v1/transfers?transfer_group=`), so a lost answer is asked about, not sent twice.
 */
export function createStripePayouts({ call }: StripeClient): PayoutGateway {
  return {
    name: 'stripe',
    listBanks: noBanks,
    resolveAccount: noBanks,
    createRecipient: noBanks,

    async transfer(input: TransferInput) {
      const transfer = await call('POST /v1/transfers', (stripe) =>
        stripe.transfers.create(
          {
            amount: input.amount,
            currency: input.currency.toLowerCase(),
            destination: accountOf(input.recipientCode),
            transfer_group: input.reference,
            description: input.reason,
            metadata: { reference: input.reference },
          },
          { idempotencyKey: input.reference },
        ),
      );
      return mapStripeTransfer(transfer, input.reference);
    },

    async verifyTransfer(reference: string) {
      const list = await call('GET /v1/transfers', (stripe) =>
        stripe.transfers.list({ transfer_group: reference, limit: 1 }),
      );
      const transfer = list.data[0];
      if (!transfer) throw new TransferNotFoundError(reference);
      return mapStripeTransfer(transfer, reference);
    },
  };
}
