import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgEnum, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { builtInNoteTemplateKeys, noteAccessActions, noteTypes } from '@therapy/contracts/notes';
import { bookings } from './bookings.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { files } from './files.ts';
import { users } from './users.ts';

export const noteTypeEnum = pgEnum('note_type', noteTypes);
export const noteAccessActionEnum = pgEnum('note_access_action', noteAccessActions);
export const builtInNoteTemplateEnum = pgEnum('note_template_builtin', builtInNoteTemplateKeys);

/**
 * A provider's own note templates (issue 47; decision 0056): a name and ordered section headings. Not health data
 * (no client is named), so not sealed. A note written from one keeps its sections even when the template is deleted.
 */
export const noteTemplates = pgTable(
  'note_templates',
  {
    identifier: id(),
    providerId: uuid()
      .notNull()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    name: text().notNull(),
    sections: jsonb().$type<string[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('note_templates_provider_idx').on(t.providerId, t.createdAt)],
);

/**
 * Session and client notes (issue 17; DESIGN.md §6 "Notes"; decision 0029): health data. Title, content and the file's
 * name are sealed with AES-256-GCM (platform/field-encryption.ts, bound to the note's id), the file's bytes too; the
 * database holds no note text. `key_id` names the key the row was sealed with, so a rotation finds what to re-seal.
 * A session note names its booking; every note names its client, so a client's page lists both kinds in one query.
 */
export const notes = pgTable(
  'notes',
  {
    identifier: id(),
    authorId: uuid()
      .notNull()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    type: noteTypeEnum().notNull(),
    bookingId: uuid().references(() => bookings.identifier, { onDelete: 'cascade' }),
    clientId: uuid()
      .notNull()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    keyId: smallint().notNull(),
    titleSealed: text().notNull(),
    contentSealed: text().notNull(),
    fileId: uuid().references(() => files.identifier, { onDelete: 'restrict' }),
    fileNameSealed: text(),
    fileSizeBytes: bigint({ mode: 'number' }),
    fileContentType: text(),
    /** Issue 47: the template it was written from, a built-in one or the provider's own (kept null when deleted). */
    builtInTemplate: builtInNoteTemplateEnum(),
    templateId: uuid().references(() => noteTemplates.identifier, { onDelete: 'set null' }),
    /** The sections as typed (JSON of heading and text, sealed); `content_sealed` holds the same as readable text. */
    sectionsSealed: text(),
    /** Signed and locked (issue 47): a trigger refuses changes of the sealed columns and deletes from then on. */
    signedAt: timestamp({ withTimezone: true }),
    signedBy: uuid().references(() => users.identifier, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('notes_author_client_idx').on(t.authorId, t.clientId, t.createdAt),
    index('notes_booking_idx').on(t.bookingId),
    index('notes_file_idx').on(t.fileId),
    check('notes_booking_matches_type', sql`(${t.type} = 'booking') = (${t.bookingId} IS NOT NULL)`),
    check(
      'notes_file_complete',
      sql`(${t.fileId} IS NULL) = (${t.fileNameSealed} IS NULL) AND (${t.fileId} IS NULL) = (${t.fileSizeBytes} IS NULL) AND (${t.fileId} IS NULL) = (${t.fileContentType} IS NULL)`,
    ),
    check('notes_key_id', sql`${t.keyId} BETWEEN 1 AND 255`),
    check('notes_one_template', sql`${t.builtInTemplate} IS NULL OR ${t.templateId} IS NULL`),
    check('notes_signed_complete', sql`${t.signedAt} IS NOT NULL OR ${t.signedBy} IS NULL`),
  ],
);

/**
 * Dated addenda of a signed note (issue 47): sealed like notes (bound to the addendum's id), append-only (a trigger
 * refuses updates and deletes, except when the author's account is erased).
 */
export const noteAddenda = pgTable(
  'note_addenda',
  {
    identifier: id(),
    noteId: uuid()
      .notNull()
      .references(() => notes.identifier, { onDelete: 'cascade' }),
    authorId: uuid()
      .notNull()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    keyId: smallint().notNull(),
    contentSealed: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('note_addenda_note_idx').on(t.noteId, t.createdAt)],
);

/**
 * Every read, write, delete and download of a note (issue 17): who, what, when, from which address and browser.
 * Append-only: the database refuses updates, deletes and truncation (trigger in migration 0020). The note's id is kept
 * without a foreign key, so the log outlives the note; the actor is kept while the account exists.
 */
export const noteAccessLog = pgTable(
  'note_access_log',
  {
    identifier: id(),
    noteId: uuid().notNull(),
    authorId: uuid().notNull(),
    actorId: uuid(),
    action: noteAccessActionEnum().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ipAddress: text(),
    userAgent: text(),
  },
  (t) => [
    index('note_access_log_note_idx').on(t.noteId, t.at),
    index('note_access_log_author_idx').on(t.authorId, t.at),
  ],
);
