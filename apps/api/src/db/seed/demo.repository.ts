import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { availabilityDays, availabilityIntervals, availabilitySettings } from '../schema/availability.ts';
import { clientProfiles } from '../schema/client-profile.ts';
import { countries, states } from '../schema/reference.ts';
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

/**
 * The demo reviewers (issue 48): US clients, each with a client profile in their state (the licence rule), verified.
 * `passwordHash` is of a password the seed makes, uses once and forgets, so nobody can sign in as them; a second run
 * replaces it with its own. Returns their ids by e-mail address.
 */
export async function upsertDemoReviewers(
  db: Executor,
  reviewers: Array<{ email: string; firstName: string; lastName: string; state: string; timezone: string }>,
  passwordHash: string,
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const r of reviewers) {
    // A live account (never a practice record of the same address).
    const [found] = await db
      .select({ id: users.identifier })
      .from(users)
      .where(and(eq(users.email, r.email), isNull(users.deletedAt), isNull(users.recordOf)))
      .limit(1);
    const [row] = found
      ? await db
          .update(users)
          .set({ passwordHash })
          .where(eq(users.identifier, found.id))
          .returning({ id: users.identifier })
      : await db
          .insert(users)
          .values({
            email: r.email,
            passwordHash,
            userType: 'client',
            firstName: r.firstName,
            lastName: r.lastName,
            countryCode: 'US',
            timezone: r.timezone,
            emailVerifiedAt: new Date(),
          })
          .returning({ id: users.identifier });
    const [state] = await db
      .select({ id: states.identifier })
      .from(states)
      .innerJoin(countries, eq(countries.identifier, states.countryId))
      .where(and(eq(countries.code, 'US'), eq(states.code, r.state)))
      .limit(1);
    await db
      .insert(clientProfiles)
      .values({ userId: row!.id, stateId: state?.id ?? null })
      .onConflictDoUpdate({ target: clientProfiles.userId, set: { stateId: state?.id ?? null } });
    ids.set(r.email, row!.id);
  }
  return ids;
}

/** Whether the demo reviews were made (or begun): a demo reviewer has a booking. They are made once. */
export async function demoReviewsMade(db: Executor): Promise<boolean> {
  const { rows } = await db.execute(
    sql`SELECT 1 FROM bookings b JOIN users u ON u.identifier = b.client_id WHERE u.email LIKE 'demo-client.%@seed.example.com' LIMIT 1`,
  );
  return rows.length > 0;
}
