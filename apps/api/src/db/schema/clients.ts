import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { citext, createdAt, id } from './columns.ts';
import { users } from './users.ts';

export const clientImportSourceEnum = pgEnum('client_import_source', ['manual', 'email', 'csv']);

/**
 * The clients a provider imported (issue 17; decision 0029): by hand, by mail or from a CSV file, once per address.
 * `client_id` is set when the person accepts the invitation with their account (signing up or in from the mailed
 * link); only then are they the provider's client on the platform. The invitation's token is kept as a SHA-256 hash.
 */
export const clientImports = pgTable(
  'client_imports',
  {
    identifier: id(),
    providerId: uuid()
      .notNull()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    email: citext().notNull(),
    firstName: text(),
    lastName: text(),
    phoneNumber: text(),
    source: clientImportSourceEnum().notNull(),
    clientId: uuid().references(() => users.identifier, { onDelete: 'set null' }),
    /** The practice record (decision 0053) until the person accepts; then null and `client_id` is their account. */
    recordId: uuid().references(() => users.identifier, { onDelete: 'set null' }),
    inviteTokenHash: text(),
    invitedAt: timestamp({ withTimezone: true }),
    inviteExpiresAt: timestamp({ withTimezone: true }),
    acceptedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('client_imports_provider_email_key').on(t.providerId, t.email),
    uniqueIndex('client_imports_invite_token_key')
      .on(t.inviteTokenHash)
      .where(sql`${t.inviteTokenHash} IS NOT NULL`),
    index('client_imports_client_idx').on(t.clientId, t.providerId),
    uniqueIndex('client_imports_record_key')
      .on(t.recordId)
      .where(sql`${t.recordId} IS NOT NULL`),
  ],
);
