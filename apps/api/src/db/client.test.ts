import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/harness.ts';
import { MAX_NAMED_STATEMENTS, statementName } from './client.ts';
import { notify } from './listener.ts';
import { users } from './schema/index.ts';

/** Every parameterised query is a named prepared statement, parsed once per connection (decision 0038). */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('transaction edges (decision 0040)', () => {
  /** A Drizzle database on one connection of the pool, and how many answers (round trips) that connection got. */
  const onOneConnection = async () => {
    const client = (await t.db.$client.connect()) as pg.PoolClient & { connection: { on: (e: string, f: () => void) => void } };
    let roundTrips = 0;
    client.connection.on('readyForQuery', () => (roundTrips += 1));
    const db = drizzle(client, { casing: 'snake_case' });
    await db.execute(sql`CREATE TEMP TABLE IF NOT EXISTS edge_probe (n int)`);
    // Parsed once outside a transaction, as a hot statement is: the begin then travels with it.
    await db.execute(sql`INSERT INTO edge_probe VALUES (${0})`);
    await db.execute(sql`DELETE FROM edge_probe`);
    return { client, db, roundTrips: () => roundTrips, rows: async () => (await client.query('SELECT n FROM edge_probe ORDER BY n')).rows.map((r) => r.n as number) };
  };
  const heard = async (channel: string) => {
    const listener = await t.db.$client.connect();
    const payloads: string[] = [];
    listener.on('notification', (m) => payloads.push(m.payload ?? ''));
    await listener.query(`LISTEN ${channel}`);
    return {
      payloads: async () => {
        await new Promise((r) => setTimeout(r, 150));
        return payloads;
      },
      close: async () => {
        await listener.query(`UNLISTEN ${channel}`);
        listener.release();
      },
    };
  };

  it('sends begin with the first statement and the NOTIFY with the commit: two round trips for four statements', async () => {
    const c = await onOneConnection();
    const ear = await heard('edge_channel');
    try {
      const before = c.roundTrips();
      await c.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO edge_probe VALUES (${1})`);
        await notify(tx, 'edge_channel', 'one');
      });
      expect(c.roundTrips() - before).toBe(2);
      expect(await c.rows()).toEqual([1]);
      expect(await ear.payloads()).toEqual(['one']);
    } finally {
      await ear.close();
      c.client.release();
    }
  });

  it('delivers no NOTIFY of a transaction that rolls back, nor of a savepoint that does; the rest at commit, in order', async () => {
    const c = await onOneConnection();
    const ear = await heard('edge_channel2');
    try {
      await expect(
        c.db.transaction(async (tx) => {
          await tx.execute(sql`INSERT INTO edge_probe VALUES (${2})`);
          await notify(tx, 'edge_channel2', 'rolled back');
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      await c.db.transaction(async (tx) => {
        await notify(tx, 'edge_channel2', 'first');
        await tx.transaction(async (sp) => {
          await notify(sp, 'edge_channel2', 'kept savepoint');
        });
        await tx
          .transaction(async (sp) => {
            await sp.execute(sql`INSERT INTO edge_probe VALUES (${3})`);
            await notify(sp, 'edge_channel2', 'undone savepoint');
            throw new Error('undo');
          })
          .catch(() => undefined);
        await notify(tx, 'edge_channel2', 'last');
      });
      expect(await ear.payloads()).toEqual(['first', 'kept savepoint', 'last']);
      expect(await c.rows()).toEqual([]);
    } finally {
      await ear.close();
      c.client.release();
    }
  });

  it('fails as before: a failing first statement or NOTIFY rolls everything back; empty transactions end quietly', async () => {
    const c = await onOneConnection();
    try {
      await expect(c.db.transaction(async (tx) => void (await tx.execute(sql`INSERT INTO edge_probe VALUES (${'not a number'})`)))).rejects.toThrow();
      // A NOTIFY's payload over PostgreSQL's 8,000 bytes fails at commit, with the rows written before it.
      await expect(
        c.db.transaction(async (tx) => {
          await tx.execute(sql`INSERT INTO edge_probe VALUES (${4})`);
          await notify(tx, 'edge_channel3', 'x'.repeat(9000));
        }),
      ).rejects.toSatisfy((err: Error) => /payload string too long/.test(String((err.cause as Error | undefined)?.message)));
      expect(await c.rows()).toEqual([]);
      await c.db.transaction(async () => undefined);
      await expect(c.db.transaction(async () => Promise.reject(new Error('before any statement')))).rejects.toThrow('before any statement');
      // The connection is usable and outside any transaction afterwards.
      await c.db.transaction(async (tx) => void (await tx.execute(sql`INSERT INTO edge_probe VALUES (${5})`)));
      expect(await c.rows()).toEqual([5]);
      expect((await c.client.query('SELECT now() = statement_timestamp() AS outside')).rows[0].outside).toBe(true);
    } finally {
      c.client.release();
    }
  });

  it('sends a statement not yet parsed on its connection after a begin of its own', async () => {
    const c = await onOneConnection();
    try {
      const text = sql`INSERT INTO edge_probe VALUES (${6}) RETURNING n * ${10} AS m`;
      const before = c.roundTrips();
      const answer = await c.db.transaction(async (tx) => (await tx.execute<{ m: number }>(text)).rows[0]!.m);
      expect(answer).toBe(60);
      expect(c.roundTrips() - before).toBe(3);
      expect(await c.rows()).toEqual([6]);
    } finally {
      c.client.release();
    }
  });
});

describe('named statements', () => {
  it('names a text by itself: the same text the same name, another text another', () => {
    const a = statementName('SELECT $1::int AS n');
    expect(a).toMatch(/^q_[\w-]{32}$/);
    expect(statementName('SELECT $1::int AS n')).toBe(a);
    expect(statementName('SELECT $1::int AS m')).not.toBe(a);
  });

  it('prepares a query with values once on its connection and answers it each time', async () => {
    const client = await t.db.$client.connect();
    try {
      const text = 'SELECT $1::int + 1 AS n';
      expect((await client.query(text, [1])).rows[0].n).toBe(2);
      expect((await client.query({ text, values: [41] })).rows[0].n).toBe(42);
      const prepared = await client.query('SELECT name, statement FROM pg_prepared_statements');
      // One statement for the text, under its name, though it ran twice in two forms.
      expect(prepared.rows.filter((r) => r.statement === text)).toEqual([{ name: statementName(text), statement: text }]);
    } finally {
      client.release();
    }
  });

  it('leaves queries without values unnamed: a script of several statements still runs', async () => {
    const client = await t.db.$client.connect();
    try {
      const script = "CREATE TEMP TABLE named_statement_probe (n int); INSERT INTO named_statement_probe VALUES (7); SELECT 'x' AS x";
      await client.query(script, []);
      expect((await client.query('SELECT n FROM named_statement_probe')).rows).toEqual([{ n: 7 }]);
      const prepared = await client.query("SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement LIKE '%named_statement_probe%'");
      expect(prepared.rows[0].n).toBe(0);
      await client.query('DROP TABLE named_statement_probe');
    } finally {
      client.release();
    }
  });

  it("runs Drizzle's queries and transactions as before, inside and outside a transaction", async () => {
    const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(users).where(sql`${users.email} = ${'nobody@example.com'}`))[0]!.n;
    expect(await count()).toBe(0);
    expect(await count()).toBe(0);
    const inTx = await t.db.transaction(async (tx) => (await tx.execute<{ n: number }>(sql`SELECT ${5}::int AS n`)).rows[0]!.n);
    expect(inTx).toBe(5);
  });

  // Last in the file: it fills this process's table of names.
  it(`names at most ${MAX_NAMED_STATEMENTS} texts; past that a text runs unnamed, and named ones keep their names`, () => {
    const kept = statementName('SELECT $1::int AS n')!;
    for (let i = 0; statementName(`SELECT $1::int AS filler_${i}`) !== undefined; i += 1) expect(i).toBeLessThan(MAX_NAMED_STATEMENTS);
    expect(statementName('SELECT $1::int AS one_too_many')).toBeUndefined();
    expect(statementName('SELECT $1::int AS n')).toBe(kept);
  });
});
