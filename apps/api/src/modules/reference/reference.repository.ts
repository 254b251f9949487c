import { asc, eq } from 'drizzle-orm';
import type { ReferenceList } from '@therapy/contracts/reference';
import type { Executor } from '../../db/client.ts';
import { referenceItems } from '../../db/schema/reference.ts';

export type ReferenceItemRow = typeof referenceItems.$inferSelect;

export const referenceRepository = {
  /** A list's items in picker order. */
  async listItems(db: Executor, list: ReferenceList): Promise<ReferenceItemRow[]> {
    return db
      .select()
      .from(referenceItems)
      .where(eq(referenceItems.list, list))
      .orderBy(asc(referenceItems.sortOrder), asc(referenceItems.code));
  },
};
