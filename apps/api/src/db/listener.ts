import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Executor } from './client.ts';

/**
 * The `realtime` port's receiving side on PostgreSQL LISTEN/NOTIFY (DESIGN.md §9): a write publishes with
 * `pg_notify` inside its transaction (delivered only if it commits), and every instance hears it here. One pooled
 * connection is held for listening. While it is down, `listening` is false and callers must not trust anything they
 * cached on the strength of these signals; it reconnects by itself. `onReset` runs when the connection is lost and
 * again once it listens again, since anything sent in between was missed.
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
  /** Whether a connection was lost before: the next LISTEN ends a gap. */
  let dropped = false;
  const reconnectLater = () => {
    dropped = true;
    onReset();
    // One attempt at a time: a lost connection is reported by its `error` event and by its failed LISTEN alike.
    if (retry) clearTimeout(retry);
    if (!closed) retry = setTimeout(() => (connecting = connect()), 1000);
  };
  /** The listening connection `c` broke: released as broken and replaced, once, however many ways it was told. */
  const lose = (c: pg.PoolClient) => {
    if (client !== c) return;
    drop(c, true);
    reconnectLater();
  };

  async function connect(): Promise<void> {
    retry = undefined;
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
    c.on('error', () => lose(c));
    try {
      await c.query(`LISTEN "${channel}"`);
      listening = client === c;
      // Listening again after a break: what was sent meanwhile was missed, so whoever relies on it reads again now
      // (a reset at the break alone would come before the gap had ended).
      if (listening && dropped) onReset();
    } catch {
      lose(c);
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
  await db.execute(sql`SELECT pg_notify(${channel}, ${payload})`);
}
