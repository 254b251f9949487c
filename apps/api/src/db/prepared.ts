import type { Executor } from './client.ts';

/**
 * A statement built once per executor and run with `sql.placeholder` values: the pool is one executor for the life of
 * the process, so a hot read skips Drizzle's query building (about a fifth of a booking's main-thread time before);
 * a transaction is a new executor each time and builds afresh. The statement's `.prepare(name)` also names it on
 * every connection, where PostgreSQL parses it once.
 */
export function preparedPerExecutor<T>(build: (ex: Executor) => T): (ex: Executor) => T {
  const built = new WeakMap<Executor, T>();
  return (ex) => {
    let statement = built.get(ex);
    if (!statement) built.set(ex, (statement = build(ex)));
    return statement;
  };
}
