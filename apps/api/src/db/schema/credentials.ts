import { sql } from 'drizzle-orm';
import { check, integer, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { index } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { files } from './files.ts';
import { users } from './users.ts';

export const qualificationKindEnum = pgEnum('qualification_kind', [
  'license',
  'education',
  'association',
  'certification',
  'conduct',
]);

/**
 * A provider's licence or other qualification (spec §3 "Credential", §5). A licence has a body and a credential number
 * (letters, digits, dashes, slashes); the other kinds have a title. Its files are in `qualification_files`.
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('qualifications_provider_idx').on(t.providerId, t.createdAt),
    check(
      'qualifications_details',
      sql`CASE WHEN ${t.kind} = 'license'
        THEN ${t.body} IS NOT NULL AND length(${t.body}) BETWEEN 1 AND 120 AND ${t.credentialNumber} ~ '^[A-Za-z0-9/-]{1,120}$' AND ${t.title} IS NULL
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
    createdAt: createdAt(),
  },
  (t) => [index('insurance_files_provider_idx').on(t.providerId, t.createdAt)],
);
