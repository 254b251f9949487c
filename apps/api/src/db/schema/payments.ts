import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, currency, id, money, updatedAt } from './columns.ts';
import { users } from './users.ts';
import { ledgerTransactions } from './wallet.ts';

export const paymentMethodEnum = pgEnum('payment_method', ['card', 'bank_transfer']);

export const paymentStatusEnum = pgEnum('payment_status', ['pending', 'success', 'failed', 'abandoned']);

/** A top-up as the gateway knows it: created pending, settled once by a verified gateway event. */
export const payments = pgTable(
  'payments',
  {
    identifier: id(),
    userId: uuid()
      .notNull()
      .references(() => users.identifier),
    gateway: text().notNull(),
    method: paymentMethodEnum().notNull(),
    /** The gateway's reference (ours for card top-ups, the gateway's for transfers to a dedicated account). */
    reference: text().notNull(),
    amount: money().notNull(),
    currencyCode: currency(),
    status: paymentStatusEnum().notNull().default('pending'),
    /** How much of this credited payment the gateway took back since (refunds, lost chargebacks); never above `amount`. */
    reversedAmount: money().notNull().default(0),
    authorizationUrl: text(),
    ledgerTransactionId: uuid().references(() => ledgerTransactions.identifier),
    idempotencyKey: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('payments_amount', sql`${t.amount} > 0`),
    check('payments_reversed_amount', sql`${t.reversedAmount} >= 0 AND ${t.reversedAmount} <= ${t.amount}`),
    uniqueIndex('payments_gateway_reference_key').on(t.gateway, t.reference),
    uniqueIndex('payments_ledger_transaction_key').on(t.ledgerTransactionId),
    uniqueIndex('payments_user_idempotency_key')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL`),
    index('payments_user_created_idx').on(t.userId, t.createdAt),
  ],
);

export const virtualAccountStatusEnum = pgEnum('virtual_account_status', ['pending', 'assigned', 'failed']);

/**
 * A user's dedicated bank account for transfer top-ups (one per user and gateway). Paystack assigns it
 * asynchronously (POST /dedicated_account/assign, then a `dedicatedaccount.assign.success` or `.failed` webhook): the
 * row is `pending` until the event fills in the account or fails it. The email it was requested with finds it then.
 */
export const virtualAccounts = pgTable(
  'virtual_accounts',
  {
    identifier: id(),
    userId: uuid()
      .notNull()
      .references(() => users.identifier),
    gateway: text().notNull(),
    status: virtualAccountStatusEnum().notNull().default('assigned'),
    /** The email the account was requested with (lower case): the assignment event names the customer by it. */
    requestedEmail: text(),
    customerCode: text(),
    bankName: text(),
    accountNumber: text(),
    accountName: text(),
    /** Why Paystack did not assign it (a failed assignment). */
    failureReason: text(),
    currencyCode: currency(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('virtual_accounts_user_gateway_key').on(t.userId, t.gateway),
    uniqueIndex('virtual_accounts_number_key').on(t.gateway, t.accountNumber),
    index('virtual_accounts_requested_email_idx').on(t.gateway, t.requestedEmail),
    check(
      'virtual_accounts_assigned_complete',
      sql`${t.status} <> 'assigned' OR (${t.customerCode} IS NOT NULL AND ${t.bankName} IS NOT NULL AND ${t.accountNumber} IS NOT NULL AND ${t.accountName} IS NOT NULL)`,
    ),
  ],
);

/**
 * What became of a stored event: `received` (not handled yet), `processed` (applied), `ignored` (a type this platform
 * does not act on: stored and answered 200 all the same), `needs_attention` (could not be applied: kept for an
 * operator, never dropped).
 */
export const gatewayEventStatusEnum = pgEnum('gateway_event_status', [
  'received',
  'processed',
  'ignored',
  'needs_attention',
]);

/** The webhook inbox: every verified gateway event once (unique key), processed by a job. */
export const gatewayEvents = pgTable(
  'gateway_events',
  {
    identifier: id(),
    gateway: text().notNull(),
    eventKey: text().notNull(),
    eventType: text().notNull(),
    payload: jsonb().notNull(),
    status: gatewayEventStatusEnum().notNull().default('received'),
    /** Why an event needs attention (for the operator), e.g. "currency mismatch". */
    note: text(),
    /** The request id of the delivery that stored it (our `x-request-id`), to find its log lines. */
    requestId: text(),
    receivedAt: createdAt(),
    processedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('gateway_events_key').on(t.gateway, t.eventKey),
    index('gateway_events_status_idx')
      .on(t.status)
      .where(sql`${t.status} = 'needs_attention'`),
    // The sweep (gateway-events.worker.ts) reads the events not handled yet every minute: a small partial index, not a scan.
    index('gateway_events_unprocessed')
      .on(t.receivedAt)
      .where(sql`${t.status} = 'received'`),
  ],
);

/*

 * The sandbox gateway's own books (DESIGN.md §2: a local checkout page and a bank-transfer simulator). It stands for
 * Paystack's side, so it keeps its state in its own tables, shared by every instance.
 */
export const sandboxTransactions = pgTable('sandbox_transactions', {
  reference: text().primaryKey(),
  email: text().notNull(),
  amount: money().notNull(),
  currencyCode: currency(),
  /** pending until the tester pays or declines on the checkout page; transfers are created paid. */
  status: text().notNull().default('pending'),
  channel: text().notNull().default('card'),
  customerCode: text(),
  callbackUrl: text(),
  createdAt: createdAt(),
  paidAt: timestamp({ withTimezone: true }),
});

export const sandboxAccounts = pgTable('sandbox_accounts', {
  accountNumber: text().primaryKey(),
  customerCode: text().notNull().unique(),
  email: text().notNull(),
  accountName: text().notNull(),
  currencyCode: currency(),
  createdAt: createdAt(),
});
