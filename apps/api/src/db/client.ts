import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Database = NodePgDatabase<Schema> & { $client: pg.Pool };
/** A transaction or the database: repositories take either, so services decide the transaction's extent. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'query'>;
/** The handle `db.transaction` passes to its callback. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export function createDatabase(url: string, max = 20): Database {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 10_000 });
  // A dropped connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  return drizzle(pool, { schema, casing: 'snake_case' }) as Database;
}
