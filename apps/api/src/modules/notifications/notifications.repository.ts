import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

/** An account being deleted (decision 0013): its own notifications go, and its name leaves everyone else's. */
export async function eraseNotifications(tx: Executor, userId: string): Promise<void> {
  await tx.delete(notifications).where(eq(notifications.recipientId, userId));
  await tx.update(notifications).set({ otherName: null }).where(eq(notifications.otherId, userId));
}

export const notificationsRepository = {
  /** Inserts the rows; one with a `dedupeKey` its recipient has already is skipped. The rows made. */
  async insert(tx: Executor, rows: NewNotification[]): Promise<NotificationRow[]> {
    if (rows.length === 0) return [];
    return tx.insert(notifications).values(rows).onConflictDoNothing().returning();
  },

  async page(ex: Executor, recipientId: string, opts: { offset: number; limit: number; unreadOnly: boolean }) {
    const where = and(
      eq(notifications.recipientId, recipientId),
      opts.unreadOnly ? isNull(notifications.readAt) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      ex
        .select()
        .from(notifications)
        .where(where)
        .orderBy(desc(notifications.createdAt), desc(notifications.identifier))
        .limit(opts.limit)
        .offset(opts.offset),
      ex.select({ n: count() }).from(notifications).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  async unread(ex: Executor, recipientId: string): Promise<number> {
    const [row] = await ex
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.recipientId, recipientId), isNull(notifications.readAt)));
    return row?.n ?? 0;
  },

  async find(ex: Executor, id: string): Promise<NotificationRow | undefined> {
    const [row] = await ex.select().from(notifications).where(eq(notifications.identifier, id));
    return row;
  },

  /** Marks one read (keeping the first read time); the row after. */
  async markRead(ex: Executor, id: string, at: Date): Promise<NotificationRow | undefined> {
    const [row] = await ex
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, ${at.toISOString()}::timestamptz)` })
      .where(eq(notifications.identifier, id))
      .returning();
    return row;
  },

  async markAllRead(ex: Executor, recipientId: string, at: Date): Promise<number> {
    const rows = await ex
      .update(notifications)
      .set({ readAt: at })
      .where(and(eq(notifications.recipientId, recipientId), isNull(notifications.readAt)))
      .returning({ id: notifications.identifier });
    return rows.length;
  },
};
