import { sql } from 'drizzle-orm';
import pg from 'pg';
import { fromDrizzle, type Db } from 'pg-boss';
import type { Executor } from './client.ts';
import { listenTo } from './listener.ts';

/** Runs SQL: our pool, or one of its clients. */
export interface SqlRunner {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * pg-boss's database port on our pool. Given the pool itself (not a single client), it can also LISTEN, through one
 * pooled connection (listener.ts), so a job inserted anywhere wakes the workers at once (pg-boss `useListenNotify`).
 */
export function jobsDatabase(runner: SqlRunner): { db: Db; canListen: boolean } {
  const executeSql = (text: string, values?: unknown[]) => runner.query(text, values);
  if (!(runner instanceof pg.Pool)) return { db: { executeSql }, canListen: false };
  const pool = runner;
  return {
    db: {
      executeSql,
      listen: async (channel, onNotification, onReconnect) => listenTo(pool, channel, onNotification, onReconnect),
    },
    canListen: true,
  };
}

/**
 * pg-boss's own Drizzle adapter (`fromDrizzle`, pg-boss 12): a pg-boss call given this as its `db` option runs its SQL
 * on the caller's transaction (or, given the database, as a statement of its own). Here because only `db/` and
 * repositories touch Drizzle.
 */
export const jobsOn = (tx: Executor): Db => fromDrizzle(tx, sql);
