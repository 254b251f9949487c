import crypto from 'node:crypto';
import type { Database, Executor } from '../../../db/client.ts';
import { GatewayError } from '../gateway/payment-gateway.ts';
import {
  TransferNotFoundError,
  gatewayPayoutCurrencies,
  mapTransferStatus,
  payoutReferencePattern,
  type GatewayTransfer,
  type PayoutGateway,
} from '../gateway/payout-gateway.ts';
import { signPaystackWebhook } from '../gateway/paystack-gateway.ts';
import type { SandboxWebhook, SandboxWebhookSender } from './sandbox-webhooks.ts';
import {
  sandboxPayoutsRepository as repo,
  type SandboxRecipientRow,
  type SandboxTransferRow,
} from './sandbox-payouts.repository.ts';

/**
 * The sandbox's side of payouts (decision 0022): Paystack's Transfers played locally, with its own books
 * (`sandbox_transfer_*`). Two banks per currency; an account number of 10 digits resolves unless it starts with `000`
 * (an account the bank does not know). A transfer starts `pending`; `settleTransfer` makes it succeed, fail or (after
 * success) reverse, and hands back the signed `transfer.*` webhook Paystack would send, with the transfer object of
 * `GET /transfer/verify` as its `data`. Settling it again the same way gives the same event again (a redelivery).
 * With `webhooks`, each event is queued with the settlement that makes it, in one transaction (sandbox-webhooks.ts).
 */

export type TransferOutcome = 'success' | 'failed' | 'reversed';

export interface SandboxPayouts extends PayoutGateway {
  readonly name: 'sandbox';
  settleTransfer(reference: string, outcome: TransferOutcome): Promise<SandboxWebhook>;
}

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
const numericId = (seed: string) => Number.parseInt(sha256(seed).slice(0, 12), 16);
const banks = [
  { name: 'Sandbox Bank', code: '001' },
  { name: 'Test Savings Bank', code: '002' },
];
const bankName = (code: string) => banks.find((b) => b.code === code)?.name ?? null;

export function createSandboxPayouts({
  db,
  webhookSecret,
  webhooks,
}: {
  db: Database;
  webhookSecret: string;
  webhooks?: SandboxWebhookSender;
}): SandboxPayouts {
  const recipientJson = (r: SandboxRecipientRow) => ({
    active: true,
    createdAt: r.createdAt.toISOString(),
    currency: r.currencyCode,
    description: '',
    domain: 'test',
    email: null,
    id: numericId(`recipient:${r.recipientCode}`),
    integration: 100_032,
    metadata: null,
    name: r.name,
    recipient_code: r.recipientCode,
    type: 'nuban',
    updatedAt: r.createdAt.toISOString(),
    is_deleted: false,
    details: {
      authorization_code: null,
      account_number: r.accountNumber,
      account_name: r.name,
      bank_code: r.bankCode,
      bank_name: bankName(r.bankCode),
    },
  });
  const transferJson = (t: SandboxTransferRow, r: SandboxRecipientRow) => ({
    amount: t.amount,
    createdAt: t.createdAt.toISOString(),
    currency: t.currencyCode,
    domain: 'test',
    failures: null,
    id: numericId(`transfer:${t.reference}`),
    integration: 100_032,
    reason: t.reason ?? '',
    reference: t.reference,
    source: 'balance',
    source_details: null,
    status: t.status,
    titan_code: null,
    transfer_code: t.transferCode,
    transferred_at: t.status === 'success' || t.status === 'reversed' ? t.updatedAt.toISOString() : null,
    updatedAt: t.updatedAt.toISOString(),
    recipient: recipientJson(r),
  });
  const toTransfer = (t: SandboxTransferRow): GatewayTransfer => ({
    reference: t.reference,
    transferCode: t.transferCode,
    status: mapTransferStatus(t.status),
    amount: t.amount,
    currency: t.currencyCode,
    failure:
      t.status === 'failed'
        ? 'Sandbox: the bank declined the transfer'
        : t.status === 'reversed'
          ? 'Sandbox: the bank returned the transfer'
          : null,
  });
  const existing = async (reference: string, tx: Executor = db) => {
    const t = await repo.findTransfer(tx, reference);
    if (!t) throw new TransferNotFoundError(reference);
    return t;
  };

  return {
    name: 'sandbox',

    async listBanks(currency: string) {
      return gatewayPayoutCurrencies.includes(currency) ? banks.map((b) => ({ ...b, currency })) : [];
    },

    async resolveAccount(accountNumber: string, bankCode: string) {
      if (!bankName(bankCode) || !/^\d{10}$/.test(accountNumber) || accountNumber.startsWith('000')) {
        throw new GatewayError('Sandbox: Could not resolve account name. Check parameters or try again.', false);
      }
      return { accountNumber, accountName: `SANDBOX ACCOUNT ${accountNumber.slice(-4)}` };
    },

    async createRecipient(input) {
      if (!gatewayPayoutCurrencies.includes(input.currency))
        throw new GatewayError(`Sandbox: Currency not supported`, false);
      await this.resolveAccount(input.accountNumber, input.bankCode);
      // Like Paystack, a duplicate account number retrieves the existing record.
      const recipientCode = `RCP_sbx${sha256(`${input.currency}:${input.bankCode}:${input.accountNumber}`).slice(0, 15)}`;
      const row = await repo.ensureRecipient(db, {
        recipientCode,
        name: input.name,
        accountNumber: input.accountNumber,
        bankCode: input.bankCode,
        currencyCode: input.currency,
      });
      return { recipientCode: row.recipientCode, bankName: bankName(row.bankCode) };
    },

    async transfer(input) {
      if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
        throw new GatewayError('Sandbox: Invalid amount', false);
      if (!payoutReferencePattern.test(input.reference)) throw new GatewayError('Sandbox: Invalid reference', false);
      const recipient = await repo.findRecipient(db, input.recipientCode);
      if (!recipient) throw new GatewayError('Sandbox: Recipient not found', false);
      if (recipient.currencyCode !== input.currency)
        throw new GatewayError('Sandbox: Currency does not match the recipient', false);
      const row = await repo.ensureTransfer(db, {
        reference: input.reference,
        transferCode: `TRF_sbx${sha256(`transfer:${input.reference}`).slice(0, 15)}`,
        recipientCode: input.recipientCode,
        amount: input.amount,
        currencyCode: input.currency,
        reason: input.reason,
        status: 'pending',
      });
      return toTransfer(row);
    },

    async verifyTransfer(reference: string) {
      return toTransfer(await existing(reference));
    },

    async settleTransfer(reference: string, outcome: TransferOutcome) {
      return db.transaction(async (tx) => {
        let t = await existing(reference, tx);
        const from = outcome === 'reversed' ? 'success' : 'pending';
        if (t.status !== outcome)
          t = (await repo.moveTransfer(tx, reference, from, outcome)) ?? (await existing(reference, tx));
        if (t.status !== outcome)
          throw new GatewayError(`Sandbox: a ${t.status} transfer cannot become ${outcome}`, false);
        const recipient = (await repo.findRecipient(tx, t.recipientCode))!;
        const rawBody = Buffer.from(JSON.stringify({ event: `transfer.${outcome}`, data: transferJson(t, recipient) }));
        const hook: SandboxWebhook = {
          rawBody,
          signature: signPaystackWebhook(webhookSecret, rawBody),
          header: 'x-paystack-signature',
        };
        await webhooks?.send(tx, hook);
        return hook;
      });
    },
  };
}
