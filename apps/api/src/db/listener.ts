import type pg from 'pg';

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

  const connect = async (): Promise<void> => {
    try {
      const c = await pool.connect();
      if (closed) {
        c.release();
        return;
      }
      c.on('notification', (n) => {
        if (n.channel === channel) onMessage(n.payload ?? '');
      });
      c.on('error', () => {
        listening = false;
        onReset();
        c.release(true);
        client = undefined;
        if (!closed) retry = setTimeout(() => void connect(), 1000);
      });
      await c.query(`LISTEN "${channel}"`);
      if (closed) {
        c.release();
        return;
      }
      client = c;
      listening = true;
    } catch {
      listening = false;
      onReset();
      if (!closed) retry = setTimeout(() => void connect(), 1000);
    }
  };
  void connect();

  return {
    get listening() {
      return listening;
    },
    async close() {
      closed = true;
      listening = false;
      if (retry) clearTimeout(retry);
      const c = client;
      client = undefined;
      if (c) {
        await c.query(`UNLISTEN "${channel}"`).catch(() => undefined);
        c.release();
      }
    },
  };
}
