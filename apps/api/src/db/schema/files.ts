import { sql } from 'drizzle-orm';
import { bigint, check, index, pgEnum, pgTable, pgView, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { users } from './users.ts';

export const filePurposeEnum = pgEnum('file_purpose', [
  'profile_picture',
  'credential',
  'insurance',
  'note',
  'chat',
  'export',
]);

/**
 * Every stored file: the bytes live in the storage backend (local folder or S3) under `storage_key`; this row says
 * whose they are and what they are (type sniffed from the bytes, never taken from the name). Files are handed out
 * only through short-lived signed URLs after an access check on this row.
 */
export const files = pgTable(
  'files',
  {
    identifier: id(),
    ownerUserId: uuid()
      .notNull()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    purpose: filePurposeEnum().notNull(),
    storageKey: text().notNull().unique(),
    contentType: text().notNull(),
    sizeBytes: bigint({ mode: 'number' }).notNull(),
    sha256: text().notNull(),
    originalName: text(),
    createdAt: createdAt(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('files_owner_idx').on(t.ownerUserId, t.purpose),
    // 10 MB, plus the 29 bytes a sealed (encrypted) note file carries with it; a data export (written by the server,
    // not uploaded) may be larger. (As text: a value added to an enum cannot be used in the transaction that adds it.)
    check(
      'files_size_positive',
      sql`${t.sizeBytes} > 0 AND (${t.purpose}::text = 'export' OR ${t.sizeBytes} <= 10485760 + 64)`,
    ),
  ],
);

/** The read model modules that attach files use (migration 0030): what a file is, never its storage key. */
export const fileFacts = pgView('file_facts', {
  identifier: uuid('identifier').notNull(),
  ownerUserId: uuid('owner_user_id').notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  originalName: text('original_name'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
}).existing();

/**
 * Every file id some module's row points at (migration 0030): what the orphan clean-up must keep. The modules' tables
 * feed it; the platform reads only this.
 */
export const fileReferences = pgView('file_references', { fileId: uuid('file_id').notNull() }).existing();
