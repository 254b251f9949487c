import type { Executor } from './client.ts';

/**
 * A Drizzle statement built with `.prepare(name)` for each executor it runs on: once for the database itself, and
 * once per transaction (a prepared query belongs to the executor that built it, and a transaction is a new executor
 * each time). The name makes PostgreSQL parse the text once per connection and keep its plan; the statement runs with
 * `.execute(values)` for its `sql.placeholder`s.
 */
export function preparedPerExecutor<T>(build: (ex: Executor) => T): (ex: Executor) => T {
  const built = new WeakMap<Executor, T>();
  return (ex) => {
    let statement = built.get(ex);
    if (!statement) {
      statement = build(ex);
      built.set(ex, statement);
    }
    return statement;
  };
}
