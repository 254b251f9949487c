import type { Query, SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

/** Renders statements as the database's own Drizzle does (createDatabase: snake_case columns). */
const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * A statement Drizzle builds once, with `sql.placeholder` values, and runs on any executor, the pool or a transaction,
 * with the values of each run. `preparedPerExecutor` builds once per executor, which for a transaction (a new executor
 * each time) is every time: the bookings' insert cost about a tenth of a booking's main-thread time to build (decision
 * 0040). The text never changes, so the connection runs it as one named statement (decision 0038).
 */
export function compiledStatement<Row extends Record<string, unknown>>(build: (ex: Executor) => SQLWrapper): (ex: Executor, values: Record<string, unknown>) => Promise<Row[]> {
  let query: Query | undefined;
  return async (ex, values) => {
    query ??= dialect.sqlToQuery(build(ex).getSQL());
    const result = (await ex._.session.prepareQuery(query, undefined, undefined, false).execute(values)) as { rows: Row[] };
    return result.rows;
  };
}
