import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { analyticsConsents, analyticsConversions } from '../../db/schema/analytics.ts';

export type ConsentRow = typeof analyticsConsents.$inferSelect;
export type ConversionRow = typeof analyticsConversions.$inferSelect;

/** Conversion tracking's tables (decision 0067): Drizzle only; the rules are in conversions.ts. */
export const analyticsRepository = {
  async grant(db: Executor, row: ConsentRow): Promise<void> {
    await db
      .insert(analyticsConsents)
      .values(row)
      .onConflictDoUpdate({
        target: analyticsConsents.userId,
        set: { grantedAt: row.grantedAt, userAgent: row.userAgent, network: row.network },
      });
  },
  async withdraw(db: Executor, userId: string): Promise<void> {
    await db.delete(analyticsConsents).where(eq(analyticsConsents.userId, userId));
  },
  async consentOf(db: Executor, userId: string): Promise<ConsentRow | undefined> {
    const [row] = await db.select().from(analyticsConsents).where(eq(analyticsConsents.userId, userId)).limit(1);
    return row;
  },
  /** A conversion of a transaction; false when that transaction already has one (the key keeps it to one). */
  async record(
    db: Executor,
    row: Pick<ConversionRow, 'transactionId' | 'kind' | 'amount' | 'currencyCode'>,
  ): Promise<boolean> {
    const inserted = await db
      .insert(analyticsConversions)
      .values(row)
      .onConflictDoNothing()
      .returning({ transactionId: analyticsConversions.transactionId });
    return inserted.length > 0;
  },
  async conversion(db: Executor, transactionId: string): Promise<ConversionRow | undefined> {
    const [row] = await db
      .select()
      .from(analyticsConversions)
      .where(eq(analyticsConversions.transactionId, transactionId))
      .limit(1);
    return row;
  },
  /** Counts one more try of a queued conversion; undefined when there is none queued (sent, dropped or unknown). */
  async attempt(db: Executor, transactionId: string): Promise<ConversionRow | undefined> {
    const [row] = await db
      .update(analyticsConversions)
      .set({ attempts: sql`${analyticsConversions.attempts} + 1` })
      .where(and(eq(analyticsConversions.transactionId, transactionId), eq(analyticsConversions.status, 'queued')))
      .returning();
    return row;
  },
  /** Marks a queued conversion sent or dropped (a settled one stays as it is). */
  async settle(
    db: Executor,
    transactionId: string,
    status: 'sent' | 'dropped',
    note: string | null,
    at: Date,
  ): Promise<void> {
    await db
      .update(analyticsConversions)
      .set({ status, note, settledAt: at })
      .where(and(eq(analyticsConversions.transactionId, transactionId), eq(analyticsConversions.status, 'queued')));
  },
};
