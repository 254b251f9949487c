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

/** What a statement sent ahead answers at once (BEGIN's and NOTIFY's answers carry nothing anyone reads). */
const AHEAD_ANSWER = Object.freeze({ command: 'AHEAD', rowCount: 0, rows: [], fields: [], oid: 0 });
const uncork = (stream: { uncork(): void }) => stream.uncork();
const ignore = () => undefined;
const lastOf = (answers: unknown[]) => answers[answers.length - 1];
const textOf = (query: unknown): string | undefined => (typeof query === 'string' ? query : query && typeof query === 'object' && 'text' in query && typeof query.text === 'string' ? query.text : undefined);

type QueryCallback = (err: Error | null, result?: unknown) => void;
type QueryConfigOf = { text: string; name?: string; types?: pg.CustomTypesConfig; rowMode?: 'array' };
/** A config of only what Drizzle sends (text, name, row mode, type parsers): anything else goes to node-postgres as it is. */
const PLAIN_KEYS = new Set(['text', 'name', 'types', 'rowMode']);
function isPlainConfig(value: unknown): value is QueryConfigOf {
  if (!value || typeof value !== 'object' || typeof (value as { text?: unknown }).text !== 'string') return false;
  for (const key in value) if (!PLAIN_KEYS.has(key)) return false;
  return true;
}
type QueryInternals = pg.Query & { name?: string; types?: pg.CustomTypesConfig; callback?: QueryCallback; _rowMode?: string; _result: unknown; _results: unknown };
type FieldDescription = { dataTypeID: number; format?: string };
type ResultInternals = { fields: FieldDescription[]; _parsers: unknown[] | undefined; _types: pg.CustomTypesConfig | undefined; rowAsArray: boolean; addFields(fields: FieldDescription[]): void };
/** node-postgres' result class (not exported on its own): what a query collects its rows into. */
const PgResult = (new pg.Query('') as unknown as QueryInternals)._result!.constructor as new (rowMode: string | undefined, types: pg.CustomTypesConfig | undefined) => ResultInternals;

/**
 * node-postgres' result, but rows as arrays (every Drizzle query) skip its empty row object: for each answer's
 * column descriptions node-postgres builds an object with a property per column and copies it, used only for rows as
 * objects. That was the largest single function of node-postgres in a booking's main-thread profile (2.2%; 4 µs for
 * 15 columns against 0.8). Rows as objects (raw queries, pg-boss) keep node-postgres' own.
 */
class QueryResult extends PgResult {
  override addFields(fields: FieldDescription[]): void {
    if (!this.rowAsArray) return super.addFields(fields);
    this.fields = fields;
    if (fields.length === 0) return;
    const types = this._types ?? pg.types;
    const parsers = new Array<unknown>(fields.length);
    for (let i = 0; i < fields.length; i++) parsers[i] = types.getTypeParser(fields[i]!.dataTypeID, (fields[i]!.format || 'text') as 'text');
    this._parsers = parsers;
  }
}

/**
 * A query made from its text, as node-postgres makes one from a string, then given its name (if any), row mode and
 * type parsers. Handed a config object, node-postgres first copies it property descriptor by property descriptor, which
 * took about 3% of a booking's main-thread time (decision 0041). node-postgres is pinned; every query of every test runs
 * through here, so a change of its internals shows at once.
 */
function builtQuery(config: QueryConfigOf, name: string | undefined, values: unknown[] | undefined, done: QueryCallback | undefined): { query: pg.Query; answer: Promise<unknown> | undefined } {
  const query = new pg.Query(config.text, values) as QueryInternals;
  if (name !== undefined) query.name = name;
  query.types = config.types;
  query._rowMode = config.rowMode;
  query._result = query._results = new QueryResult(config.rowMode, config.types);
  if (done) {
    query.callback = done;
    return { query, answer: undefined };
  }
  const answer = new Promise((resolve, reject) => {
    query.callback = (err, result) => (err ? reject(err) : resolve(result));
  });
  return { query, answer };
}

// A statement on its own (a script of several is answered with all their results, and must stay as it is); a
// savepoint's rollback does not end the transaction.
const BEGIN = /^\s*(begin|start transaction)\b[^;]*;?\s*$/i;
const TRANSACTION_END = /^\s*(commit|end|abort|rollback(?!\s+to\b))\b[^;]*;?\s*$/i;
const COMMIT = /^\s*(commit|end)\b[^;]*;?\s*$/i;
/**
 * PostgreSQL answers the commit of a transaction in which a statement failed with ROLLBACK, not with an error: that
 * answer is an error here, so a transaction that caught a statement's failure and went on can never look committed.
 */
const committed = (result: unknown) => {
  if ((result as { command?: string } | undefined)?.command === 'ROLLBACK') throw new Error('The transaction was rolled back: a statement in it had failed');
  return result;
};
/** A transaction's NOTIFY (listener.ts): delivered at commit, so nobody needs its answer before the next statement. */
const NOTIFY = /^SELECT pg_notify\(\$1, \$2\)$/;

/**
 * A connection that sends every parameterised query as a named prepared statement (decision 0038): PostgreSQL parses
 * a text once per connection and, after a few runs, keeps its plan, instead of parsing and planning the same text on
 * every request; the query itself is unchanged. Statements that already carry a name (`.prepare()`) keep it; those
 * that take no values (`begin`, scripts of several statements) or stream (cursors, COPY) go unnamed.
 *
 * The connection pipelines (node-postgres' `pipeline`: a query is written without waiting for the one before), its
 * socket holds the statements sent in one turn of the event loop for one write, and two statements whose answers
 * carry nothing travel with the statement after them, in one write and one wait (decision 0041): a transaction's
 * BEGIN with its first statement, and a NOTIFY inside a transaction with the next one (usually the commit). Each is
 * sent at once, as before; the next statement's answer is given only when theirs came back too, and an error of theirs
 * is that statement's error. So a failed BEGIN or NOTIFY still fails the transaction: the commit of an aborted
 * transaction would answer ROLLBACK, and it is reported as that error instead.
 */
