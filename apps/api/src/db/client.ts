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

/** What a statement that is sent ahead answers at once (BEGIN's and NOTIFY's answers carry nothing). */
const aheadAnswer = (command: string) => Promise.resolve({ command, rowCount: 0, rows: [], fields: [], oid: 0 });
const textOf = (query: unknown): string | undefined => (typeof query === 'string' ? query : query && typeof query === 'object' && 'text' in query && typeof query.text === 'string' ? query.text : undefined);
const BEGIN = /^begin\b/i;
const TRANSACTION_END = /^(commit|rollback|end|abort)\b/i;
/** A transaction's NOTIFY (listener.ts): delivered at commit, so nobody needs its answer before the next statement. */
const NOTIFY = /^SELECT pg_notify\(\$1, \$2\)$/;

/**
 * A connection that sends every parameterised query as a named prepared statement (decision 0038): PostgreSQL parses
 * a text once per connection and, after a few runs, keeps its plan, instead of parsing and planning the same text on
 * every request; the query itself is unchanged. Statements that already carry a name (`.prepare()`), take no values
 * (`begin`, scripts of several statements) or stream (cursors, COPY) are sent as they are.
 *
 * The connection pipelines (node-postgres' `pipeline`: a query is written without waiting for the one before), and
 * two statements whose answers carry nothing travel with the statement after them, in one write and one wait
 * (decision 0041): a transaction's BEGIN with its first statement, and a NOTIFY inside a transaction with the next one
 * (usually the commit). Each is sent at once, as before; the next statement's answer is given only when theirs came
 * back too, and an error of theirs is that statement's error. So a failed BEGIN or NOTIFY still fails the transaction:
 * the commit of an aborted transaction would answer ROLLBACK, and it is reported as that error instead.
 */
class NamedStatementClient extends pg.Client {
  /** The answers of statements sent ahead, awaited with the next statement. */
  private ahead: Array<Promise<unknown>> = [];
  private inTransaction = false;

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
    const send = () => (super.query as (...a: unknown[]) => unknown)(...(args as unknown[]));
    const text = typeof args[args.length - 1] === 'function' ? undefined : textOf(first);
    if (text !== undefined) {
      if (BEGIN.test(text)) {
        this.inTransaction = true;
        return this.sendAhead(send, 'BEGIN');
      }
      if (this.inTransaction && NOTIFY.test(text)) return this.sendAhead(send, 'SELECT');
      if (TRANSACTION_END.test(text)) this.inTransaction = false;
    }
    const answer = send();
    if (this.ahead.length === 0 || !(answer instanceof Promise)) return answer;
    const ahead = this.ahead;
    this.ahead = [];
    return Promise.all([...ahead, answer]).then((answers) => answers[answers.length - 1]);
  }

  /**
   * Writes the statement now, into the stream held corked until this turn of the event loop is done, so the next
   * statement (sent in the same turn, as a transaction's first statement is) goes out in the same write.
   */
  private sendAhead(send: () => unknown, command: string) {
    const stream = (this as unknown as { connection: { stream: NodeJS.WritableStream & { cork(): void; uncork(): void } } }).connection.stream;
    stream.cork();
    process.nextTick(() => stream.uncork());
    const answer = send() as Promise<unknown>;
    // Its failure is reported with the next statement; until then it must not count as unhandled.
    answer.catch(() => {});
    this.ahead.push(answer);
    return aheadAnswer(command);
  }
}

export function createDatabase(url: string, max = 20): Database {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 10_000, Client: NamedStatementClient as unknown as typeof pg.Client, pipeline: true } as pg.PoolConfig);
  // A dropped connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Without the schema: nothing uses Drizzle's relational queries, and with it every transaction (a new PgDatabase)
  // built a query builder for each of the schema's tables.
  return drizzle(pool, { casing: 'snake_case' }) as Database;
}
