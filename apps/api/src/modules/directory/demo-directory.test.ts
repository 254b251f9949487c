import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { seedDemoReviews } from '../../demo-reviews.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { fieldEncryptionFromConfig } from '../../platform/field-encryption.ts';
import { createFileStorage } from '../../platform/files/file-service.ts';
import { demoTherapistEmail } from '../../db/seed/demo-directory.ts';
import { demoTherapists, STATE_ZONES, type DemoTherapist } from '../../db/seed/demo-therapists.ts';
import { seedDemoData } from '../../db/seed/seed-demo.ts';

/**
 * The demo directory looks real (issue 48): every demo therapist's first free time lies in their own working hours in
 * their own state's zone (it was 4 AM Eastern for everyone); the gender filter finds exactly the therapists of that
 * gender; each has a stored profile picture and at least one review from a completed session; seeding again changes
 * nothing.
 */
let t: TestApp;
const warnings: unknown[] = [];
const therapists = demoTherapists();
const ids = new Map<number, string>();

const seed = async () => {
  const storage = createFileStorage(t.config.storage);
  await seedDemoData(t.db, {
    hashPassword,
    seal: fieldEncryptionFromConfig(t.config).seal,
    storeFile: (key, data, type) => storage.put(key, data, type),
  });
  await seedDemoReviews({ config: t.config, db: t.db }, hashPassword, {
    warn: (obj, msg) => void warnings.push({ obj, msg }),
  });
};

beforeAll(async () => {
  t = await buildTestApp();
  await seed();
  const { rows } = await t.db.$client.query<{ identifier: string; email: string }>(
    `SELECT identifier, email FROM users WHERE email LIKE 'demo-therapist.%@seed.example.com' AND deleted_at IS NULL`,
  );
  for (const th of therapists) ids.set(th.n, rows.find((r) => r.email === demoTherapistEmail(th.n))!.identifier);
}, 240_000);
afterAll(async () => t.close());

/** The weekday (ISO 1-7) and minute of the day of an instant on the wall clock of `zone`. */
function wallClock(at: Date, zone: string): { weekday: number; minute: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday!) + 1;
  return { weekday, minute: Number(parts.hour) * 60 + Number(parts.minute) };
}

const firstSlot = async (providerId: string): Promise<Date> => {
  const res = await t.api('GET', `/providers-availability/${providerId}/timeslot`, undefined);
  expect(res.statusCode, res.body).toBe(200);
  const first = (res.json().data.items as Array<{ timeSlot: Array<{ startTime: string }> }>).flatMap(
    (d) => d.timeSlot,
  )[0];
  expect(first, `a free slot for ${providerId}`).toBeDefined();
  return new Date(first!.startTime);
};

