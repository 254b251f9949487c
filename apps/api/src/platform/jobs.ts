import { PgBoss } from 'pg-boss';
import type { Executor } from '../db/client.ts';
import { jobsDatabase, jobsOn, type SqlRunner } from '../db/jobs-database.ts';

/**
 * Background jobs on pg-boss (DESIGN.md §2 "jobs"): queues live in PostgreSQL, so any number of API instances share
 * them, a job survives a restart and a failed job is retried. pg-boss runs its SQL through our pool.
 *
 * Crash recovery (issue 13, decision 0020):
 * - `send(..., { tx })` inserts the job on the caller's transaction: the job exists if and only if the change that
 *   needs it commits (the outbox: a stored webhook event and its job, a credit and its mail).
 * - Every queue's jobs send heartbeats and have a short expiry, and the supervisor checks every few seconds, so the
 *   jobs a killed instance held are retried within about half a minute, not after pg-boss's default 15 minutes.
 * - Workers take batches and, while a batch comes back full, fetch the next at once (`burstWhenBatchFull`); each job
 *   of a batch is settled on its own. A job inserted anywhere wakes the workers at once (LISTEN/NOTIFY).
 */
export type { SqlRunner };

export interface RetryPolicy {
  /** How often a failing job is tried again (with exponential backoff from `retryDelaySeconds`). */
  retryLimit: number;
  retryDelaySeconds: number;
  /** How long one run of a job may take before it counts as failed (and is retried). Default 60 s. */
  expireInSeconds?: number;
  /** Jobs of this queue handled at once per instance (default 10). */
  batchSize?: number;
  /** How long a finished job stays in the job table (default pg-boss's 7 days). */
  deleteAfterSeconds?: number;
}

export interface Jobs {
  /**
   * `id` (a UUID) makes the job unique: sending it again while it exists adds nothing. `tx`: the job is inserted on
   * that transaction (or, given the database, in a transaction of its own) and exists only if it commits.
   */
  send(queue: string, data: object, options?: { id?: string; tx?: Executor; startAfter?: Date }): Promise<void>;
  /**
   * Handles a queue's jobs in batches per instance; a job whose handler throws is retried on its own. `job.id` is the
   * same on every try of a job, so a handler can key what it has already done by it.
   */
  work<T extends object>(
    queue: string,
    retry: RetryPolicy,
    handler: (data: T, job: { id: string }) => Promise<void>,
  ): Promise<void>;
  /** Runs `handler` on a cron schedule (UTC), once per tick across all instances. */
  schedule(queue: string, cron: string, handler: () => Promise<void>): Promise<void>;
  /** Of the given values of `data[key]`, those that no waiting or running job of `queue` carries. */
  withoutLiveJob(queue: string, key: string, values: string[]): Promise<string[]>;
  stop(): Promise<void>;
}

export const JOBS_SCHEMA = 'pgboss';
/** How long a job may go without a heartbeat from its worker before it is retried (pg-boss's minimum is 10 s). */
export const JOB_HEARTBEAT_SECONDS = 10;
/** How often pg-boss's supervisor looks for expired jobs and jobs whose worker stopped beating. */
const SUPERVISE_SECONDS = 5;
const DEFAULT_EXPIRE_SECONDS = 60;
const DEFAULT_BATCH = 10;

const bossFor = (sql: SqlRunner, extra: object = {}) => {
  const { db, canListen } = jobsDatabase(sql);
  return new PgBoss({ db, schema: JOBS_SCHEMA, useListenNotify: canListen, ...extra });
};

/** Creates or upgrades pg-boss's schema (run with the migrations, so every instance starts on a ready database). */
export async function prepareJobsSchema(sql: SqlRunner): Promise<void> {
  const boss = bossFor(sql, { supervise: false, schedule: false, useListenNotify: false });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.stop({ graceful: false, close: false });
}

