import { sql } from 'drizzle-orm';
import { fromDrizzle, type Db } from 'pg-boss';
import type { Executor } from './client.ts';

/**
 * pg-boss's own Drizzle adapter (`fromDrizzle`, pg-boss 12): a pg-boss call given this as its `db` option runs its SQL
 * on the caller's transaction (or, given the database, as a statement of its own). Here because only `db/` and
 * repositories touch Drizzle.
 */
export const jobsOn = (tx: Executor): Db => fromDrizzle(tx, sql);