describe('the demo directory', () => {
  it('made its reviews without a warning', () => {
    expect(warnings).toEqual([]);
  });

  it("every therapist's first free time is in their own working hours, in their own state's zone", async () => {
    for (const th of therapists) {
      expect(th.timezone).toBe(STATE_ZONES[th.homeState]);
      const { rows } = await t.db.$client.query<{ timezone: string; plan: string }>(
        `SELECT u.timezone, s.timezone AS plan FROM users u JOIN availability_settings s ON s.provider_id = u.identifier WHERE u.identifier = $1`,
        [ids.get(th.n)],
      );
      expect(rows[0]).toEqual({ timezone: th.timezone, plan: th.timezone });
      const at = await firstSlot(ids.get(th.n)!);
      const { weekday, minute } = wallClock(at, th.timezone);
      const inHours = th.hours.some(([day, start, end]) => day === weekday && minute >= start && minute + 50 <= end);
      expect(
        inHours,
        `${th.firstName} ${th.lastName}: ${at.toISOString()} is ${weekday} ${minute} in ${th.timezone}`,
      ).toBe(true);
      // Never in the small hours of the day where they work (the bug: 4:00 AM Eastern, 1:00 AM Pacific).
      expect(minute).toBeGreaterThanOrEqual(7 * 60);
    }
  });

  it('the gender filter finds exactly the therapists of that gender, and names match genders', async () => {
    const byState = (state: string, gender: string) =>
      therapists
        .filter((th) => th.licenceStates.includes(state as DemoTherapist['homeState']) && th.gender === gender)
        .map((th) => th.lastName)
        .sort();
    for (const state of ['NY', 'CA', 'TX', 'FL', 'IL']) {
      for (const gender of ['female', 'male', 'non-binary']) {
        const res = await t.request({
          method: 'GET',
          url: `/api/v1/therapists?state=${state}&gender=${gender}&pageSize=50`,
        });
        expect(res.statusCode, res.body).toBe(200);
        const found = (res.json().data as Array<{ identifier: string; lastName: string }>)
          .filter((e) => [...ids.values()].includes(e.identifier))
          .map((e) => e.lastName)
          .sort();
        expect(found, `${state} ${gender}`).toEqual(byState(state, gender));
      }
    }
    // The example: "Female" returned Henry Garcia.
    expect(therapists.find((th) => th.firstName === 'Henry')?.gender).toBe('male');
    const { rows } = await t.db.$client.query<{ gender: string; n: number }>(
      `SELECT p.gender, count(*)::int AS n FROM provider_profiles p JOIN users u ON u.identifier = p.user_id
        WHERE u.email LIKE 'demo-therapist.%@seed.example.com' GROUP BY p.gender ORDER BY p.gender`,
    );
    expect(rows).toEqual([
      { gender: 'female', n: therapists.filter((th) => th.gender === 'female').length },
      { gender: 'male', n: therapists.filter((th) => th.gender === 'male').length },
      { gender: 'non-binary', n: therapists.filter((th) => th.gender === 'non-binary').length },
    ]);
  });

  it('the public page says what the bio says: its headline, therapies and specialities', async () => {
    for (const th of therapists) {
      const res = await t.api('GET', `/therapists/${ids.get(th.n)}`, undefined);
      expect(res.statusCode, res.body).toBe(200);
      const summary = res.json().data as {
        headline: string;
        bio: string;
        title: string | null;
        languages: Array<{ code: string }>;
        licenceStates: Array<{ code: string }>;
        therapies: Array<{ code: string }>;
        specialities: Array<{ code: string }>;
      };
      expect(summary).toMatchObject({ headline: th.headline, bio: th.bio, title: th.title });
      expect(summary.languages.map((l) => l.code).sort()).toEqual([...th.languages].sort());
      expect(summary.licenceStates.map((l) => l.code).sort()).toEqual([...th.licenceStates].sort());
      expect(summary.therapies.map((i) => i.code).sort()).toEqual([...th.therapies].sort());
      expect(summary.specialities.map((i) => i.code).sort()).toEqual([...th.specialities].sort());
    }
  });

  it('each has a stored profile picture and at least one review from a completed session', async () => {
    for (const th of therapists) {
      const id = ids.get(th.n)!;
      const res = await t.api('GET', `/providers/${id}`, undefined);
      const photoUrl = res.json().data.photoUrl as string | null;
      expect(photoUrl, `${th.lastName}'s picture`).toMatch(/^\/api\/v1\/files\//);
      const image = await t.request({ method: 'GET', url: photoUrl! });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      const meta = await sharp(image.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([400, 400]);

      const reviews = await t.api('GET', `/review/provider/${id}`, undefined);
      expect(reviews.statusCode, reviews.body).toBe(200);
      const data = reviews.json().data as { count: number; items: Array<{ comment: string; authorName: string }> };
      expect(data.count, `${th.lastName}'s reviews`).toBeGreaterThanOrEqual(1);
      expect(data.items[0]!.authorName).toMatch(/^[A-Z][a-z]+ [A-Z]\.$/);
    }
    // The directory's cards show the same pictures and ratings.
    for (const state of ['NY', 'CA', 'TX', 'FL', 'IL']) {
      const res = await t.request({ method: 'GET', url: `/api/v1/therapists?state=${state}&pageSize=50` });
      const entries = (
        res.json().data as Array<{ identifier: string; photoUrl: string | null; rating: { count: number } }>
      ).filter((e) => [...ids.values()].includes(e.identifier));
      expect(entries.length).toBe(
        therapists.filter((th) => th.licenceStates.includes(state as DemoTherapist['homeState'])).length,
      );
      for (const e of entries) {
        expect(e.rating.count).toBeGreaterThanOrEqual(1);
        const image = await t.request({ method: 'GET', url: e.photoUrl! });
        expect(image.statusCode).toBe(200);
        expect(image.headers['content-type']).toBe('image/webp');
      }
    }
    // Every review belongs to a completed session of the reviewer with that therapist.
    const { rows } = await t.db.$client.query<{ bad: number }>(
      `SELECT count(*)::int AS bad FROM reviews r JOIN bookings b ON b.identifier = r.booking_id
        WHERE b.status <> 'completed' OR b.client_id <> r.client_id OR b.provider_id <> r.provider_id`,
    );
    expect(rows[0]!.bad).toBe(0);
  });

  it('the reviewers cannot sign in, and seeding again changes nothing', async () => {
    const count = async () =>
      (
        await t.db.$client.query<{ users: number; reviews: number; files: number; bookings: number }>(
          `SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM reviews) AS reviews,
                  (SELECT count(*)::int FROM files) AS files, (SELECT count(*)::int FROM bookings) AS bookings`,
        )
      ).rows[0];
    const before = await count();
    await seed();
    expect(await count()).toEqual(before);
    const login = await t.api('POST', '/user/login', undefined, {
      email: 'demo-client.1@seed.example.com',
      password: 'CalmHarbor#2026',
    });
    expect(login.statusCode).toBe(401);
  });
});
