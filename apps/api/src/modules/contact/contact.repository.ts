import { and, count, desc, eq, gte, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { contactMessages } from '../../db/schema/contact.ts';

export type ContactRow = typeof contactMessages.$inferSelect;
export type NewContactRow = typeof contactMessages.$inferInsert;

/** The contact form's inbox: Drizzle only; sealing, limits and mail are in contact.service.ts. */
export const contactRepository = {
  async insert(db: Executor, row: NewContactRow): Promise<ContactRow> {
    const [inserted] = await db.insert(contactMessages).values(row).returning();
    return inserted!;
  },
  /** Serialises one address's sends until the transaction ends, so concurrent sends cannot all pass the limit. */
  async lockAddress(db: Executor, ipKey: string): Promise<void> {
    await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${'contact:' + ipKey}))`);
  },
  /** Messages sent since `since` from one address key or to one email (the per-address and per-recipient limits). */
  async countSince(db: Executor, since: Date, ipKey: string, email: string): Promise<{ ip: number; email: number }> {
    const [row] = await db
      .select({
        ip: sql<number>`count(*) FILTER (WHERE ${contactMessages.ipKey} = ${ipKey})`.mapWith(Number),
        email: sql<number>`count(*) FILTER (WHERE ${contactMessages.email} = ${email})`.mapWith(Number),
      })
      .from(contactMessages)
      .where(
        and(
          gte(contactMessages.createdAt, since),
          or(eq(contactMessages.ipKey, ipKey), eq(contactMessages.email, email)),
        ),
      );
    return { ip: row?.ip ?? 0, email: row?.email ?? 0 };
  },
  /** One page, newest first (the id is a UUID v7, so it orders ties by time too). */
  async page(db: Executor, offset: number, limit: number): Promise<{ rows: ContactRow[]; total: number }> {
    const rows = await db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.identifier))
      .limit(limit)
      .offset(offset);
    const [total] = await db.select({ n: count() }).from(contactMessages);
    return { rows, total: total?.n ?? 0 };
  },
  /** Marks it answered once (a later call keeps the first time); undefined when there is no such message. */
  async markAnswered(db: Executor, id: string, at: Date): Promise<ContactRow | undefined> {
    await db
      .update(contactMessages)
      .set({ answeredAt: at })
      .where(and(eq(contactMessages.identifier, id), isNull(contactMessages.answeredAt)));
    const [row] = await db.select().from(contactMessages).where(eq(contactMessages.identifier, id));
    return row;
  },
};