export async function startJobs(
  sql: SqlRunner,
  log: { error: (o: object, m: string) => void },
  pollingIntervalSeconds = 1,
): Promise<Jobs> {
  const boss = bossFor(sql, {
    migrate: false,
    schedule: true,
    superviseIntervalSeconds: SUPERVISE_SECONDS,
    monitorIntervalSeconds: SUPERVISE_SECONDS,
  });
  boss.on('error', (err: unknown) => log.error({ err }, 'job queue error'));
  // Warnings are pg-boss telling us of a backlog or of polling without LISTEN: not errors, nothing to do here.
  boss.on('warning', () => undefined);
  await boss.start();
  const settingsOf = (retry?: RetryPolicy) => ({
    notify: true,
    expireInSeconds: retry?.expireInSeconds ?? DEFAULT_EXPIRE_SECONDS,
    ...(retry ? { retryLimit: retry.retryLimit, retryDelay: retry.retryDelaySeconds, retryBackoff: true } : {}),
    ...(retry?.deleteAfterSeconds ? { deleteAfterSeconds: retry.deleteAfterSeconds } : {}),
  });
  /** Creates the queue, or (it exists: createQueue leaves it as it is) brings its settings up to date. */
  const configureQueue = async (queue: string, retry?: RetryPolicy) => {
    await boss.createQueue(queue, { ...settingsOf(retry), heartbeatSeconds: JOB_HEARTBEAT_SECONDS });
    await boss.updateQueue(queue, { ...settingsOf(retry), heartbeatSeconds: JOB_HEARTBEAT_SECONDS });
  };
  const known = new Map<string, Promise<void>>();
  /** For a sender: the queue exists (its worker, registered at start-up, sets its retry policy). */
  const ensureQueue = (queue: string) => {
    let ready = known.get(queue);
    if (!ready) {
      ready = boss.getQueue(queue).then((found) => (found ? undefined : configureQueue(queue)));
      ready.catch(() => known.delete(queue));
      known.set(queue, ready);
    }
    return ready;
  };
  return {
    async send(queue, data, options) {
      await ensureQueue(queue);
      await boss.send(queue, data, {
        ...(options?.id ? { id: options.id } : {}),
        ...(options?.tx ? { db: jobsOn(options.tx) } : {}),
        ...(options?.startAfter ? { startAfter: options.startAfter } : {}),
      });
    },
    async work(queue, retry, handler) {
      await configureQueue(queue, retry);
      known.set(queue, Promise.resolve());
      // A batch runs its jobs side by side, and while batches come back full the next is fetched at once: a backlog
      // drains at the database's pace, not one batch per poll. Each job is settled on its own (perJobResults), so
      // one failure retries that job only; handlers are idempotent all the same (each checks what is done).
      await boss.work(
        queue,
        {
          pollingIntervalSeconds,
          // NOTIFY wakes a worker for a new job, never for a retry coming due: polling stays as frequent as without it.
          notifyPollingIntervalSeconds: pollingIntervalSeconds,
          batchSize: retry.batchSize ?? DEFAULT_BATCH,
          burstWhenBatchFull: true,
          perJobResults: true,
        },
        async (jobs) =>
          Promise.all(
            jobs.map(async (job) => {
              try {
                await handler(job.data as never, { id: job.id });
                return { id: job.id, status: 'completed' as const };
              } catch (err) {
                return {
                  id: job.id,
                  status: 'failed' as const,
                  output: { message: err instanceof Error ? err.message : String(err) },
                };
              }
            }),
          ),
      );
    },
    async schedule(queue, cron, handler) {
      // A scheduled sweep may make many slow gateway calls: a long expiry, while heartbeats still hand a dead
      // instance's run to another within seconds.
      await configureQueue(queue, { retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 900 });
      known.set(queue, Promise.resolve());
      await boss.schedule(queue, cron, {}, { tz: 'UTC' });
      const every = Math.max(pollingIntervalSeconds, 10);
      await boss.work(queue, { pollingIntervalSeconds: every, notifyPollingIntervalSeconds: every }, async () =>
        handler(),
      );
    },
    async withoutLiveJob(queue, key, values) {
      if (values.length === 0) return [];
      const { rows } = (await sql.query(
        `SELECT v FROM unnest($3::text[]) AS v
          WHERE NOT EXISTS (SELECT 1 FROM ${JOBS_SCHEMA}.job j
                             WHERE j.name = $1 AND j.state IN ('created', 'retry', 'active') AND j.data->>$2 = v)`,
        [queue, key, values],
      )) as { rows: Array<{ v: string }> };
      return rows.map((r) => r.v);
    },
    async stop() {
      await boss.stop({ graceful: true, close: false, timeout: 5000 });
    },
  };
}
