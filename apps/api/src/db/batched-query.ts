import pg from 'pg';

/** A statement sent ahead of a query, in the same round trip. */
export interface Ahead {
  text: string;
  values: unknown[];
}

/** What pg's Connection offers a query as it is submitted (the parts used here). */
interface WireConnection {
  stream: { cork?: () => void; uncork?: () => void };
  parse(msg: { text: string; name: string; types: number[] }): void;
  bind(msg: { portal: string; statement: string; values: unknown[]; valueMapper: (value: unknown) => unknown }): void;
  describe(msg: { type: 'P'; name: string }): void;
  execute(msg: { portal: string }): void;
}

const asText = (value: unknown) => (value === null || value === undefined ? null : String(value));

/**
 * A query with statements written ahead of it in one round trip (decision 0040): each goes out as the extended
 * protocol's parse, bind, describe and execute on the unnamed statement, then the query itself with its own sync. The
 * server runs them in order and answers once; an error skips the rest up to the sync, so the query fails with it (in
 * a transaction, which is then aborted and rolled back, as when they were sent one by one). The answer is the query's
 * own result, not the ones ahead of it. The query must use the extended protocol (values, a name, or
 * `queryMode: 'extended'`): a simple-protocol message cannot follow an unsynced extended one.
 */
export function batchedQuery(config: pg.QueryConfig, ahead: Ahead[]): { query: pg.Query; result: Promise<pg.QueryResult> } {
  const query = new pg.Query(config);
  const submit = (query.submit as unknown as (connection: WireConnection) => Error | null).bind(query);
  (query as unknown as { submit: (connection: WireConnection) => Error | null }).submit = (connection) => {
    connection.stream.cork?.();
    try {
      for (const statement of ahead) {
        connection.parse({ text: statement.text, name: '', types: [] });
        connection.bind({ portal: '', statement: '', values: statement.values, valueMapper: asText });
        connection.describe({ type: 'P', name: '' });
        connection.execute({ portal: '' });
      }
      return submit(connection);
    } finally {
      connection.stream.uncork?.();
    }
  };
  const result = new Promise<pg.QueryResult>((resolve, reject) => {
    // With statements ahead, node-postgres answers with every statement's result; the query's is the last.
    (query as unknown as { callback: (err: Error | null, res?: pg.QueryResult | pg.QueryResult[]) => void }).callback = (err, res) => {
      if (err) reject(err);
      else resolve(Array.isArray(res) ? res[res.length - 1]! : res!);
    };
  });
  return { query, result };
}
