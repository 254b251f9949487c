import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, money, updatedAt } from './columns.ts';
import { payments } from './payments.ts';
import { users } from './users.ts';

/*
 * Stripe Connect (decision 0052): a provider's Stripe Express account, which USD, GBP and EUR payouts are sent to as
 * Stripe Transfers; and what Stripe took back from top-ups: each refund once, and the disputes whose money is held
 * until they close.
 */

/** onboarding: Stripe still needs details; enabled: Stripe pays the account out; restricted: details given, payouts off. */
export const stripeAccountStatusEnum = pgEnum('stripe_account_status', ['onboarding', 'enabled', 'restricted']);

export const stripeConnectedAccounts = pgTable(
  'stripe_connected_accounts',
  {
    identifier: id(),
    providerId: uuid()
      .notNull()
      .references(() => users.identifier),
    /** Stripe's account id (`acct_...`). */
    accountId: text().notNull(),
    status: stripeAccountStatusEnum().notNull().default('onboarding'),
    /** How many requirements Stripe lists as currently due (shown as "continue set-up"). */
    requirementsDue: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One account per provider, and an account belongs to one provider.
    uniqueIndex('stripe_connected_accounts_provider_key').on(t.providerId),
    uniqueIndex('stripe_connected_accounts_account_key').on(t.accountId),
    check('stripe_connected_accounts_account_format', sql`${t.accountId} ~ '^acct_[A-Za-z0-9]+$'`),
  ],
);

/** held: the dispute's amount was taken from the top-up (Stripe withdrew it); won: given back; lost: stays taken. */
export const stripeDisputeStatusEnum = pgEnum('stripe_dispute_status', ['held', 'won', 'lost']);

export const stripeDisputes = pgTable(
  'stripe_disputes',
  {
    identifier: id(),
    /** Stripe's dispute id (`dp_...`). */
    disputeId: text().notNull(),
    paymentId: uuid()
      .notNull()
      .references(() => payments.identifier),
    amount: money().notNull(),
    currencyCode: text().notNull(),
    status: stripeDisputeStatusEnum().notNull().default('held'),
    closedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('stripe_disputes_dispute_key').on(t.disputeId),
    index('stripe_disputes_payment_idx').on(t.paymentId),
    check('stripe_disputes_amount', sql`${t.amount} > 0`),
  ],
);

/**
 * A Stripe refund of a top-up, applied once (decision 0052): a charge's event lists all its refunds, so each is
 * recorded with its reversal and skipped when seen again.
 */
export const stripeRefunds = pgTable(
  'stripe_refunds',
  {
    identifier: id(),
    /** Stripe's refund id (`re_...`). */
    refundId: text().notNull(),
    paymentId: uuid()
      .notNull()
      .references(() => payments.identifier),
    amount: money().notNull(),
    currencyCode: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('stripe_refunds_refund_key').on(t.refundId),
    index('stripe_refunds_payment_idx').on(t.paymentId),
    check('stripe_refunds_amount', sql`${t.amount} > 0`),
  ],
);
