import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { seedDemoDirectory } from '../../db/seed/demo-directory.ts';
import { insertDirectoryProviders } from '../../db/seed/directory-providers.ts';

/**
 * A database seeded by an earlier version (issue 48): its thirty random demo therapists (`demo-therapist.<n>.<id>@`)
 * are replaced by the written-out ones, unless someone booked them; seeding again changes nothing.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const count = async (pattern: string) =>
  (
    await t.db.$client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users WHERE email LIKE $1 AND deleted_at IS NULL`,
      [pattern],
    )
  ).rows[0]!.n;

it('replaces the random demo therapists of an earlier seed with the written-out ones, once', async () => {
  await t.db.transaction((tx) =>
    insertDirectoryProviders(tx, 5, {
      emailPrefix: 'demo-therapist',
      states: ['NY', 'CA'],
      verifiedShare: 1,
      reviewStats: false,
      seed: 0.7,
    }),
  );
  expect(await count('demo-therapist.%.%@seed.example.com')).toBe(5);
  await seedDemoDirectory(t.db);
  expect(await count('demo-therapist.%.%@seed.example.com')).toBe(0);
  expect(await count('demo-therapist.%@seed.example.com')).toBe(30);
  await seedDemoDirectory(t.db);
  expect(await count('demo-therapist.%@seed.example.com')).toBe(30);
});
