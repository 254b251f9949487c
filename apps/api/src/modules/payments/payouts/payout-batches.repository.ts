import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { payoutBatches, payoutRecipients, payouts } from '../../../db/schema/payouts.ts';
import type { PayoutRecipientRow } from './payouts.repository.ts';

export type PayoutBatchRow = typeof payoutBatches.$inferSelect;
export interface BatchItemRow {
  identifier: string;
  reference: string;
  providerId: string;
  amount: number;
  currencyCode: string;
  status: 'started' | 'paid' | 'failed' | 'returned';
  accountName: string;
  accountNumber: string;
  bankCode: string;
  /** USD (ACH) accounts: checking or savings. */
  accountType: 'checking' | 'savings' | null;
}

export const BANK_FILE_GATEWAY = 'bank-file';

export const payoutBatchesRepository = {
  /** Each provider's newest bank account for a batch currency. */
  async bankRecipients(db: Executor, currencyCode: string): Promise<PayoutRecipientRow[]> {
    const rows = await db
      .select()
      .from(payoutRecipients)
      .where(and(eq(payoutRecipients.gateway, BANK_FILE_GATEWAY), eq(payoutRecipients.currencyCode, currencyCode)))
      .orderBy(asc(payoutRecipients.providerId), desc(payoutRecipients.createdAt), desc(payoutRecipients.identifier));
    return rows.filter((r, i) => i === 0 || rows[i - 1]!.providerId !== r.providerId);
  },
  async insertBatch(db: Executor, row: typeof payoutBatches.$inferInsert): Promise<PayoutBatchRow> {
    const [created] = await db.insert(payoutBatches).values(row).returning();
    return created!;
  },
  async setTotals(db: Executor, identifier: string, itemCount: number, total: number): Promise<void> {
    await db.update(payoutBatches).set({ itemCount, total }).where(eq(payoutBatches.identifier, identifier));
  },
  async findBatch(db: Executor, identifier: string): Promise<PayoutBatchRow | undefined> {
    const [row] = await db.select().from(payoutBatches).where(eq(payoutBatches.identifier, identifier));
    return row;
  },
  async items(db: Executor, batchId: string): Promise<BatchItemRow[]> {
    return db
      .select({
        identifier: payouts.identifier,
        reference: payouts.reference,
        providerId: payouts.providerId,
        amount: payouts.amount,
        currencyCode: payouts.currencyCode,
        status: payouts.status,
        accountName: payoutRecipients.accountName,
        accountNumber: payoutRecipients.accountNumber,
        bankCode: payoutRecipients.bankCode,
        accountType: payoutRecipients.accountType,
      })
      .from(payouts)
      .innerJoin(payoutRecipients, eq(payoutRecipients.identifier, payouts.recipientId))
      .where(eq(payouts.batchId, batchId))
      .orderBy(asc(payouts.reference));
  },
  /** Marks the batch paid once (the first time wins) and its started items paid; returns whether anything changed. */
  async markPaid(db: Executor, batchId: string, at: Date): Promise<void> {
    await db
      .update(payoutBatches)
      .set({ paidAt: at })
      .where(and(eq(payoutBatches.identifier, batchId), isNull(payoutBatches.paidAt)));
    await db
      .update(payouts)
      .set({ status: 'paid' })
      .where(and(eq(payouts.batchId, batchId), inArray(payouts.status, ['started'])));
  },
  /** A batch item by id, locked for the change that follows. */
  async lockItem(db: Executor, identifier: string) {
    const [row] = await db
      .select()
      .from(payouts)
      .where(and(eq(payouts.identifier, identifier), sql`${payouts.batchId} IS NOT NULL`))
      .for('update');
    return row;
  },
};
