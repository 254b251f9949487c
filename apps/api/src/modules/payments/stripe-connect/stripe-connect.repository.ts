import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { stripeConnectedAccounts } from '../../../db/schema/stripe-connect.ts';
import type { ConnectedAccount } from '../gateway/stripe-connect.ts';

export type ConnectedAccountRow = typeof stripeConnectedAccounts.$inferSelect;

export const stripeConnectRepository = {
  async byProvider(db: Executor, providerId: string): Promise<ConnectedAccountRow | undefined> {
    const [row] = await db
      .select()
      .from(stripeConnectedAccounts)
      .where(eq(stripeConnectedAccounts.providerId, providerId));
    return row;
  },
  /** The provider's account; a concurrent first call that got there first keeps its row (the same Stripe account). */
  async ensure(db: Executor, providerId: string, account: ConnectedAccount): Promise<ConnectedAccountRow> {
    await db
      .insert(stripeConnectedAccounts)
      .values({ providerId, ...account })
      .onConflictDoNothing({ target: stripeConnectedAccounts.providerId });
    return (await stripeConnectRepository.byProvider(db, providerId))!;
  },
  /** Stores what Stripe answered about an account; undefined when the account is not one of ours. */
  async update(db: Executor, account: ConnectedAccount): Promise<ConnectedAccountRow | undefined> {
    const [row] = await db
      .update(stripeConnectedAccounts)
      .set({ status: account.status, requirementsDue: account.requirementsDue })
      .where(eq(stripeConnectedAccounts.accountId, account.accountId))
      .returning();
    return row;
  },
};
