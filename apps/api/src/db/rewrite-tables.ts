import type { Database } from './client.ts';

/**
 * Rewrites tables (VACUUM FULL) so that old row versions leave the table's files, not only its visible rows: after a
 * one-time backfill that replaced clear text (modules' clear-text.ts), the dead versions still hold it until their
 * space is reused. Outside a transaction, waiting at most a few seconds for each table's lock: a table it cannot get
 * is left to autovacuum, and named in the answer, rather than stall a start. Table names come from the callers' code,
 * never from input.
 */
export async function rewriteTables(db: Database, tables: readonly string[]): Promise<string[]> {
  const failed: string[] = [];
  const client = await db.$client.connect();
  try {
    await client.query(`SET lock_timeout = '5s'`);
    for (const table of tables) {
      if (!/^[a-z_]+$/.test(table)) throw new Error(`not a table name: ${table}`);
      try {
        await client.query(`VACUUM (FULL) "${table}"`);
      } catch {
        failed.push(table);
      }
    }
  } finally {
    await client.query('RESET lock_timeout').catch(() => {});
    client.release();
  }
  return failed;
}
