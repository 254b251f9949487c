import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { pruneAuthAttempts, PRUNE_ATTEMPTS_QUEUE } from './maintenance.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

it('prunes sign-in attempts older than a day, keeps recent ones, and is scheduled', async () => {
  await t.db.$client.query(
    `INSERT INTO auth_attempts (identifier, key, created_at) VALUES
       (gen_random_uuid(), 'login:old@example.com', now() - interval '2 days'),
       (gen_random_uuid(), 'login:old@example.com', now() - interval '25 hours'),
       (gen_random_uuid(), 'login:recent@example.com', now() - interval '10 minutes')`,
  );
  expect(await pruneAuthAttempts(t.db, t.clock)).toBe(2);
  expect((await t.db.$client.query('SELECT key FROM auth_attempts')).rows).toEqual([
    { key: 'login:recent@example.com' },
  ]);
  expect(
    (await t.db.$client.query('SELECT cron FROM pgboss.schedule WHERE name = $1', [PRUNE_ATTEMPTS_QUEUE])).rows,
  ).toEqual([{ cron: '17 * * * *' }]);
});
