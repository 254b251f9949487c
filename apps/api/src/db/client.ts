import crypto from 'node:crypto';
import type { Logger } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';

export type Database = NodePgDatabase & { $client: pg.Pool };
/** A transaction or the database: repositories take either, so services decide the transaction's extent. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;
/** The handle `db.transaction` passes to its callback. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseOptions {
  /** Connections in the pool. */
  max?: number;
  /** Told of every connection that is lost (a terminated backend, a restarted server); the pool replaces it. */
  onConnectionLost?: (err: Error) => void;
  /** Drizzle's own query logger (the bench records a booking's statements with it). */
  logger?: Logger;
}

/**
 * The database on stock node-postgres and Drizzle's node-postgres driver (decision 0046), with only their documented
 * options:
 * - `pipeline`: queries sent on one connection without waiting for the one before (node-postgres' pipelining), so
 *   independent reads inside a transaction, sent together with `Promise.all`, share a round trip. Every query still
 *   gets its own answer or error, and nothing depends on their order.
 * - A lost connection never crashes the process: node-postgres emits `error` on a client whose connection breaks while
 *   no query of it is running, and pg-pool listens only on idle clients. A checked-out client (a transaction between
 *   two statements) gets a listener here when it is made; the query in flight fails with the connection's error, which
 *   the API answers with 503 (platform/http/error-handler.ts), and the pool drops the broken client when it is
 *   released.
 * - `connectionTimeoutMillis`: a request waits at most 15 s for a connection (a server that does not answer, or a burst
 *   that holds every pooled connection) instead of forever; a server that is down refuses at once. `keepAlive` finds a
 *   peer that vanished without closing its socket.
 */
export function createDatabase(url: string, options: DatabaseOptions = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 20,
    idleTimeoutMillis: 10_000,
    connectionTimeoutMillis: 15_000,
    keepAlive: true,
    pipeline: true,
  });
  const lost = (err: Error) => options.onConnectionLost?.(err);
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
  // Without the schema: nothing uses Drizzle's relational queries, and with it every transaction (a new PgDatabase)
  // built a query builder for each of the schema's tables.
  return drizzle(pool, { casing: 'snake_case', ...(options.logger ? { logger: options.logger } : {}) }) as Database;
}

/** A prepared statement's name made from its text: one text, one name, on every connection and every instance. */
export function statementName(text: string): string {
  return `q_${crypto.createHash('sha256').update(text).digest('base64url').slice(0, 32)}`;
}
