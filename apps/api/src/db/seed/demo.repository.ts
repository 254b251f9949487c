import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { users } from '../schema/users.ts';

export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db.select({ id: users.identifier }).from(users).where(and(eq(users.email, email), isNull(users.deletedAt))).limit(1);
  return row;
}

export async function insertDemoUser(db: Executor, values: typeof users.$inferInsert) {
  await db.insert(users).values(values).onConflictDoNothing();
}
