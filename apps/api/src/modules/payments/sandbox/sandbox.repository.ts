import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { sandboxAccounts, sandboxTransactions } from '../../../db/schema/payments.ts';

export type SandboxTransactionRow = typeof sandboxTransactions.$inferSelect;
export type NewSandboxTransaction = typeof sandboxTransactions.$inferInsert;
export type SandboxAccountRow = typeof sandboxAccounts.$inferSelect;
export type NewSandboxAccount = typeof sandboxAccounts.$inferInsert;

/** The sandbox gateway's books: it stands for Paystack's side, so these are its own tables, not the platform's. */
export const sandboxRepository = {
  /** Inserts unless the reference exists (a retried initialize is the same transaction, never a second one). */
  async insertTransaction(db: Executor, row: NewSandboxTransaction): Promise<void> {
    await db.insert(sandboxTransactions).values(row).onConflictDoNothing({ target: sandboxTransactions.reference });
  },

  async findTransaction(db: Executor, reference: string): Promise<SandboxTransactionRow | undefined> {
    const [row] = await db
      .select()
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.reference, reference))
      .limit(1);
    return row;
  },

  /** pending -> status, once: of two racing settlements one wins, the other finds the row settled. */
  async settlePending(
    db: Executor,
    reference: string,
    status: 'success' | 'failed',
    paidAt: Date | null,
  ): Promise<SandboxTransactionRow | undefined> {
    const [row] = await db
      .update(sandboxTransactions)
      .set({ status, paidAt })
      .where(and(eq(sandboxTransactions.reference, reference), eq(sandboxTransactions.status, 'pending')))
      .returning();
    return row;
  },

  /** Inserts unless the account number or the customer code is taken; true when this call created it. */
  async insertAccount(db: Executor, row: NewSandboxAccount): Promise<boolean> {
    const inserted = await db
      .insert(sandboxAccounts)
      .values(row)
      .onConflictDoNothing()
      .returning({ accountNumber: sandboxAccounts.accountNumber });
    return inserted.length > 0;
  },

  async findAccountByCustomer(db: Executor, customerCode: string): Promise<SandboxAccountRow | undefined> {
    const [row] = await db
      .select()
      .from(sandboxAccounts)
      .where(eq(sandboxAccounts.customerCode, customerCode))
      .limit(1);
    return row;
  },

  async findAccountByNumber(db: Executor, accountNumber: string): Promise<SandboxAccountRow | undefined> {
    const [row] = await db
      .select()
      .from(sandboxAccounts)
      .where(eq(sandboxAccounts.accountNumber, accountNumber))
      .limit(1);
    return row;
  },
};
