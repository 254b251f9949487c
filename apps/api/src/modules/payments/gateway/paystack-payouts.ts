import { z } from 'zod';
import { GatewayError } from './payment-gateway.ts';
import { paystackHttp } from './paystack-http.ts';
import {
  TransferNotFoundError,
  mapTransferStatus,
  type Bank,
  type GatewayTransfer,
  type PayoutGateway,
  type RecipientInput,
  type TransferInput,
} from './payout-gateway.ts';

/**
 * Paystack Transfers (decision 0022), from Paystack's OpenAPI description (PaystackOSS/openapi `dist/paystack.yaml`):
 * `bank_list` (GET /bank), `bank_resolveAccountNumber` (GET /bank/resolve), `transferrecipient_create`
 * (POST /transferrecipient), `transfer_initiate` (POST /transfer, `source: balance`, our `reference` as the idempotency
 * key) and `transfer_verify` (GET /transfer/verify/{reference}). The OTP step (`/transfer/finalize_transfer`) is not
 * used: the account runs with OTP switched off (`/transfer/disable_otp`), so a transfer goes straight to pending.
 * Every answer is read as Paystack's envelope `{ status, message, data }`; what we use of `data` is checked with zod.
 */

export interface PaystackPayoutsOptions {
  secretKey: string;
  baseUrl?: string;
  timeoutMs?: number;
}

/**
 * Bank-account recipient types per currency (`TransferRecipientCreate.type`: nuban, ghipss, mobile_money, basa,
 * authorization). Kenyan banks are `kepss` in `bank_list`, a type the create schema does not list, so KES is not offered.
 */
const recipientType: Record<string, string> = { NGN: 'nuban', GHS: 'ghipss', ZAR: 'basa' };

const banksData = z.array(
  z.object({ name: z.string(), code: z.string(), currency: z.string(), active: z.boolean().nullish() }),
);
const resolveData = z.object({ account_number: z.string().min(1), account_name: z.string().min(1) });
const recipientData = z.object({
  recipient_code: z.string().min(1),
  details: z.object({ bank_name: z.string().nullish() }).nullish(),
});
const transferData = z.object({
  reference: z.string().min(1),
  transfer_code: z.string().min(1),
  status: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  reason: z.string().nullish(),
  failures: z.unknown().optional(),
});

const toTransfer = (d: z.infer<typeof transferData>): GatewayTransfer => {
  const status = mapTransferStatus(d.status);
  return {
    reference: d.reference,
    transferCode: d.transfer_code,
    status,
    amount: d.amount,
    currency: d.currency,
    failure:
      status === 'failed' || status === 'reversed'
        ? d.failures
          ? JSON.stringify(d.failures).slice(0, 300)
          : d.status
        : null,
  };
};

export function createPaystackPayouts({
  secretKey,
  baseUrl = 'https://api.paystack.co',
  timeoutMs = 10_000,
}: PaystackPayoutsOptions): PayoutGateway {
  const call = paystackHttp({ secretKey, baseUrl, timeoutMs });

  return {
    name: 'paystack',

    async listBanks(currency: string): Promise<Bank[]> {
      const banks = await call(
        'GET',
        `/bank?currency=${encodeURIComponent(currency)}&perPage=100`,
        undefined,
        banksData,
      );
      return banks.filter((b) => b.active !== false).map((b) => ({ name: b.name, code: b.code, currency: b.currency }));
    },

    async resolveAccount(accountNumber: string, bankCode: string) {
      const q = new URLSearchParams({ account_number: accountNumber, bank_code: bankCode });
      const data = await call('GET', `/bank/resolve?${q}`, undefined, resolveData);
      return { accountNumber: data.account_number, accountName: data.account_name };
    },

    async createRecipient(input: RecipientInput) {
      const type = recipientType[input.currency];
      if (!type) throw new GatewayError(`Paystack does not pay out ${input.currency}`, false);
      const data = await call(
        'POST',
        '/transferrecipient',
        {
          type,
          name: input.name,
          account_number: input.accountNumber,
          bank_code: input.bankCode,
          currency: input.currency,
        },
        recipientData,
      );
      return { recipientCode: data.recipient_code, bankName: data.details?.bank_name ?? null };
    },

    async transfer(input: TransferInput) {
      const data = await call(
        'POST',
        '/transfer',
        {
          source: 'balance',
          amount: input.amount,
          recipient: input.recipientCode,
          reference: input.reference,
          reason: input.reason,
          currency: input.currency,
        },
        transferData,
      );
      return toTransfer(data);
    },

    async verifyTransfer(reference: string) {
      const found = await call(
        'GET',
        `/transfer/verify/${encodeURIComponent(reference)}`,
        undefined,
        transferData,
        () => new TransferNotFoundError(reference),
      );
      return toTransfer(found);
    },
  };
}
