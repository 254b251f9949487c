import { and, asc, count, desc, eq, inArray, lt, sum } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { payoutDestinations } from '../../../db/schema/bank-details.ts';
import { payoutRecipients, payouts } from '../../../db/schema/payouts.ts';

export type PayoutRecipientRow = typeof payoutRecipients.$inferSelect;
export type PayoutRow = typeof payouts.$inferSelect;
export type PayoutStatus = PayoutRow['status'];

export const payoutsRepository = {
  /** Where a provider's payouts go: the recipient of their current bank details (the bank-details module's view). */
  async destinationOf(db: Executor, providerId: string) {
    const [row] = await db
      .select({ recipientId: payoutDestinations.recipientId, currencyCode: payoutDestinations.currencyCode })
      .from(payoutDestinations)
      .where(eq(payoutDestinations.providerId, providerId))
      .limit(1);
    return row;
  },
  /** The account a provider's payouts go to (their bank details'), masked: bank name and last four digits; undefined: none. */
  async destinationAccountOf(db: Executor, providerId: string) {
    const [row] = await db
      .select({
        currencyCode: payoutDestinations.currencyCode,
        bankName: payoutDestinations.bankName,
        accountLast4: payoutDestinations.accountNumberLast4,
      })
      .from(payoutDestinations)
      .where(eq(payoutDestinations.providerId, providerId))
      .limit(1);
    return row;
  },
  /** A provider's payouts on their way (`started`) and paid, summed per currency. */
  async totalsOfProvider(db: Executor, providerId: string) {
    const rows = await db
      .select({ currencyCode: payouts.currencyCode, status: payouts.status, total: sum(payouts.amount) })
      .from(payouts)
      .where(and(eq(payouts.providerId, providerId), inArray(payouts.status, ['started', 'paid'])))
      .groupBy(payouts.currencyCode, payouts.status);
    return rows.map((r) => ({ currencyCode: r.currencyCode, status: r.status, total: Number(r.total ?? 0) }));
  },
  /** One page of a provider's payouts, newest first, with the account they went to; and the total. */
  async pageOfProvider(db: Executor, providerId: string, page: number, pageSize: number) {
    const rows = await db
      .select({ payout: payouts, bankName: payoutRecipients.bankName, accountNumber: payoutRecipients.accountNumber })
      .from(payouts)
      .innerJoin(payoutRecipients, eq(payoutRecipients.identifier, payouts.recipientId))
      .where(eq(payouts.providerId, providerId))
      .orderBy(desc(payouts.createdAt), desc(payouts.identifier))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const [total] = await db.select({ n: count() }).from(payouts).where(eq(payouts.providerId, providerId));
    return { rows, total: total?.n ?? 0 };
  },
  /** The recipient (a gateway returns the same code for the same account: then the first row is kept). */
  async ensureRecipient(db: Executor, row: typeof payoutRecipients.$inferInsert): Promise<PayoutRecipientRow> {
    await db
      .insert(payoutRecipients)
      .values(row)
      .onConflictDoNothing({ target: [payoutRecipients.gateway, payoutRecipients.recipientCode] });
    const [found] = await db
      .select()
      .from(payoutRecipients)
      .where(and(eq(payoutRecipients.gateway, row.gateway), eq(payoutRecipients.recipientCode, row.recipientCode)));
    return found!;
  },
  async findRecipient(db: Executor, identifier: string): Promise<PayoutRecipientRow | undefined> {
    const [row] = await db.select().from(payoutRecipients).where(eq(payoutRecipients.identifier, identifier));
    return row;
  },
  async insertPayout(db: Executor, row: typeof payouts.$inferInsert): Promise<PayoutRow> {
    const [created] = await db.insert(payouts).values(row).returning();
    return created!;
  },
  async findByReference(db: Executor, reference: string): Promise<PayoutRow | undefined> {
    const [row] = await db.select().from(payouts).where(eq(payouts.reference, reference));
    return row;
  },
  /** The payout, locked until the transaction ends: its state changes happen one after another. */
  async lockByReference(db: Executor, reference: string): Promise<PayoutRow | undefined> {
    const [row] = await db.select().from(payouts).where(eq(payouts.reference, reference)).for('update');
    return row;
  },
  /** Moves a payout on, only from the given states; undefined when it was in none of them. */
  async move(
    db: Executor,
    identifier: string,
    from: readonly PayoutStatus[],
    to: {
      status: PayoutStatus;
      transferCode?: string | null;
      failureReason?: string | null;
      returnTransactionId?: string;
    },
  ): Promise<PayoutRow | undefined> {
    const [row] = await db
      .update(payouts)
      .set(to)
      .where(and(eq(payouts.identifier, identifier), inArray(payouts.status, [...from])))
      .returning();
    return row;
  },
  /** A gateway's payouts still started before an instant, oldest first (batch items are the operator's, never swept). */
  async listStarted(db: Executor, gateway: string, before: Date, limit: number): Promise<PayoutRow[]> {
    return db
      .select()
      .from(payouts)
      .where(and(eq(payouts.gateway, gateway), eq(payouts.status, 'started'), lt(payouts.createdAt, before)))
      .orderBy(asc(payouts.createdAt))
      .limit(limit);
  },
  async setTransferCode(db: Executor, identifier: string, transferCode: string): Promise<void> {
    await db.update(payouts).set({ transferCode }).where(eq(payouts.identifier, identifier));
  },
};