class NamedStatementClient extends pg.Client {
  /** The answers of statements sent ahead, awaited with the next statement. */
  private ahead: Array<Promise<unknown>> = [];
  private inTransaction = false;
  /** The answer of the statement handed over last, as node-postgres gives it (sentWithCommit carries it). */
  lastAnswer: unknown;

  // @ts-expect-error pg's overloads cannot be restated one by one; the arguments are passed on untouched but for the name.
  override query(...args: QueryArgs) {
    const [first, values, callback] = args as unknown as [unknown, unknown, unknown];
    const done = typeof callback === 'function' ? (callback as QueryCallback) : undefined;
    const text = done ? undefined : textOf(first);
    const begins = text !== undefined && BEGIN.test(text);
    if (begins) this.inTransaction = true;
    else if (text !== undefined && TRANSACTION_END.test(text)) this.inTransaction = false;
    const ahead = begins || (this.inTransaction && text !== undefined && NOTIFY.test(text));
    // Statements sent in one turn of the event loop share one write (a transaction's lock and insert, two reads at once).
    this.corkForTurn();

    let answer: unknown;
    // Without values node-postgres sends the simple protocol, which also carries scripts of several statements (pg-boss
    // sends such); a name would switch it to the extended protocol, which refuses them. Drizzle's configs (its begin and
    // commit, statements named with `.prepare()`) are built here too, so none is copied (see builtQuery).
    const withValues = Array.isArray(values) && values.length > 0;
    const config = typeof first === 'string' ? (withValues ? { text: first } : undefined) : isPlainConfig(first) && (values === undefined || Array.isArray(values)) ? first : undefined;
    if (config) {
      const name = config.name ?? (withValues ? statementName(config.text) : undefined);
      const built = builtQuery(config, name, values as unknown[] | undefined, done);
      (pg.Client.prototype.query as (query: pg.Query) => unknown).call(this, built.query);
      answer = built.answer;
    } else {
      answer = pg.Client.prototype.query.apply(this, args as unknown as Parameters<pg.Client['query']>) as unknown;
    }
    if (text !== undefined && answer instanceof Promise && COMMIT.test(text)) answer = answer.then(committed);
    this.lastAnswer = answer;
    if (!ahead) return this.withAhead(answer);
    // Its failure is reported with the next statement; until then it must not count as unhandled.
    (answer as Promise<unknown>).catch(ignore);
    this.ahead.push(answer as Promise<unknown>);
    return Promise.resolve(AHEAD_ANSWER);
  }

  /**
   * Lets a statement already sent (`answer`) be answered with the next statement sent after it, as a BEGIN or NOTIFY
   * is: the transaction goes on (to its commit) without waiting for it, and its failure is the next statement's.
   */
  carry(answer: Promise<unknown>): void {
    answer.catch(ignore);
    this.ahead.push(answer);
  }

  /** The answer, given once the statements sent ahead of it have answered too (and failing with their error first). */
  private withAhead(answer: unknown) {
    if (this.ahead.length === 0 || !(answer instanceof Promise)) return answer;
    const ahead = this.ahead;
    this.ahead = [];
    ahead.push(answer);
    return Promise.all(ahead).then(lastOf);
  }

  /**
   * Holds the socket's writes until this turn of the event loop is done, so statements sent in the same turn (a
   * statement sent ahead and the next one, as a transaction's first statement is) go out in one write.
   */
  private corkForTurn() {
    const stream = (this as unknown as { connection: { stream: { cork(): void; uncork(): void } } }).connection.stream;
    stream.cork();
    process.nextTick(uncork, stream);
  }
}

/**
 * Sends a statement on `tx` (`send` must send it at once, with no wait before its query) whose answer comes with the
 * transaction's next statement, usually its commit: the transaction goes on without waiting for it, and the commit goes
 * out in the same write. If the statement fails, the transaction has rolled back, and the commit fails with that
 * statement's error (never "committed" with ROLLBACK's answer), so the caller of the transaction gets the error and its
 * events are not delivered. The returned answer is for after the commit.
 */
export function sentWithCommit<T>(tx: Transaction, send: () => Promise<T>): Promise<T> {
  const client = (tx._.session as unknown as { client?: unknown }).client;
  if (!(client instanceof NamedStatementClient)) throw new Error('sentWithCommit: a transaction of createDatabase is needed');
  const before = client.lastAnswer;
  const answer = send();
  // Sent after the commit, it would run outside the transaction: a `send` that waits first is a programming error.
  const sent = client.lastAnswer;
  if (sent === before || !(sent instanceof Promise)) throw new Error('sentWithCommit: the statement was not sent at once');
  // Its own answer, not `send`'s: that one reaches here later than a NOTIFY's sent after it, whose error (the
  // transaction is aborted) would then be reported instead of the cause.
  client.carry(sent);
  answer.catch(ignore);
  return answer;
}

export function createDatabase(url: string, max = 20): Database {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 10_000, Client: NamedStatementClient as unknown as typeof pg.Client, pipeline: true } as pg.PoolConfig);
  // A dropped connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Without the schema: nothing uses Drizzle's relational queries, and with it every transaction (a new PgDatabase)
  // built a query builder for each of the schema's tables.
  return drizzle(pool, { casing: 'snake_case' }) as Database;
}
