import crypto from 'node:crypto';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';

export type Database = NodePgDatabase & { $client: pg.Pool };
/** A transaction or the database: repositories take either, so services decide the transaction's extent. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute' | '_'>;
/** The handle `db.transaction` passes to its callback. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * How many distinct statement texts get a name. Query builders make a new text for each length of an `IN (...)` list
 * or a multi-row insert, so the set is open-ended; past this many the rest run unnamed, as before (decision 0038).
 */
export const MAX_NAMED_STATEMENTS = 2000;
const statementNames = new Map<string, string>();

/** The statement's name: derived from its text, so every connection and every instance gives one text one name. */
export function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `q_${crypto.createHash('sha256').update(text).digest('base64url').slice(0, 32)}`;
    statementNames.set(text, name);
  }
  return name;
}

type QueryArgs = Parameters<pg.Client['query']>;

/**
 * A connection that sends every parameterised query as a named prepared statement (decision 0038): PostgreSQL parses
 * a text once per connection and, after a few runs, keeps its plan, instead of parsing and planning the same text on
 * every request; the query itself is unchanged. Statements that already carry a name (`.prepare()`), take no values
 * (`begin`, scripts of several statements) or stream (cursors, COPY) are sent as they are.
 */
class NamedStatementClient extends pg.Client {
  // @ts-expect-error pg's overloads cannot be restated one by one; the arguments are passed on untouched but for the name.
  override query(...args: QueryArgs) {
    const [first, values] = args as unknown as [unknown, unknown];
    // Without values node-postgres sends the simple protocol, which also carries scripts of several statements (pg-boss
    // sends such); a name would switch it to the extended protocol, which refuses them.
    if (Array.isArray(values) && values.length > 0) {
      if (typeof first === 'string') {
        const name = statementName(first);
        if (name) (args as unknown[])[0] = { text: first, name };
      } else if (first && typeof first === 'object' && !('submit' in first)) {
        const config = first as pg.QueryConfig;
        const name = config.name === undefined && typeof config.text === 'string' ? statementName(config.text) : undefined;
        if (name) (args as unknown[])[0] = { ...config, name };
      }
    }
    return (super.query as (...a: unknown[]) => unknown)(...(args as unknown[]));
  }
}

export function createDatabase(url: string, max = 20): Database {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 10_000, Client: NamedStatementClient as unknown as typeof pg.Client });
  // A dropped connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Without the schema: nothing uses Drizzle's relational queries, and with it every transaction (a new PgDatabase)
  // built a query builder for each of the schema's tables.
  return drizzle(pool, { casing: 'snake_case' }) as Database;
}
