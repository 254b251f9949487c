import type { Executor } from '../db/client.ts';
import { recordAccessLog } from '../db/schema/access-log.ts';

/** The record access log's one write (Drizzle only here); platform/record-access-log.ts says who calls it and how. */
export type NewRecordAccessRow = typeof recordAccessLog.$inferInsert;

export const recordAccessLogRepository = {
  /** One statement for any number of lines (a list of questionnaires read at once). */
  async insert(ex: Executor, rows: NewRecordAccessRow[]): Promise<void> {
    if (rows.length > 0) await ex.insert(recordAccessLog).values(rows);
  },
};
