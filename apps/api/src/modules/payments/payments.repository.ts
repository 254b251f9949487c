import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { gatewayEvents, payments, virtualAccounts } from '../../db/schema/payments.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
export type VirtualAccountRow = typeof virtualAccounts.$inferSelect;
export type GatewayEventRow = typeof gatewayEvents.$inferSelect;

export const paymentsRepository = {
  async insert(db: Executor, values: NewPayment): Promise<PaymentRow | undefined> {
    const [row] = await db.insert(payments).values(values).onConflictDoNothing().returning();
    return row;
  },
  async byIdempotencyKey(db: Executor, userId: string, key: string): Promise<PaymentRow | undefined> {
    const [row] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, key)))
      .limit(1);
    return row;
  },
  async ownedById(db: Executor, userId: string, id: string): Promise<PaymentRow | undefined> {
    const [row] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.identifier, id), eq(payments.userId, userId)))
      .limit(1);
    return row;
  },
  /** The payment locked for this transaction: its settlement and a status check cannot interleave. */
  async lockByReference(db: Executor, gateway: string, reference: string): Promise<PaymentRow | undefined> {
    const [row] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.gateway, gateway), eq(payments.reference, reference)))
      .limit(1)
      .for('update');
    return row;
  },
  async update(
    db: Executor,
    id: string,
    values: Partial<Pick<PaymentRow, 'status' | 'authorizationUrl' | 'ledgerTransactionId' | 'reference'>>,
  ): Promise<void> {
    await db.update(payments).set(values).where(eq(payments.identifier, id));
  },
  /** The payment locked for this transaction, by its id (a dispute given back after it was held). */
  async lockById(db: Executor, id: string): Promise<PaymentRow | undefined> {
    const [row] = await db.select().from(payments).where(eq(payments.identifier, id)).limit(1).for('update');
    return row;
  },
  /** Adds a reversal to a (locked) credited payment; the check constraint keeps it within the payment's amount. */
  async addReversed(db: Executor, id: string, amount: number): Promise<void> {
    await db
      .update(payments)
      .set({ reversedAmount: sql`${payments.reversedAmount} + ${amount}` })
      .where(eq(payments.identifier, id));
  },
  /** Touches a pending payment (its `updatedAt`), so status polls ask the gateway at most every few seconds. */
  async touch(db: Executor, id: string): Promise<void> {
    await db.update(payments).set({ updatedAt: new Date() }).where(eq(payments.identifier, id));
  },
  /** Pending payments started before `before`, oldest first. */
  async stalePending(db: Executor, before: Date, limit: number): Promise<PaymentRow[]> {
    return db
      .select()
      .from(payments)
      .where(and(eq(payments.status, 'pending'), lt(payments.createdAt, before)))
      .orderBy(asc(payments.createdAt))
      .limit(limit);
  },
  /** Gives up on a payment that is still pending (never one that was settled meanwhile). */
  async abandonIfPending(db: Executor, id: string): Promise<void> {
    await db
      .update(payments)
      .set({ status: 'abandoned' })
      .where(and(eq(payments.identifier, id), eq(payments.status, 'pending')));
  },
  async virtualAccount(db: Executor, userId: string, gateway: string): Promise<VirtualAccountRow | undefined> {
    const [row] = await db
      .select()
      .from(virtualAccounts)
      .where(and(eq(virtualAccounts.userId, userId), eq(virtualAccounts.gateway, gateway)))
      .limit(1);
    return row;
  },
  /** The assigned account of a customer: whose wallet a transfer to it goes to. */
  async virtualAccountByCustomer(
    db: Executor,
    gateway: string,
    customerCode: string,
  ): Promise<VirtualAccountRow | undefined> {
    const [row] = await db
      .select()
      .from(virtualAccounts)
      .where(
        and(
          eq(virtualAccounts.gateway, gateway),
          eq(virtualAccounts.customerCode, customerCode),
          eq(virtualAccounts.status, 'assigned'),
        ),
      )
      .limit(1);
    return row;
  },
  /** The account requested with this email (the assignment event names the customer by it). */
  async virtualAccountRequestedBy(
    db: Executor,
    gateway: string,
    email: string,
  ): Promise<VirtualAccountRow | undefined> {
    const [row] = await db
      .select()
      .from(virtualAccounts)
      .where(and(eq(virtualAccounts.gateway, gateway), eq(virtualAccounts.requestedEmail, email.trim().toLowerCase())))
      .orderBy(desc(virtualAccounts.updatedAt))
      .limit(1);
    return row;
  },
  /** A pending request, once per user and gateway; undefined when one exists already (pending, assigned or failed). */
  async insertPendingVirtualAccount(
    db: Executor,
    values: { userId: string; gateway: string; currencyCode: string; requestedEmail: string },
  ): Promise<VirtualAccountRow | undefined> {
    const [row] = await db
      .insert(virtualAccounts)
      .values({ ...values, requestedEmail: values.requestedEmail.trim().toLowerCase(), status: 'pending' })
      .onConflictDoNothing()
      .returning();
    return row;
  },
  /** failed -> pending for a new request; undefined when it was not failed (another request won). */
  async retryFailedVirtualAccount(
    db: Executor,
    id: string,
    requestedEmail: string,
  ): Promise<VirtualAccountRow | undefined> {
    const [row] = await db
      .update(virtualAccounts)
      .set({ status: 'pending', failureReason: null, requestedEmail: requestedEmail.trim().toLowerCase() })
      .where(and(eq(virtualAccounts.identifier, id), eq(virtualAccounts.status, 'failed')))
      .returning();
    return row;
  },
  /** The gateway could not be asked: the request is withdrawn, so asking again starts afresh. */
  async deletePendingVirtualAccount(db: Executor, id: string): Promise<void> {
    await db
      .delete(virtualAccounts)
      .where(and(eq(virtualAccounts.identifier, id), eq(virtualAccounts.status, 'pending')));
  },
  async assignVirtualAccount(
    db: Executor,
    id: string,
    account: { customerCode: string; bankName: string; accountNumber: string; accountName: string },
  ): Promise<void> {
    await db
      .update(virtualAccounts)
      .set({ ...account, status: 'assigned', failureReason: null })
      .where(and(eq(virtualAccounts.identifier, id), inArray(virtualAccounts.status, ['pending', 'failed'])));
  },
  async failVirtualAccount(db: Executor, id: string, reason: string): Promise<void> {
    await db
      .update(virtualAccounts)
      .set({ status: 'failed', failureReason: reason.slice(0, 500) })
      .where(and(eq(virtualAccounts.identifier, id), eq(virtualAccounts.status, 'pending')));
  },
  /** Stores a verified event once; undefined when this event was received before. */
  async insertEvent(db: Executor, values: typeof gatewayEvents.$inferInsert): Promise<string | undefined> {
    const [row] = await db
      .insert(gatewayEvents)
      .values(values)
      .onConflictDoNothing()
      .returning({ identifier: gatewayEvents.identifier });
    return row?.identifier;
  },
  async unprocessedEventId(db: Executor, gateway: string, eventKey: string): Promise<string | undefined> {
    const [row] = await db
      .select({ identifier: gatewayEvents.identifier })
      .from(gatewayEvents)
      .where(
        and(
          eq(gatewayEvents.gateway, gateway),
          eq(gatewayEvents.eventKey, eventKey),
          eq(gatewayEvents.status, 'received'),
        ),
      )
      .limit(1);
    return row?.identifier;
  },
  /**
   * Stored events still `received` (not handled yet) that arrived before `before` (oldest first): what the sweep looks
   * at. Processed, ignored and needs_attention events are never among them.
   */
  async unprocessedEventIds(db: Executor, before: Date, limit: number): Promise<string[]> {
    const rows = await db
      .select({ identifier: gatewayEvents.identifier })
      .from(gatewayEvents)
      .where(and(eq(gatewayEvents.status, 'received'), lt(gatewayEvents.receivedAt, before)))
      .orderBy(asc(gatewayEvents.receivedAt))
      .limit(limit);
    return rows.map((r) => r.identifier);
  },
  async event(db: Executor, id: string): Promise<GatewayEventRow | undefined> {
    const [row] = await db.select().from(gatewayEvents).where(eq(gatewayEvents.identifier, id)).limit(1);
    return row;
  },
  async lockUnprocessedEvent(db: Executor, id: string): Promise<GatewayEventRow | undefined> {
    const [row] = await db
      .select()
      .from(gatewayEvents)
      .where(and(eq(gatewayEvents.identifier, id), isNull(gatewayEvents.processedAt)))
      .limit(1)
      .for('update');
    return row;
  },
  async markEventProcessed(db: Executor, id: string): Promise<void> {
    await db
      .update(gatewayEvents)
      .set({ processedAt: new Date(), status: 'processed' })
      .where(eq(gatewayEvents.identifier, id));
  },
  /** Ends a received event's handling: processed, ignored (no handler for its type) or needs_attention (with why). */
  async finishEvent(
    db: Executor,
    id: string,
    outcome: { status: 'processed' | 'ignored' } | { status: 'needs_attention'; note: string },
  ): Promise<void> {
    await db
      .update(gatewayEvents)
      .set({
        processedAt: new Date(),
        status: outcome.status,
        note: outcome.status === 'needs_attention' ? outcome.note : null,
      })
      .where(and(eq(gatewayEvents.identifier, id), eq(gatewayEvents.status, 'received')));
  },
  /** The events an operator must look at, newest first. */
  async eventsNeedingAttention(db: Executor, limit: number): Promise<GatewayEventRow[]> {
    return db
      .select()
      .from(gatewayEvents)
      .where(eq(gatewayEvents.status, 'needs_attention'))
      .orderBy(desc(gatewayEvents.receivedAt))
      .limit(limit);
  },
};
