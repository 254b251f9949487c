import { and, count, eq, gt, min, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { bookingShares } from '../../db/schema/booking-mail.ts';

export const bookingSharesRepository = {
  /** Serialises one user's shares (the rate limit's count and insert), across instances, until the transaction ends. */
  async lockUser(tx: Executor, userId: string): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('booking_shares'), hashtext(${userId}))`);
  },
  /** How many shares the user made after `since`, and the oldest of them. */
  async recent(ex: Executor, userId: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
    const [row] = await ex
      .select({ count: count(), oldest: min(bookingShares.createdAt) })
      .from(bookingShares)
      .where(and(eq(bookingShares.sharedBy, userId), gt(bookingShares.createdAt, since)));
    return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
  },
  async insert(tx: Executor, bookingId: string, userId: string, at: Date): Promise<void> {
    await tx.insert(bookingShares).values({ bookingId, sharedBy: userId, createdAt: at });
  },
};
