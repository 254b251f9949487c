import { PgBoss } from 'pg-boss';

/**
 * Background jobs on pg-boss (DESIGN.md §2 "jobs"): queues live in PostgreSQL, so any number of API instances share
 * them, a job survives a restart and a failed job is retried. pg-boss runs its SQL through our pool.
 */
export interface SqlRunner {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface RetryPolicy {
  /** How often a failing job is tried again (with exponential backoff from `retryDelaySeconds`). */
  retryLimit: number;
  retryDelaySeconds: number;
}

export interface Jobs {
  /** `id` (a UUID) makes the job unique: sending it again while it exists adds nothing. */
  send(queue: string, data: object, options?: { id?: string }): Promise<void>;
  /** Handles a queue's jobs one at a time per instance; a thrown error lets pg-boss retry the job. */
  work<T extends object>(queue: string, retry: RetryPolicy, handler: (data: T) => Promise<void>): Promise<void>;
  /** Runs `handler` on a cron schedule (UTC), once per tick across all instances. */
  schedule(queue: string, cron: string, handler: () => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

export const JOBS_SCHEMA = 'pgboss';

const bossFor = (sql: SqlRunner, extra: object = {}) =>
  new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => sql.query(text, values) },
    schema: JOBS_SCHEMA,
    ...extra,
  });

/** Creates or upgrades pg-boss's schema (run with the migrations, so every instance starts on a ready database). */
export async function prepareJobsSchema(sql: SqlRunner): Promise<void> {
  const boss = bossFor(sql, { supervise: false, schedule: false });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.stop({ graceful: false, close: false });
}

export async function startJobs(sql: SqlRunner, log: { error: (o: object, m: string) => void }, pollingIntervalSeconds = 1): Promise<Jobs> {
  const boss = bossFor(sql, { migrate: false, schedule: true });
  boss.on('error', (err: unknown) => log.error({ err }, 'job queue error'));
  await boss.start();
  const queues = new Set<string>();
  const ensureQueue = async (queue: string, retry?: RetryPolicy) => {
    if (queues.has(queue)) return;
    await boss.createQueue(queue, retry ? { retryLimit: retry.retryLimit, retryDelay: retry.retryDelaySeconds, retryBackoff: true } : {});
    queues.add(queue);
  };
  return {
    async send(queue, data, options) {
      await ensureQueue(queue);
      await boss.send(queue, data, options?.id ? { id: options.id } : {});
    },
    async work(queue, retry, handler) {
      await ensureQueue(queue, retry);
      // Batches of up to 5: a full batch makes pg-boss fetch again at once instead of waiting for the next poll. If one
      // job of a batch fails, the batch is retried: handlers must be idempotent (they are: each checks what is done).
      await boss.work(queue, { pollingIntervalSeconds, batchSize: 5 }, async (jobs) => {
        const results = await Promise.allSettled(jobs.map((job) => handler(job.data as never)));
        const failure = results.find((r) => r.status === 'rejected');
        if (failure) throw failure.reason;
      });
    },
    async schedule(queue, cron, handler) {
      await ensureQueue(queue, { retryLimit: 2, retryDelaySeconds: 60 });
      await boss.schedule(queue, cron, {}, { tz: 'UTC' });
      await boss.work(queue, { pollingIntervalSeconds: Math.max(pollingIntervalSeconds, 10) }, async () => handler());
    },
    async stop() {
      await boss.stop({ graceful: true, close: false, timeout: 5000 });
    },
  };
}
