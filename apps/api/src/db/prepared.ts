import type { Executor } from './client.ts';

/** What a Drizzle prepared query keeps of its statement (drizzle-orm/node-postgres' NodePgPreparedQuery; pinned). */
interface DrizzlePrepared {
  rawQueryConfig: { name?: string; text: string };
  params: unknown[];
  fields: unknown;
  _isResponseInArrayMode: boolean;
  customResultMapper?: unknown;
  joinsNotNullableMap?: unknown;
}
const isDrizzlePrepared = (value: unknown): value is DrizzlePrepared =>
  typeof value === 'object' && value !== null && 'rawQueryConfig' in value && 'params' in value && 'fields' in value && '_isResponseInArrayMode' in value;
type PrepareQuery = (query: { sql: string; params: unknown[] }, fields: unknown, name: string | undefined, isResponseInArrayMode: boolean, customResultMapper?: unknown) => DrizzlePrepared;

/**
 * A statement built once and run with `sql.placeholder` values on any executor: Drizzle's query building (about a fifth
 * of a booking's main-thread time before) happens for the first executor only. A transaction is a new executor each
 * time: it gets the same statement (text, placeholders, result mapping) bound to its own connection, as Drizzle's
 * `.prepare()` would have made it there, without building the query again. The statement's `.prepare(name)` also
 * names it on every connection, where PostgreSQL parses it once. Anything but a Drizzle prepared query is built per
 * executor.
 */
export function preparedPerExecutor<T>(build: (ex: Executor) => T): (ex: Executor) => T {
  const built = new WeakMap<Executor, T>();
  let template: DrizzlePrepared | undefined;
  return (ex) => {
    let statement = built.get(ex);
    if (statement) return statement;
    if (template) {
      const { rawQueryConfig, params, fields, _isResponseInArrayMode, customResultMapper, joinsNotNullableMap } = template;
      const prepare = (ex._.session as unknown as { prepareQuery: PrepareQuery }).prepareQuery.bind(ex._.session);
      const copy = prepare({ sql: rawQueryConfig.text, params }, fields, rawQueryConfig.name, _isResponseInArrayMode, customResultMapper);
      copy.joinsNotNullableMap = joinsNotNullableMap;
      statement = copy as T;
    } else {
      statement = build(ex);
      if (isDrizzlePrepared(statement)) template = statement;
    }
    built.set(ex, statement);
    return statement;
  };
}
