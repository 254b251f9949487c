import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { availabilityDays, availabilityIntervals, availabilitySettings } from '../schema/availability.ts';
import { users } from '../schema/users.ts';

export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({ id: users.identifier })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

export async function insertDemoUser(db: Executor, values: typeof users.$inferInsert): Promise<string | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning({ id: users.identifier });
  return row?.id;
}

/** A weekly plan for Monday to Friday with the given intervals (minutes after midnight). */
export async function insertDemoAvailability(
  db: Executor,
  providerId: string,
  timezone: string,
  intervals: Array<[number, number]>,
) {
  await db.insert(availabilitySettings).values({ providerId, timezone }).onConflictDoNothing();
  for (let weekday = 1; weekday <= 5; weekday += 1) {
    const [day] = await db
      .insert(availabilityDays)
      .values({ providerId, weekday, isAvailable: true })
      .returning({ id: availabilityDays.identifier });
    await db
      .insert(availabilityIntervals)
      .values(intervals.map(([startMinute, endMinute]) => ({ dayId: day!.id, startMinute, endMinute })));
  }
}
