import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { stripeDisputes, stripeRefunds } from '../../db/schema/stripe-connect.ts';

export type StripeDisputeRow = typeof stripeDisputes.$inferSelect;

/**
 * What Stripe took back from top-ups (decision 0052): each refund once, and what was held of a payment while a
 * dispute was open.
 */
export const stripeReversalsRepository = {
  /** Records a refund the first time it is seen (with its reversal, in one transaction); false when known already. */
  async recordRefund(db: Executor, row: typeof stripeRefunds.$inferInsert): Promise<boolean> {
    const inserted = await db
      .insert(stripeRefunds)
      .values(row)
      .onConflictDoNothing({ target: stripeRefunds.refundId })
      .returning({ id: stripeRefunds.identifier });
    return inserted.length > 0;
  },
  /**
   * Records a dispute the first time it is seen; false when it is known already. Concurrent callers wait on the
   * unique key: the second sees the first's row once it commits (or inserts its own if the first rolled back).
   */
  async record(db: Executor, row: typeof stripeDisputes.$inferInsert): Promise<boolean> {
    const inserted = await db
      .insert(stripeDisputes)
      .values(row)
      .onConflictDoNothing({ target: stripeDisputes.disputeId })
      .returning({ id: stripeDisputes.identifier });
    return inserted.length > 0;
  },
  async lock(db: Executor, disputeId: string): Promise<StripeDisputeRow | undefined> {
    const [row] = await db.select().from(stripeDisputes).where(eq(stripeDisputes.disputeId, disputeId)).for('update');
    return row;
  },
  /** Closes a held dispute; false when it was not held (closed already). */
  async close(db: Executor, disputeId: string, status: 'won' | 'lost', at: Date): Promise<boolean> {
    const rows = await db
      .update(stripeDisputes)
      .set({ status, closedAt: at })
      .where(and(eq(stripeDisputes.disputeId, disputeId), eq(stripeDisputes.status, 'held')))
      .returning({ id: stripeDisputes.identifier });
    return rows.length > 0;
  },
};
