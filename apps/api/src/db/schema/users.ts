import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  pgView,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { citext, createdAt, id, updatedAt } from './columns.ts';

export const userTypeEnum = pgEnum('user_type', ['client', 'provider', 'operator']);

export const tokenPurposeEnum = pgEnum('token_purpose', ['verify_email', 'reset_password']);

export const users = pgTable(
  'users',
  {
    identifier: id(),
    email: citext().notNull(),
    passwordHash: text(),
    userType: userTypeEnum().notNull(),
    firstName: text(),
    lastName: text(),
    phoneNumber: text(),
    countryCode: text(),
    locale: text().notNull().default('en'),
    timezone: text(),
    isSocial: boolean().notNull().default(false),
    emailVerifiedAt: timestamp({ withTimezone: true }),
    deletedAt: timestamp({ withTimezone: true }),
    /**
     * A practice record (decision 0053): a client a provider added who has no account yet. It belongs to that
     * provider alone, has no password and cannot sign in; its rows move to the person's account when they accept.
     */
    recordOf: uuid().references((): AnyPgColumn => users.identifier, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One live account per email; a deleted account's anonymised row no longer holds the address, and a practice
    // record's address is the provider's note of it, not an account.
    uniqueIndex('users_email_live_key')
      .on(t.email)
      .where(sql`${t.deletedAt} IS NULL AND ${t.recordOf} IS NULL`),
    index('users_record_of_idx')
      .on(t.recordOf)
      .where(sql`${t.recordOf} IS NOT NULL`),
    // "Is this account live?" from the index alone, for joins over many rows (the directory's search).
    index('users_live_idx')
      .on(t.identifier)
      .where(sql`${t.deletedAt} IS NULL`),
    check(
      'users_password_or_social',
      sql`${t.passwordHash} IS NOT NULL OR ${t.isSocial} OR ${t.deletedAt} IS NOT NULL OR ${t.recordOf} IS NOT NULL`,
    ),
    // A practice record is a client without any way to sign in.
    check(
      'users_record_no_sign_in',
      sql`${t.recordOf} IS NULL OR (${t.userType} = 'client' AND ${t.passwordHash} IS NULL AND NOT ${t.isSocial})`,
    ),
    check('users_locale', sql`${t.locale} IN ('en', 'de')`),
  ],
);

/** Accounts from an OpenID Connect provider: (issuer, subject) identifies the person there. */
export const userIdentities = pgTable(
  'user_identities',
  {
    identifier: id(),
    userId: uuid()
      .notNull()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    issuer: text().notNull(),
    subject: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_identities_issuer_subject_key').on(t.issuer, t.subject)],
);

/**
 * Refresh tokens (RFC 9700): only a hash is stored; each use rotates to a new token of the same family, and a
 * reused (already rotated) token revokes the whole family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    identifier: id(),
    userId: uuid()
      .notNull()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    familyId: uuid().notNull(),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    rotatedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

/**
 * One row per signed-in session (a refresh-token family; its identifier is the family id). Access tokens carry it as
 * `sid`, so revoking the session ends its access tokens at once, not only its refresh tokens. Address and browser are
 * those of the sign-in (the user's list of devices, issue 20); `last_active_at` is the last time the person used the
 * app (not background polling), which the idle sign-out measures from.
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    identifier: uuid().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    revokedAt: timestamp({ withTimezone: true }),
    ipAddress: text(),
    userAgent: text(),
    lastActiveAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_sessions_user_idx').on(t.userId)],
);

/** Single-use links (verify email, reset password); only a hash of the token is stored. */
export const actionTokens = pgTable(
  'action_tokens',
  {
    identifier: id(),
    userId: uuid()
      .notNull()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    purpose: tokenPurposeEnum().notNull(),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    consumedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('action_tokens_user_idx').on(t.userId, t.purpose)],
);

/** Email-change codes: 6 characters, 15 minutes, 5 tries (the attempts column counts wrong ones). */
export const emailChangeCodes = pgTable(
  'email_change_codes',
  {
    identifier: id(),
    userId: uuid()
      .notNull()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    newEmail: citext().notNull(),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    consumedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_change_codes_user_idx').on(t.userId),
    check('email_change_codes_attempts', sql`${t.attempts} BETWEEN 0 AND 5`),
  ],
);

/**
 * Failed sign-ins, sign-ups, code entries and mail requests, by key (e.g. "login:<ip>:<email>"). Counting rows in a
 * sliding window gives 429 after repeated failures and lifts by itself: there is no permanent lock-out. It lives in
 * Postgres so the limit holds across API instances.
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    identifier: id(),
    key: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('auth_attempts_key_created_idx').on(t.key, t.createdAt)],
);

/**
 * The read model other modules use for a person (migration 0030): who they are and how to address them, no
 * credentials. Only the user module touches `users` itself (owners.json).
 */
export const people = pgView('people', {
  identifier: uuid('identifier').notNull(),
  email: citext('email').notNull(),
  userType: userTypeEnum('user_type').notNull(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  countryCode: text('country_code'),
  locale: text('locale').notNull(),
  timezone: text('timezone'),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
}).existing();
