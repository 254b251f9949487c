import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/harness.ts';
import { JOBS_SCHEMA, startJobs, type Jobs } from './jobs.ts';

/** The job queue's crash-recovery rules (issue 13, decision 0020), on a real database. */
let t: TestApp;
let jobs: Jobs;
beforeAll(async () => {
  t = await buildTestApp();
  jobs = await startJobs(t.db.$client, { error: () => undefined });
});
afterAll(async () => {
  await jobs.stop();
  await t.close();
});

const jobCount = async (queue: string, states = ['created', 'retry', 'active', 'completed']) =>
  Number(
    (
      await t.db.$client.query(
        `SELECT count(*)::int AS n FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND state::text = ANY($2)`,
        [queue, states],
      )
    ).rows[0].n,
  );

describe('jobs', () => {
  it('a job sent on a transaction exists if and only if the transaction commits', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await jobs.send('test.tx', { n: 1 }, { tx });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await jobCount('test.tx')).toBe(0);
    await t.db.transaction(async (tx) => {
      await jobs.send('test.tx', { n: 2 }, { tx });
      // Not visible outside the transaction before it commits.
      expect(await jobCount('test.tx')).toBe(0);
    });
    expect(await jobCount('test.tx')).toBe(1);
  });

  it('a backlog drains at the database pace, not one batch per poll', async () => {
    const queue = 'test.drain';
    const total = 300;
    for (let i = 0; i < total; i++) await jobs.send(queue, { i });
    let done = 0;
    const started = Date.now();
    await jobs.work<{ i: number }>(queue, { retryLimit: 0, retryDelaySeconds: 1 }, async () => {
      done += 1;
    });
    await expect.poll(() => done, { timeout: 20_000, interval: 50 }).toBe(total);
    // Batches of 5, one per second, took a minute for this; a full batch now fetches the next at once.
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('a job whose worker died (claimed, never finished) runs again within half a minute', async () => {
    const queue = 'test.orphaned';
    await jobs.work<{ n: number }>(queue, { retryLimit: 3, retryDelaySeconds: 1 }, async () => undefined);
    await jobs.stop(); // no worker of ours takes it first
    jobs = await startJobs(t.db.$client, { error: () => undefined });
    await jobs.send(queue, { n: 1 });
    // Another instance claims it and is then gone: no heartbeat, no completion.
    const dead = new PgBoss({
      db: { executeSql: (text: string, values?: unknown[]) => t.db.$client.query(text, values as unknown[]) },
      schema: JOBS_SCHEMA,
      supervise: false,
      schedule: false,
      migrate: false,
    });
    dead.on('error', () => undefined);
    await dead.start();
    const [claimed] = await dead.fetch(queue);
    expect(claimed).toBeDefined();
    await dead.stop({ graceful: false, close: false });
    const claimedAt = Date.now();
    let ran = 0;
    await jobs.work<{ n: number }>(queue, { retryLimit: 3, retryDelaySeconds: 1 }, async () => {
      ran += 1;
    });
    await expect.poll(() => ran, { timeout: 40_000, interval: 250 }).toBe(1);
    // pg-boss's default would have left it active for 15 minutes.
    expect(Date.now() - claimedAt).toBeLessThan(30_000);
  }, 60_000);
});
