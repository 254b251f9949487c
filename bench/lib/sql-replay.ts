import type pg from 'pg';
import { statementName } from '@therapy/api/db/client';
import type { RecordedStatement } from './statement-recorder.ts';

/** Drizzle's own transaction statements, as it sends them (`begin`, `commit`, `rollback`). */
const opensTransaction = (query: string) => /^begin\b/i.test(query);
const endsTransaction = (query: string) => /^(commit|rollback)$/i.test(query);

/**
 * Sends one request's recorded statements as the app sent them: those between `begin` and its `commit` on one
 * connection, the others each on a pooled connection, in order, each awaited. Every statement with values is sent
 * under a name (parsed once per connection), which the app does only for some: the replay is, if anything, faster
 * than the app's own statements, so the ratio of the two errs against the app.
 */
async function replayOne(pool: pg.Pool, statements: RecordedStatement[]): Promise<void> {
  let client: pg.PoolClient | undefined;
  try {
    for (const { query, params } of statements) {
      const config = params.length > 0 ? { name: statementName(query), text: query, values: params } : { text: query };
      if (opensTransaction(query)) client = await pool.connect();
      await (client ?? pool).query(config);
      if (client && endsTransaction(query)) {
        client.release();
        client = undefined;
      }
    }
  } catch (err) {
    // A connection left inside a failed transaction must not go back to the pool.
    client?.release(true);
    throw err;
  }
}

/**
 * Replays the recorded requests at `connections` at once (each loop takes the next request), through `pool` (the
 * same driver and options as the app's database): how many requests a second the database and the driver sustain
 * without HTTP, JSON, validation or the app's own work.
 */
export async function replay(
  pool: pg.Pool,
  requests: RecordedStatement[][],
  connections: number,
): Promise<{ seconds: number; perSecond: number }> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < requests.length) await replayOne(pool, requests[next++]!);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { seconds, perSecond: requests.length / seconds };
}
