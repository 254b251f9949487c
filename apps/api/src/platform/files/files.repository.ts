import { and, asc, eq, isNotNull, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { fileReferences, files } from '../../db/schema/files.ts';

export type FileRow = typeof files.$inferSelect;
export type NewFile = typeof files.$inferInsert;

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
  /** Marks every live file of the owner deleted (account deletion); returns the ids of all the owner's files. */
  async markAllOfOwnerDeleted(db: Executor, ownerUserId: string, now: Date): Promise<string[]> {
    await db
      .update(files)
      .set({ deletedAt: now })
      .where(and(eq(files.ownerUserId, ownerUserId), isNull(files.deletedAt)));
    const owned = await db
      .select({ identifier: files.identifier })
      .from(files)
      .where(eq(files.ownerUserId, ownerUserId));
    return owned.map((r) => r.identifier);
  },
  /** The row itself, once its bytes are gone (account deletion, the orphan clean-up). */
  async deleteRow(db: Executor, id: string): Promise<void> {
    await db.delete(files).where(eq(files.identifier, id));
  },
  /**
   * Files nothing references (the `file_references` view has them from every column that points at a file) that were marked deleted or are older than
   * `createdBefore`: an upload whose profile transaction never ran, or a removal whose bytes could not go at the time.
   */
  async orphans(db: Executor, createdBefore: Date, limit: number): Promise<string[]> {
    const unreferenced = notExists(
      db
        .select({ one: sql`1` })
        .from(fileReferences)
        .where(eq(fileReferences.fileId, files.identifier)),
    );
    const rows = await db
      .select({ identifier: files.identifier })
      .from(files)
      .where(and(or(isNotNull(files.deletedAt), lt(files.createdAt, createdBefore)), unreferenced))
      .orderBy(asc(files.createdAt))
      .limit(limit);
    return rows.map((r) => r.identifier);
  },
};
