import { sql } from 'drizzle-orm';
import { check, index, pgEnum, pgTable, pgView, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { users } from './users.ts';

export const verificationStatusEnum = pgEnum('verification_status', ['submitted', 'approved', 'rejected', 'suspended']);

/** What an operator decided on a practice (issue 45's history on the desk). */
export const verificationDecisionKindEnum = pgEnum('verification_decision_kind', [
  'approved',
  'rejected',
  'changes_approved',
  'changes_rejected',
  'suspended',
  'reinstated',
]);

/**
 * A provider's practice verification (issue 14, decision 0026): no row means "not submitted". Submitting sets
 * `submitted`; an operator's decision sets `approved` or `rejected` with the operator's note (required to reject).
 */
export const providerVerifications = pgTable(
  'provider_verifications',
  {
    providerId: uuid()
      .primaryKey()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    status: verificationStatusEnum().notNull(),
    submittedAt: timestamp({ withTimezone: true }).notNull(),
    decidedAt: timestamp({ withTimezone: true }),
    decidedBy: uuid().references(() => users.identifier, { onDelete: 'set null' }),
    note: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('provider_verifications_decided', sql`(${t.status} = 'submitted') = (${t.decidedAt} IS NULL)`),
    check(
      'provider_verifications_reject_note',
      sql`${t.status}::text NOT IN ('rejected', 'suspended') OR length(btrim(${t.note})) > 0`,
    ),
    check('provider_verifications_note_length', sql`${t.note} IS NULL OR length(${t.note}) <= 2000`),
    index('provider_verifications_queue_idx')
      .on(t.submittedAt)
      .where(sql`${t.status} = 'submitted'`),
    // "Is this provider verified?" from the index alone: the directory's search joins it for every listed row.
    index('provider_verifications_approved_idx')
      .on(t.providerId)
      .where(sql`${t.status} = 'approved'`),
  ],
);

/**
 * Every decision an operator made on a practice, oldest first: append-only (the desk shows this history; a later
 * decision never rewrites an earlier one). A rejection and a suspension carry their reason.
 */
export const verificationDecisions = pgTable(
  'verification_decisions',
  {
    identifier: id(),
    providerId: uuid()
      .notNull()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    operatorId: uuid().references(() => users.identifier, { onDelete: 'set null' }),
    kind: verificationDecisionKindEnum().notNull(),
    note: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('verification_decisions_provider_idx').on(t.providerId, t.createdAt),
    check('verification_decisions_note_length', sql`${t.note} IS NULL OR length(${t.note}) <= 2000`),
    check(
      'verification_decisions_reason',
      sql`${t.kind} NOT IN ('rejected', 'changes_rejected', 'suspended') OR length(btrim(${t.note})) > 0`,
    ),
  ],
);

/** The read model of who may offer slots (migration 0030): providers whose practice is approved. */
export const approvedProviders = pgView('approved_providers', { providerId: uuid('provider_id').notNull() }).existing();
