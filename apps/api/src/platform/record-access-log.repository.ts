import type { Executor } from '../db/client.ts';
import { and, eq } from 'drizzle-orm';
import { recordAccessLog } from '../db/schema/access-log.ts';

/** The record access log's one write (Drizzle only here); platform/record-access-log.ts says who calls it and how. */
export type NewRecordAccessRow = typeof recordAccessLog.$inferInsert;

export const recordAccessLogRepository = {
  /** One statement for any number of lines (a list of questionnaires read at once). */
  async insert(ex: Executor, rows: NewRecordAccessRow[]): Promise<void> {
    if (rows.length > 0) await ex.insert(recordAccessLog).values(rows);
  },
  /** A practice record became the person's account (decision 0053): the log names the account from now on. */
  async repointClient(ex: Executor, recordId: string, accountId: string): Promise<void> {
    await ex.update(recordAccessLog).set({ clientId: accountId }).where(eq(recordAccessLog.clientId, recordId));
    await ex
      .update(recordAccessLog)
      .set({ recordId: accountId })
      .where(and(eq(recordAccessLog.recordType, 'client'), eq(recordAccessLog.recordId, recordId)));
  },
};
