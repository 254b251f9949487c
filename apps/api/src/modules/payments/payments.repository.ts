import { and, asc, eq, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { gatewayEvents, payments, virtualAccounts } from '../../db/schema/wallet.ts';

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
    const [row] = await db.select().from(payments).where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, key))).limit(1);
    return row;
  },
  async ownedById(db: Executor, userId: string, id: string): Promise<PaymentRow | undefined> {
    const [row] = await db.select().from(payments).where(and(eq(payments.identifier, id), eq(payments.userId, userId))).limit(1);
    return row;
  },
  /** The payment locked for this transaction: its settlement and a status check cannot interleave. */
  async lockByReference(db: Executor, gateway: string, reference: string): Promise<PaymentRow | undefined> {
    const [row] = await db.select().from(payments).where(and(eq(payments.gateway, gateway), eq(payments.reference, reference))).limit(1).for('update');
    return row;
  },
  async update(db: Executor, id: string, values: Partial<Pick<PaymentRow, 'status' | 'authorizationUrl' | 'ledgerTransactionId' | 'reference'>>): Promise<void> {
    await db.update(payments).set(values).where(eq(payments.identifier, id));
  },
  /** Touches a pending payment (its `updatedAt`), so status polls ask the gateway at most every few seconds. */
  async touch(db: Executor, id: string): Promise<void> {
    await db.update(payments).set({ updatedAt: new Date() }).where(eq(payments.identifier, id));
  },
  /** Pending payments started before `before`, oldest first. */
  async stalePending(db: Executor, before: Date, limit: number): Promise<PaymentRow[]> {
    return db.select().from(payments).where(and(eq(payments.status, 'pending'), lt(payments.createdAt, before))).orderBy(asc(payments.createdAt)).limit(limit);
  },
  /** Gives up on a payment that is still pending (never one that was settled meanwhile). */
  async abandonIfPending(db: Executor, id: string): Promise<void> {
    await db.update(payments).set({ status: 'abandoned' }).where(and(eq(payments.identifier, id), eq(payments.status, 'pending')));
  },
  async virtualAccount(db: Executor, userId: string, gateway: string): Promise<VirtualAccountRow | undefined> {
    const [row] = await db.select().from(virtualAccounts).where(and(eq(virtualAccounts.userId, userId), eq(virtualAccounts.gateway, gateway))).limit(1);
    return row;
  },
  async virtualAccountByCustomer(db: Executor, gateway: string, customerCode: string): Promise<VirtualAccountRow | undefined> {
    const [row] = await db.select().from(virtualAccounts).where(and(eq(virtualAccounts.gateway, gateway), eq(virtualAccounts.customerCode, customerCode))).limit(1);
    return row;
  },
  async insertVirtualAccount(db: Executor, values: typeof virtualAccounts.$inferInsert): Promise<void> {
    await db.insert(virtualAccounts).values(values).onConflictDoNothing();
  },
  /** Stores a verified event once; undefined when this event was received before. */
  async insertEvent(db: Executor, values: typeof gatewayEvents.$inferInsert): Promise<string | undefined> {
    const [row] = await db.insert(gatewayEvents).values(values).onConflictDoNothing().returning({ identifier: gatewayEvents.identifier });
    return row?.identifier;
  },
  async unprocessedEventId(db: Executor, gateway: string, eventKey: string): Promise<string | undefined> {
    const [row] = await db
      .select({ identifier: gatewayEvents.identifier })
      .from(gatewayEvents)
      .where(and(eq(gatewayEvents.gateway, gateway), eq(gatewayEvents.eventKey, eventKey), isNull(gatewayEvents.processedAt)))
      .limit(1);
    return row?.identifier;
  },
  /** Stored events not processed yet that arrived before `before` (oldest first): what the sweep looks at. */
  async unprocessedEventIds(db: Executor, before: Date, limit: number): Promise<string[]> {
    const rows = await db
      .select({ identifier: gatewayEvents.identifier })
      .from(gatewayEvents)
      .where(and(isNull(gatewayEvents.processedAt), lt(gatewayEvents.receivedAt, before)))
      .orderBy(asc(gatewayEvents.receivedAt))
      .limit(limit);
    return rows.map((r) => r.identifier);
  },
  async event(db: Executor, id: string): Promise<GatewayEventRow | undefined> {
    const [row] = await db.select().from(gatewayEvents).where(eq(gatewayEvents.identifier, id)).limit(1);
    return row;
  },
  async lockUnprocessedEvent(db: Executor, id: string): Promise<GatewayEventRow | undefined> {
    const [row] = await db.select().from(gatewayEvents).where(and(eq(gatewayEvents.identifier, id), isNull(gatewayEvents.processedAt))).limit(1).for('update');
    return row;
  },
  async markEventProcessed(db: Executor, id: string): Promise<void> {
    await db.update(gatewayEvents).set({ processedAt: new Date() }).where(eq(gatewayEvents.identifier, id));
  },
};
