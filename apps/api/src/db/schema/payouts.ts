import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { users } from './users.ts';
import { ledgerTransactions } from './wallet.ts';

/*
 * Payouts (DESIGN.md §6, decision 0022): a provider's earnings leave through the gateway. A payout row follows the
 * transfer at the gateway; each state change that moves money is a ledger transaction (start: earnings -> clearing;
 * failed or returned: clearing -> earnings).
 */

/**
 * What the payout port needs of a provider's bank account: the gateway's recipient and the account it was verified
 * against. The seam the practice issue fills: its "Bank details (payout)" form (spec) creates these rows through
 * `payouts.createRecipient`; the full details (address, account type, ownership, date of birth) stay with it.
 */
export const payoutRecipients = pgTable(
  'payout_recipients',
  {
    identifier: id(),
    providerId: uuid()
      .notNull()
      .references(() => users.identifier),
    gateway: text().notNull(),
    /** The gateway's code for the recipient (Paystack `recipient_code`). */
    recipientCode: text().notNull(),
    currencyCode: text().notNull(),
    /** The name the bank resolved for the account (`GET /bank/resolve`), not the name typed in. */
    accountName: text().notNull(),
    accountNumber: text().notNull(),
    bankCode: text().notNull(),
    bankName: text(),
    /** USD bank-file (ACH) accounts only: checking or savings picks the entry's transaction code (22 or 32). */
    accountType: text({ enum: ['checking', 'savings'] }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payout_recipients_gateway_code_key').on(t.gateway, t.recipientCode),
    check(
      'payout_recipients_account_type',
      sql`${t.accountType} IS NULL OR ${t.accountType} IN ('checking', 'savings')`,
    ),
    index('payout_recipients_provider_idx').on(t.providerId),
    check('payout_recipients_currency', sql`${t.currencyCode} ~ '^[A-Z]{3}$'`),
  ],
);

/**
 * An operator's payout batch for a currency the gateway does not pay out (GBP, EUR): its items are payouts
 * (gateway `bank-file`), each started with its own ledger transaction; the operator downloads the bank file (SEPA
 * pain.001 for EUR, CSV for GBP), pays it at the bank and marks the batch paid (or an item returned).
 */
export const payoutBatches = pgTable(
  'payout_batches',
  {
    identifier: id(),
    currencyCode: text().notNull(),
    createdBy: uuid()
      .notNull()
      .references(() => users.identifier),
    itemCount: integer().notNull(),
    total: bigint({ mode: 'number' }).notNull(),
    paidAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [check('payout_batches_total', sql`${t.total} >= 0 AND ${t.itemCount} >= 0`)],
);

/** started: earnings moved to clearing, the transfer is with the gateway; paid: the gateway confirmed it; failed: it never left (money back); returned: it came back after being paid (money back). */
export const payoutStatusEnum = pgEnum('payout_status', ['started', 'paid', 'failed', 'returned']);

export const payouts = pgTable(
  'payouts',
  {
    identifier: id(),
    providerId: uuid()
      .notNull()
      .references(() => users.identifier),
    recipientId: uuid()
      .notNull()
      .references(() => payoutRecipients.identifier),
    gateway: text().notNull(),
    /** Ours, sent as the gateway's idempotency key (Paystack `reference`); unique across gateways. */
    reference: text().notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
    currencyCode: text().notNull(),
    status: payoutStatusEnum().notNull().default('started'),
    /** The gateway's code for the transfer (Paystack `transfer_code`), once it answered. */
    transferCode: text(),
    /** Why it failed, as the gateway said it (operators read it). */
    failureReason: text(),
    startTransactionId: uuid()
      .notNull()
      .references(() => ledgerTransactions.identifier),
    returnTransactionId: uuid().references(() => ledgerTransactions.identifier),
    /** The operator batch it is an item of (gateway `bank-file`); NULL for gateway transfers. */
    batchId: uuid().references(() => payoutBatches.identifier),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payouts_reference_key').on(t.reference),
    index('payouts_provider_created_idx').on(t.providerId, t.createdAt),
    index('payouts_batch_idx').on(t.batchId),
    check('payouts_amount', sql`${t.amount} > 0`),
    // Money came back exactly when the payout failed or was returned.
    check(
      'payouts_return_matches_status',
      sql`(${t.returnTransactionId} IS NOT NULL) = (${t.status} IN ('failed', 'returned'))`,
    ),
  ],
);

/*
 * The sandbox gateway's side of transfers (it stands for Paystack, so it keeps its own books, shared by every
 * instance): the recipients it created and the transfers it was asked for.
 */
export const sandboxTransferRecipients = pgTable('sandbox_transfer_recipients', {
  recipientCode: text().primaryKey(),
  name: text().notNull(),
  accountNumber: text().notNull(),
  bankCode: text().notNull(),
  currencyCode: text().notNull(),
  createdAt: createdAt(),
});

export const sandboxTransfers = pgTable('sandbox_transfers', {
  reference: text().primaryKey(),
  transferCode: text().notNull().unique(),
  recipientCode: text()
    .notNull()
    .references(() => sandboxTransferRecipients.recipientCode),
  amount: bigint({ mode: 'number' }).notNull(),
  currencyCode: text().notNull(),
  reason: text(),
  /** Paystack's transfer statuses: pending until the tester settles it (success, failed, reversed). */
  status: text().notNull().default('pending'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
