import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { compiledStatement } from './compiled.ts';
import type { Executor } from './client.ts';

/**
 * The `realtime` port's receiving side on PostgreSQL LISTEN/NOTIFY (DESIGN.md §9): a write publishes with
 * `pg_notify` inside its transaction (delivered only if it commits), and every instance hears it here. One pooled
 * connection is held for listening. While it is down, `listening` is false and callers must not trust anything they
 * cached on the strength of these signals; it reconnects by itself.
 */
export interface PgListener {
  readonly listening: boolean;
  close(): Promise<void>;
}

export function listenTo(
  pool: pg.Pool,
  channel: string,
  onMessage: (payload: string) => void,
  onReset: () => void,
): PgListener {
  let client: pg.PoolClient | undefined;
  let listening = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let connecting: Promise<void> = Promise.resolve();

  const drop = (c: pg.PoolClient, broken: boolean) => {
    if (client !== c) return; // released already
    client = undefined;
    listening = false;
    c.release(broken);
  };
  const reconnectLater = () => {
    onReset();
    if (!closed) retry = setTimeout(() => (connecting = connect()), 1000);
  };

  async function connect(): Promise<void> {
    let c: pg.PoolClient;
    try {
      c = await pool.connect();
    } catch {
      reconnectLater();
      return;
    }
    if (closed) {
      c.release();
      return;
    }
    client = c;
    c.on('notification', (n) => {
      if (n.channel === channel) onMessage(n.payload ?? '');
    });
    c.on('error', () => {
      if (client !== c) return;
      drop(c, true);
      reconnectLater();
    });
    try {
      await c.query(`LISTEN "${channel}"`);
      listening = client === c;
    } catch {
      drop(c, true);
      reconnectLater();
    }
  }
  connecting = connect();

  return {
    get listening() {
      return listening;
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await connecting;
      const c = client;
      if (c) {
        await c.query(`UNLISTEN "${channel}"`).catch(() => undefined);
        drop(c, false);
      }
    },
  };
}

/** Sends on a channel inside the caller's transaction: PostgreSQL delivers it at commit, and never on rollback. */
export async function notify(db: Executor, channel: string, payload: string): Promise<void> {
  await notifyStatement(db, { channel, payload });
}
/** Built once: it runs with every booking and every change that other instances must hear of. */
const notifyStatement = compiledStatement(() => sql`SELECT pg_notify(${sql.placeholder('channel')}, ${sql.placeholder('payload')})`);
