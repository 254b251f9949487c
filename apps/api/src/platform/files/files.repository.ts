import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { files } from '../../db/schema/files.ts';

export type FileRow = typeof files.$inferSelect;
export type NewFile = typeof files.$inferInsert;

export const filesRepository = {
  async insert(db: Executor, values: NewFile): Promise<FileRow> {
    const [row] = await db.insert(files).values(values).returning();
    return row!;
  },
  async findLive(db: Executor, id: string): Promise<FileRow | undefined> {
    const [row] = await db.select().from(files).where(and(eq(files.identifier, id), isNull(files.deletedAt))).limit(1);
    return row;
  },
  /** Live or deleted: removing twice still finds the key, so the bytes go even if a first attempt failed half-way. */
  async findAny(db: Executor, id: string): Promise<FileRow | undefined> {
    const [row] = await db.select().from(files).where(eq(files.identifier, id)).limit(1);
    return row;
  },
  async markDeleted(db: Executor, id: string, now: Date): Promise<void> {
    await db.update(files).set({ deletedAt: now }).where(and(eq(files.identifier, id), isNull(files.deletedAt)));
  },
  /** The row itself, once its bytes are gone (account deletion, the orphan clean-up). */
  async deleteRow(db: Executor, id: string): Promise<void> {
    await db.delete(files).where(eq(files.identifier, id));
  },
};
