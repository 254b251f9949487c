import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bankDetails } from '../../db/schema/bank-details.ts';

export type BankDetailsRow = typeof bankDetails.$inferSelect;
export type BankDetailsWrite = Omit<typeof bankDetails.$inferInsert, 'createdAt' | 'updatedAt'>;

/** A provider's one bank-details row (decision 0024); the sealed column is opened by the service, never here. */
export const bankDetailsRepository = {
  async find(db: Executor, providerId: string): Promise<BankDetailsRow | undefined> {
    const [row] = await db.select().from(bankDetails).where(eq(bankDetails.providerId, providerId)).limit(1);
    return row;
  },

  async upsert(db: Executor, row: BankDetailsWrite): Promise<BankDetailsRow> {
    const { providerId: _key, ...rest } = row;
    const [saved] = await db
      .insert(bankDetails)
      .values(row)
      .onConflictDoUpdate({ target: bankDetails.providerId, set: { ...rest, updatedAt: new Date() } })
      .returning();
    return saved!;
  },

  async exists(db: Executor, providerId: string): Promise<boolean> {
    const [row] = await db
      .select({ providerId: bankDetails.providerId })
      .from(bankDetails)
      .where(eq(bankDetails.providerId, providerId))
      .limit(1);
    return !!row;
  },
};
