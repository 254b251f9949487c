import { sql } from 'drizzle-orm';
import {
  check,
  date,
  integer,
  pgEnum,
  pgTable,
  pgView,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { index } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { files } from './files.ts';
import { states } from './reference.ts';
import { users } from './users.ts';

/**
 * Where an operator's review of one document stands (issue 45): `pending` until an operator decides on it (a new or
 * changed document of a verified practice, or every document of a practice under review), `approved`, `rejected`, or
 * `expired` once its expiry date has passed (set by the daily expiry job; a renewed document is reviewed again).
 */
export const documentReviewEnum = pgEnum('document_review', ['pending', 'approved', 'rejected', 'expired']);

/** The review columns every reviewed document carries (a qualification, an insurance file). */
const reviewColumns = () => ({
  /** The last day the document is valid (none: it does not expire). */
  expiresOn: date({ mode: 'string' }),
  review: documentReviewEnum().notNull().default('pending'),
  reviewedAt: timestamp({ withTimezone: true }),
  /** The last expiry reminder mailed: 30 or 7 (days before), null before the first; reset when the expiry changes. */
  remindedDays: smallint(),
});

export const qualificationKindEnum = pgEnum('qualification_kind', [
  'license',
  'education',
  'association',
  'certification',
  'conduct',
]);

/**
 * A provider's licence or other qualification (spec §3 "Credential", §5). A licence has a body and a credential number
 * (the contract checks its characters, decision 0057: letters, digits, spaces, dots, dashes, slashes); the other kinds have a title. Its files are in `qualification_files`.
 */
export const qualifications = pgTable(
  'qualifications',
  {
    identifier: id(),
    providerId: uuid()
      .notNull()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    kind: qualificationKindEnum().notNull(),
    body: text(),
    credentialNumber: text(),
    title: text(),
    /** The US state a licence is issued for (issue 45: a state is listed only with an approved licence for it). */
    stateId: uuid().references(() => states.identifier, { onDelete: 'restrict' }),
    ...reviewColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('qualifications_provider_idx').on(t.providerId, t.createdAt),
    check('qualifications_state_licence', sql`${t.stateId} IS NULL OR ${t.kind} = 'license'`),
    check('qualifications_reminded', sql`${t.remindedDays} IS NULL OR ${t.remindedDays} IN (30, 7)`),
    check(
      'qualifications_details',
      sql`CASE WHEN ${t.kind} = 'license'
        THEN ${t.body} IS NOT NULL AND length(${t.body}) BETWEEN 1 AND 120 AND length(${t.credentialNumber}) BETWEEN 1 AND 120 AND ${t.credentialNumber} !~ '[[:cntrl:]<>]' AND ${t.title} IS NULL
        ELSE ${t.title} IS NOT NULL AND length(${t.title}) BETWEEN 1 AND 120 AND ${t.body} IS NULL AND ${t.credentialNumber} IS NULL END`,
    ),
  ],
);

/** The files of a qualification, in the order added (a replacement keeps its place); a file belongs to one only. */
export const qualificationFiles = pgTable(
  'qualification_files',
  {
    fileId: uuid()
      .primaryKey()
      .references(() => files.identifier, { onDelete: 'cascade' }),
    qualificationId: uuid()
      .notNull()
      .references(() => qualifications.identifier, { onDelete: 'cascade' }),
    position: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('qualification_files_position').on(t.qualificationId, t.position),
    check('qualification_files_position_positive', sql`${t.position} >= 0`),
  ],
);

/** A provider's indemnity insurance files (spec §3 "Provider insurance: list insuranceFiles"). */
export const insuranceFiles = pgTable(
  'insurance_files',
  {
    fileId: uuid()
      .primaryKey()
      .references(() => files.identifier, { onDelete: 'cascade' }),
    providerId: uuid()
      .notNull()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    ...reviewColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    index('insurance_files_provider_idx').on(t.providerId, t.createdAt),
    check('insurance_files_reminded', sql`${t.remindedDays} IS NULL OR ${t.remindedDays} IN (30, 7)`),
  ],
);

/**
 * The credentials module's read model of its reviews (migration 0031): every licence, other qualification and
 * insurance file of a provider with where its review stands and when it expires. Verification builds its queue,
 * practice list and desk from it; practice-details lists a state only with an approved licence for it.
 */
export const credentialReviews = pgView('credential_reviews', {
  documentId: uuid('document_id').notNull(),
  providerId: uuid('provider_id').notNull(),
  kind: text('kind').notNull(),
  stateId: uuid('state_id'),
  expiresOn: date('expires_on', { mode: 'string' }),
  review: documentReviewEnum('review').notNull(),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
}).existing();
