import { sql } from 'drizzle-orm';
import { check, pgTable, pgView, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { payoutRecipients } from './payouts.ts';
import { users } from './users.ts';

/**
 * A provider's bank payout details (spec §3 "Bank details (payout)", decision 0024): one row per provider. What
 * identifies the account or the person (holder name, sort/bank code, account number, address, postal code, date of
 * birth, the name the bank confirmed) is one AES-256-GCM sealed JSON value (`sealed`, platform/field-encryption.ts,
 * bound to the provider's id); only what the page may show without it stays readable: the last four digits of the
 * account number (or IBAN), the bank's name, account type and ownership. Forms: decisions 0024 and 0051.
 */
export const bankDetails = pgTable(
  'bank_details',
  {
    providerId: uuid()
      .primaryKey()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    form: text({ enum: ['standard', 'gb', 'addressed', 'sepa'] }).notNull(),
    countryCode: text(),
    currencyCode: text().notNull(),
    sealed: text().notNull(),
    accountNumberLast4: text().notNull(),
    /** Null where the form leaves it out (SEPA: the BIC names the bank). */
    bankName: text(),
    accountType: text({ enum: ['checking', 'savings'] }),
    accountOwnership: text({ enum: ['business', 'personal'] }),
    payoutRoute: text({ enum: ['gateway', 'bank-file', 'none'] }).notNull(),
    /** The payout port's recipient (payments module) the payouts use; null where there is no payout route yet. */
    recipientId: uuid().references(() => payoutRecipients.identifier, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('bank_details_form', sql`${t.form} IN ('standard', 'gb', 'addressed', 'sepa')`),
    // An IBAN may end in letters (MT84…001S).
    check('bank_details_last4', sql`${t.accountNumberLast4} ~ '^[0-9A-Z]{1,4}$'`),
    check('bank_details_currency', sql`${t.currencyCode} ~ '^[A-Z]{3}$'`),
    check('bank_details_account_type', sql`${t.accountType} IS NULL OR ${t.accountType} IN ('checking', 'savings')`),
    check(
      'bank_details_ownership',
      sql`${t.accountOwnership} IS NULL OR ${t.accountOwnership} IN ('business', 'personal')`,
    ),
    check('bank_details_payout_route', sql`${t.payoutRoute} IN ('gateway', 'bank-file', 'none')`),
  ],
);

/**
 * The read model of where a provider's payouts go (migration 0030): their current bank details' recipient, and what
 * the provider may be shown of the account, the bank's name and the last four digits (migration 0035, issue 46).
 */
export const payoutDestinations = pgView('payout_destinations', {
  providerId: uuid('provider_id').notNull(),
  recipientId: uuid('recipient_id').notNull(),
  currencyCode: text('currency_code').notNull(),
  bankName: text('bank_name'),
  accountNumberLast4: text('account_number_last4').notNull(),
}).existing();
