import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { check, foreignKey, index, pgEnum, pgTable, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, currency, id, money } from './columns.ts';
import { users } from './users.ts';

/**
 * `former_user_payable`: what the platform owes a deleted account (its wallet at deletion), until an operator refunds it (decision 0016).
 * `user_debt`: what a user owes the platform after a top-up was reversed (refund, chargeback) when the wallet no longer
 * held it (decision 0019): its balance is minus the debt (never a negative wallet); the next top-ups settle it first.
 */
export const ledgerAccountKindEnum = pgEnum('ledger_account_kind', [
  'user_wallet',
  'platform_escrow',
  'provider_earnings',
  'gateway_clearing',
  'platform_revenue',
  'former_user_payable',
  'user_debt',
]);

export const ledgerTransactionTypeEnum = pgEnum('ledger_transaction_type', [
  'topup',
  'booking_payment',
  'booking_release',
  'refund',
  'payout',
  'adjustment',
]);

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    identifier: id(),
    kind: ledgerAccountKindEnum().notNull(),
    /** The wallet's or the provider's user; NULL for the platform's own accounts. */
    userId: uuid().references(() => users.identifier),
    currencyCode: currency(),
    createdAt: createdAt(),
  },
  (t) => [
    check('ledger_accounts_currency', sql`${t.currencyCode} ~ '^[A-Z]{3}$'`),
    check(
      'ledger_accounts_owner',
      sql`(${t.userId} IS NULL) = (${t.kind} IN ('platform_escrow', 'gateway_clearing', 'platform_revenue'))`,
    ),
    uniqueIndex('ledger_accounts_key').on(
      t.kind,
      sql`coalesce(${t.userId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      t.currencyCode,
    ),
    // Lets entries name (account, currency) together, so an entry can never be in another currency than its account.
    unique('ledger_accounts_id_currency_key').on(t.identifier, t.currencyCode),
  ],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    identifier: id(),
    type: ledgerTransactionTypeEnum().notNull(),
    /** Whose history lists it (the wallet's owner); NULL for platform-only movements. */
    userId: uuid().references(() => users.identifier),
    /** What caused it, unique per type: a gateway reference is credited once, a booking paid once. */
    reference: text(),
    description: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_type_reference_key')
      .on(t.type, t.reference)
      .where(sql`${t.reference} IS NOT NULL`),
    index('ledger_transactions_user_created_idx').on(t.userId, t.createdAt),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    identifier: id(),
    transactionId: uuid()
      .notNull()
      .references(() => ledgerTransactions.identifier),
    accountId: uuid().notNull(),
    /** Signed minor units: positive adds to the account, negative takes from it. */
    amount: money().notNull(),
    currencyCode: currency(),
    createdAt: createdAt(),
  },
  (t) => [
    check('ledger_entries_amount', sql`${t.amount} <> 0`),
    foreignKey({
      columns: [t.accountId, t.currencyCode],
      foreignColumns: [ledgerAccounts.identifier, ledgerAccounts.currencyCode],
    }),
    index('ledger_entries_account_idx').on(t.accountId),
    index('ledger_entries_transaction_idx').on(t.transactionId),
  ],
);

/**
 * Whether any of the user's debt accounts is below zero, as a subquery: the bookings' terms statement asks it before
 * every booking in its own round trip (decisions 0040, 0047): the wallet module's read model.
 */
export function owesDebt(userId: SQLWrapper): SQL<boolean> {
  return sql`EXISTS (SELECT 1 FROM ${ledgerAccounts} WHERE ${ledgerAccounts.userId} = ${userId} AND ${ledgerAccounts.kind} = 'user_debt'
    AND (SELECT coalesce(sum(e.amount), 0) FROM ${ledgerEntries} e WHERE e.account_id = ${ledgerAccounts.identifier}) < 0)`;
}
