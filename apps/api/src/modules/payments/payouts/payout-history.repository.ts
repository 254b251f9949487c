import { count, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { payoutBatches, payoutRecipients, payouts } from '../../../db/schema/payouts.ts';
import { people } from '../../../db/schema/users.ts';
import type { PayoutBatchRow } from './payout-batches.repository.ts';

/** A batch item as the operator's history shows it: with the provider's own name (the user module's `people`). */
export interface HistoryItemRow {
  identifier: string;
  batchId: string;
  reference: string;
  providerId: string;
  amount: number;
  currencyCode: string;
  status: 'started' | 'paid' | 'failed' | 'returned';
  accountName: string;
  firstName: string | null;
  lastName: string | null;
}

/** The operator's payouts page (issue 46): the batches made so far, newest first, a page at a time. */
export const payoutHistoryRepository = {
  async batchPage(db: Executor, limit: number, offset: number): Promise<{ rows: PayoutBatchRow[]; total: number }> {
    const rows = await db
      .select()
      .from(payoutBatches)
      .orderBy(desc(payoutBatches.createdAt), desc(payoutBatches.identifier))
      .limit(limit)
      .offset(offset);
    const [counted] = await db.select({ n: count() }).from(payoutBatches);
    return { rows, total: counted?.n ?? 0 };
  },
  async itemsOf(db: Executor, batchIds: string[]): Promise<HistoryItemRow[]> {
    if (batchIds.length === 0) return [];
    const rows = await db
      .select({
        identifier: payouts.identifier,
        batchId: payouts.batchId,
        reference: payouts.reference,
        providerId: payouts.providerId,
        amount: payouts.amount,
        currencyCode: payouts.currencyCode,
        status: payouts.status,
        accountName: payoutRecipients.accountName,
        firstName: people.firstName,
        lastName: people.lastName,
      })
      .from(payouts)
      .innerJoin(payoutRecipients, eq(payoutRecipients.identifier, payouts.recipientId))
      .leftJoin(people, eq(people.identifier, payouts.providerId))
      .where(inArray(payouts.batchId, batchIds))
      .orderBy(payouts.reference);
    return rows.map((r) => ({ ...r, batchId: r.batchId! }));
  },
};
