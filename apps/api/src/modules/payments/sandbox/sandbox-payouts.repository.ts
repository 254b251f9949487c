import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { sandboxTransferRecipients, sandboxTransfers } from '../../../db/schema/payouts.ts';

export type SandboxRecipientRow = typeof sandboxTransferRecipients.$inferSelect;
export type SandboxTransferRow = typeof sandboxTransfers.$inferSelect;

/** The sandbox's books of transfers (it plays Paystack's side): recipients and transfers. */
export const sandboxPayoutsRepository = {
  async ensureRecipient(
    db: Executor,
    row: typeof sandboxTransferRecipients.$inferInsert,
  ): Promise<SandboxRecipientRow> {
    await db.insert(sandboxTransferRecipients).values(row).onConflictDoNothing();
    const [found] = await db
      .select()
      .from(sandboxTransferRecipients)
      .where(eq(sandboxTransferRecipients.recipientCode, row.recipientCode));
    return found!;
  },
  async findRecipient(db: Executor, recipientCode: string): Promise<SandboxRecipientRow | undefined> {
    const [row] = await db
      .select()
      .from(sandboxTransferRecipients)
      .where(eq(sandboxTransferRecipients.recipientCode, recipientCode));
    return row;
  },
  /** The transfer with this reference: the new one, or the one made before (a reference pays once). */
  async ensureTransfer(db: Executor, row: typeof sandboxTransfers.$inferInsert): Promise<SandboxTransferRow> {
    // Without a target: the reference and the transfer code (made from it) are both unique, and a conflict named on one
    // only let a concurrent repeat fail on the other with a duplicate-key error (PostgreSQL checks the indexes it was
    // not told about as plain unique indexes); a payout then took it for a refusal (payouts.test.ts, once in CI).
    await db.insert(sandboxTransfers).values(row).onConflictDoNothing();
    const [found] = await db.select().from(sandboxTransfers).where(eq(sandboxTransfers.reference, row.reference));
    return found!;
  },
  async findTransfer(db: Executor, reference: string): Promise<SandboxTransferRow | undefined> {
    const [row] = await db.select().from(sandboxTransfers).where(eq(sandboxTransfers.reference, reference));
    return row;
  },
  /** Moves a transfer from one status to the next; undefined when it was not in `from` (someone else moved it). */
  async moveTransfer(
    db: Executor,
    reference: string,
    from: string,
    to: string,
  ): Promise<SandboxTransferRow | undefined> {
    const [row] = await db
      .update(sandboxTransfers)
      .set({ status: to })
      .where(and(eq(sandboxTransfers.reference, reference), eq(sandboxTransfers.status, from)))
      .returning();
    return row;
  },
};
