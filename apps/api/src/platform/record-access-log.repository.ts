import type { Executor } from '../db/client.ts';
import { recordAccessLog } from '../db/schema/access-log.ts';

/** The record access log's one write (Drizzle only here); platform/record-access-log.ts says who calls it and how. */
export type NewRecordAccessRow = typeof recordAccessLog.$inferInsert;

export const recordAccessLogRepository = {
  async insert(ex: Executor, row: NewRecordAccessRow): Promise<void> {
    await ex.insert(recordAccessLog).values(row);
  },
};
