import crypto from 'node:crypto';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { batchedQuery, type Ahead } from './batched-query.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Database = NodePgDatabase<Schema> & { $client: pg.Pool };
/** A transaction or the database: repositories take either, so services decide the transaction's extent. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'query'>;
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

/** The statement `realtime.publish` sends (listener.ts `notify`); inside a transaction it travels with the commit. */
export const NOTIFY_TEXT = 'SELECT pg_notify($1, $2)';
const SAVEPOINT = /^savepoint (\w+)$/;
const RELEASE = /^release savepoint (\w+)$/;
const ROLLBACK_TO = /^rollback to savepoint (\w+)$/;
const answered = (command: string, rows: unknown[] = []): Promise<pg.QueryResult> => Promise.resolve({ command, rowCount: rows.length, oid: 0, rows, fields: [] } as pg.QueryResult);

/**
 * A connection that sends every parameterised query as a named prepared statement (decision 0038): PostgreSQL parses
 * a text once per connection and, after a few runs, keeps its plan, instead of parsing and planning the same text on
 * every request; the query itself is unchanged. Statements that already carry a name (`.prepare()`), take no values
 * (`begin`, scripts of several statements) or stream (cursors, COPY) are sent as they are.
 *
 * A Drizzle transaction also saves two round trips (decision 0040): its `begin` goes out with its first statement,
 * and the NOTIFYs it sends (domain events to the other instances) go out with its `commit`. Both are answered at once
 * and fail as before: an error in either aborts the transaction, which Drizzle then rolls back. A NOTIFY is only ever
 * delivered at commit anyway; one sent under a savepoint that is rolled back is dropped, as PostgreSQL would.
 */
class NamedStatementClient extends pg.Client {
  /** A `begin` not sent yet: it goes ahead of the transaction's first statement. */
  #beginPending = false;
  #inTransaction = false;
  /** The open transaction's NOTIFYs (their values), and how many there were at each open savepoint. */
  #notifies: unknown[][] = [];
  #savepoints: Array<{ name: string; notifies: number }> = [];

  // @ts-expect-error pg's overloads cannot be restated one by one; the arguments are passed on untouched but for the name.
  override query(...args: QueryArgs) {
    const [first, values] = args as unknown as [unknown, unknown];
    const config = typeof first === 'string' ? { text: first } : first && typeof first === 'object' && !('submit' in first) ? (first as pg.QueryConfig) : undefined;
    const hasValues = Array.isArray(values) && values.length > 0;
    const callbackStyle = args.some((a) => typeof a === 'function');
    if (config && !callbackStyle && typeof config.text === 'string') {
      const edge = this.#transactionEdge(config.text, hasValues ? (values as unknown[]) : undefined);
      if (edge) return edge;
    }
    // Without values node-postgres sends the simple protocol, which also carries scripts of several statements (pg-boss
    // sends such); a name would switch it to the extended protocol, which refuses them.
    let named = config;
    if (hasValues && config && typeof config.text === 'string' && config.name === undefined) {
      const name = statementName(config.text);
      if (name) named = { ...config, name };
    }
    if (this.#beginPending) {
      this.#beginPending = false;
      if (named && !callbackStyle) return this.#withBegin(named, hasValues ? (values as unknown[]) : undefined);
      // Anything else (a callback, a cursor) goes after a begin of its own; were it to fail, so would what follows.
      void super.query('BEGIN').catch(() => undefined);
    }
    if (named !== config) (args as unknown[])[0] = named;
    return (super.query as (...a: unknown[]) => unknown)(...(args as unknown[]));
  }

  /** Drizzle's transaction edges (its exact texts): answered here, or sent with what follows or precedes them. */
  #transactionEdge(text: string, values: unknown[] | undefined): Promise<pg.QueryResult> | undefined {
    if (!values && text === 'begin') {
      this.#beginPending = true;
      this.#inTransaction = true;
      this.#notifies = [];
      this.#savepoints = [];
      return answered('BEGIN');
    }
    if (!values && (text === 'commit' || text === 'rollback')) {
      const notifies = this.#notifies;
      const beginPending = this.#beginPending;
      this.#beginPending = false;
      this.#inTransaction = false;
      this.#notifies = [];
      this.#savepoints = [];
      // Nothing was sent: there is no transaction to end (an empty one, or one that failed before its first statement).
      if (beginPending && (text === 'rollback' || notifies.length === 0)) return answered(text.toUpperCase());
      if (text === 'commit' && notifies.length > 0) {
        const ahead = [...(beginPending ? [{ text: 'BEGIN', values: [] }] : []), ...notifies.map((v) => ({ text: NOTIFY_TEXT, values: v }))];
        return this.#batch({ text: 'COMMIT', queryMode: 'extended' } as pg.QueryConfig, ahead);
      }
      return undefined;
    }
    if (!this.#inTransaction) return undefined;
    if (values && text === NOTIFY_TEXT) {
      this.#notifies.push(values);
      return answered('SELECT', [{ pg_notify: '' }]);
    }
    if (!values) {
      const opened = SAVEPOINT.exec(text)?.[1];
      if (opened) this.#savepoints.push({ name: opened, notifies: this.#notifies.length });
      const released = RELEASE.exec(text)?.[1];
      if (released) this.#savepoints.splice(this.#savepoints.findLastIndex((s) => s.name === released));
      const undone = ROLLBACK_TO.exec(text)?.[1];
      if (undone) {
        const at = this.#savepoints.findLast((s) => s.name === undone);
        if (at) this.#notifies.length = at.notifies;
      }
    }
    return undefined;
  }

  /**
   * The transaction's first statement, with its `begin` ahead of it when the statement uses the extended protocol and
   * is parsed on this connection already (node-postgres would take the begin's parse for a new statement's); else the
   * `begin` goes first on its own.
   */
  #withBegin(config: pg.QueryConfig, values: unknown[] | undefined): Promise<pg.QueryResult> {
    const parsed = (this as unknown as { connection: { parsedStatements: Record<string, string> } }).connection.parsedStatements;
    const extended = values !== undefined || config.name !== undefined || (config as { queryMode?: string }).queryMode === 'extended';
    if (extended && (config.name === undefined || parsed[config.name] === config.text)) return this.#batch({ ...config, values: values ?? config.values }, [{ text: 'BEGIN', values: [] }]);
    const begin = super.query('BEGIN');
    const statement = (super.query as (...a: unknown[]) => Promise<pg.QueryResult>)(config, values);
    return Promise.all([begin, statement]).then(([, result]) => result);
  }

  #batch(config: pg.QueryConfig, ahead: Ahead[]): Promise<pg.QueryResult> {
    const { query, result } = batchedQuery(config, ahead);
    (super.query as (q: unknown) => unknown)(query);
    return result;
  }
}

export function createDatabase(url: string, max = 20): Database {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 10_000, Client: NamedStatementClient as unknown as typeof pg.Client });
  // A dropped connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  return drizzle(pool, { schema, casing: 'snake_case' }) as Database;
}
