import { and, asc, eq, getTableName, isNotNull, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { dataExports } from '../../db/schema/exports.ts';
import { files } from '../../db/schema/files.ts';
import { insuranceFiles, qualificationFiles } from '../../db/schema/credentials.ts';
import { chatAttachments } from '../../db/schema/messages.ts';
import { notes } from '../../db/schema/notes.ts';
import { clientProfiles, providerProfiles } from '../../db/schema/profiles.ts';

/**
 * EVERY column that points at a `files` row, in one place. A feature that stores a file id (credentials, insurance,
 * note attachments, chat files...) adds its column here, or the orphan clean-up deletes its files after a day.
 * files-references.test.ts fails while a foreign key to `files` exists in the database that this list does not name.
 */
export const fileReferences: ReadonlyArray<{ table: PgTable; column: PgColumn }> = [
  { table: clientProfiles, column: clientProfiles.photoFileId },
  { table: providerProfiles, column: providerProfiles.photoFileId },
  { table: qualificationFiles, column: qualificationFiles.fileId },
  { table: insuranceFiles, column: insuranceFiles.fileId },
  { table: notes, column: notes.fileId },
  { table: chatAttachments, column: chatAttachments.fileId },
  { table: dataExports, column: dataExports.fileId },
];

export type FileRow = typeof files.$inferSelect;
export type NewFile = typeof files.$inferInsert;

/**
 * `fileReferences` as SQL names ("client_profiles.photo_file_id"), to compare with the database's foreign keys. The
 * schema names columns in camelCase and the database client maps them to snake_case (casing: 'snake_case').
 */
const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
export const fileReferenceNames = (): string[] =>
  fileReferences.map(({ table, column }) => `${getTableName(table)}.${snakeCase(column.name)}`).sort();

export const filesRepository = {
  async insert(db: Executor, values: NewFile): Promise<FileRow> {
    const [row] = await db.insert(files).values(values).returning();
    return row!;
  },
  async findLive(db: Executor, id: string): Promise<FileRow | undefined> {
    const [row] = await db
      .select()
      .from(files)
      .where(and(eq(files.identifier, id), isNull(files.deletedAt)))
      .limit(1);
    return row;
  },
  /** Live or deleted: removing twice still finds the key, so the bytes go even if a first attempt failed half-way. */
  async findAny(db: Executor, id: string): Promise<FileRow | undefined> {
    const [row] = await db.select().from(files).where(eq(files.identifier, id)).limit(1);
    return row;
  },
  async markDeleted(db: Executor, id: string, now: Date): Promise<void> {
    await db
      .update(files)
      .set({ deletedAt: now })
      .where(and(eq(files.identifier, id), isNull(files.deletedAt)));
  },
  /** The row itself, once its bytes are gone (account deletion, the orphan clean-up). */
  async deleteRow(db: Executor, id: string): Promise<void> {
    await db.delete(files).where(eq(files.identifier, id));
  },
  /**
   * Files nothing references (no column of `fileReferences` names them) that were marked deleted or are older than
   * `createdBefore`: an upload whose profile transaction never ran, or a removal whose bytes could not go at the time.
   */
  async orphans(db: Executor, createdBefore: Date, limit: number): Promise<string[]> {
    const unreferenced = fileReferences.map(({ table, column }) =>
      notExists(
        db
          .select({ one: sql`1` })
          .from(table)
          .where(eq(column, files.identifier)),
      ),
    );
    const rows = await db
      .select({ identifier: files.identifier })
      .from(files)
      .where(and(or(isNotNull(files.deletedAt), lt(files.createdAt, createdBefore)), ...unreferenced))
      .orderBy(asc(files.createdAt))
      .limit(limit);
    return rows.map((r) => r.identifier);
  },
};
