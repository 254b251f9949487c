import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { calendarFeeds } from '../../db/schema/calendar.ts';

export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;

/** The calendar feeds' table (issue 19): one row per user, found by the token's hash. */
export const calendarRepository = {
  async find(ex: Executor, userId: string): Promise<CalendarFeedRow | undefined> {
    const [row] = await ex.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
    return row;
  },

  /** The user's first address; two first asks at once both end up with the one that was written first. */
  async create(
    ex: Executor,
    row: { userId: string; feedId: string; tokenHash: string; createdAt: Date },
  ): Promise<CalendarFeedRow> {
    await ex.insert(calendarFeeds).values(row).onConflictDoNothing({ target: calendarFeeds.userId });
    return (await this.find(ex, row.userId))!;
  },

  /** A new address in place of the old one (whose hash no longer matches anything). */
  async replace(
    ex: Executor,
    row: { userId: string; feedId: string; tokenHash: string; createdAt: Date },
  ): Promise<CalendarFeedRow> {
    const [saved] = await ex
      .insert(calendarFeeds)
      .values(row)
      .onConflictDoUpdate({
        target: calendarFeeds.userId,
        set: { feedId: row.feedId, tokenHash: row.tokenHash, createdAt: row.createdAt, lastReadAt: null },
      })
      .returning();
    return saved!;
  },

  async byTokenHash(ex: Executor, tokenHash: string): Promise<CalendarFeedRow | undefined> {
    const [row] = await ex.select().from(calendarFeeds).where(eq(calendarFeeds.tokenHash, tokenHash));
    return row;
  },

  /** When a calendar app last read the feed (at most once a minute, so polling does not write on every read). */
  async touch(ex: Executor, userId: string, at: Date): Promise<void> {
    await ex
      .update(calendarFeeds)
      .set({ lastReadAt: at })
      .where(
        sql`${calendarFeeds.userId} = ${userId} AND (${calendarFeeds.lastReadAt} IS NULL OR ${calendarFeeds.lastReadAt} < ${new Date(at.getTime() - 60_000)})`,
      );
  },
};
