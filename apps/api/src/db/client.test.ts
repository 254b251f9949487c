import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/harness.ts';
import { createDatabase, MAX_NAMED_STATEMENTS, sentWithCommit, statementName, type Database } from './client.ts';
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

  it('parses every column of rows as arrays and as objects by its type, again for each answer of a named statement', async () => {
    // Drizzle reads rows as arrays (its own parsers: timestamps stay text); raw queries as objects (node-postgres').
    const read = () =>
      t.db
        .select({ n: sql<number>`${7}::int`, big: sql<string>`${2}::bigint`, on: sql<boolean>`${true}::boolean`, doc: sql<unknown>`json_build_object('a', ${1}::int)`, list: sql<number[]>`ARRAY[${1}::int, 2]`, at: sql<string>`${'2026-11-28T10:00:00Z'}::timestamptz`, none: sql<null>`NULL::int` })
        .from(sql`(SELECT 1) AS one`);
    for (let round = 0; round < 3; round++) {
      expect(await read()).toEqual([{ n: 7, big: '2', on: true, doc: { a: 1 }, list: [1, 2], at: '2026-11-28 10:00:00+00', none: null }]);
    }
    const raw = await t.db.$client.query('SELECT $1::int AS n, $2::boolean AS on, NULL::text AS none', [3, false]);
    expect(raw.rows).toEqual([{ n: 3, on: false, none: null }]);
  });

  describe('statements whose answers carry nothing travel with the next one (decision 0041)', () => {
    // One connection, so the test sees the socket every transaction writes to.
    let one: Database;
    let writes = 0;
    beforeAll(async () => {
      one = createDatabase(String(t.db.$client.options.connectionString), 1);
      const client = await one.$client.connect();
      const stream = (client as unknown as { connection: { stream: Record<'_write' | '_writev', (...a: unknown[]) => unknown> } }).connection.stream;
      for (const method of ['_write', '_writev'] as const) {
        const original = stream[method].bind(stream);
        stream[method] = (...a: unknown[]) => {
          writes += 1;
          return original(...a);
        };
      }
      client.release();
      await one.execute(sql`CREATE TABLE IF NOT EXISTS ahead_rows (n int)`);
    });
    afterAll(async () => {
      await one.$client.end();
    });

    it('writes BEGIN with the first statement and a NOTIFY with the commit: two writes for four statements', async () => {
      writes = 0;
      const n = await one.transaction(async (tx) => {
        const row = (await tx.execute<{ n: number }>(sql`INSERT INTO ahead_rows (n) VALUES (${1}) RETURNING n`)).rows[0]!.n;
        await notify(tx, 'ahead_test', 'hello');
        return row;
      });
      expect(n).toBe(1);
      expect(writes).toBe(2);
      expect((await one.execute<{ c: number }>(sql`SELECT count(*)::int AS c FROM ahead_rows WHERE n = 1`)).rows[0]!.c).toBe(1);
    });

    it('writes statements sent in one turn together: a read, then two statements at once, then the commit in three writes', async () => {
      writes = 0;
      const [a, b] = await one.transaction(async (tx) => {
        await tx.execute(sql`SELECT ${0}::int AS n`);
        return Promise.all([tx.execute<{ n: number }>(sql`SELECT ${1}::int AS n`), tx.execute<{ n: number }>(sql`SELECT ${2}::int AS n`)]);
      });
      expect([a.rows[0]!.n, b.rows[0]!.n]).toEqual([1, 2]);
      expect(writes).toBe(3);
    });

    it("fails the transaction with a NOTIFY's error, and nothing of it stays", async () => {
      await expect(
        one.transaction(async (tx) => {
          await tx.execute(sql`INSERT INTO ahead_rows (n) VALUES (${2})`);
          // PostgreSQL refuses a payload of 8,000 bytes or more; the commit then answers ROLLBACK, and fails with that cause.
          await notify(tx, 'ahead_test', 'x'.repeat(9000));
        }),
      ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/payload string too long/) } });
      expect((await one.execute<{ c: number }>(sql`SELECT count(*)::int AS c FROM ahead_rows WHERE n = 2`)).rows[0]!.c).toBe(0);
    });

    it('fails the transaction with its first statement\'s error, and the connection serves the next one', async () => {
      await expect(one.transaction(async (tx) => tx.execute(sql`SELECT no_such_column FROM ahead_rows`))).rejects.toThrow(/no_such_column/);
      expect(await one.transaction(async (tx) => (await tx.execute<{ n: number }>(sql`SELECT ${3}::int AS n`)).rows[0]!.n)).toBe(3);
    });

    it('leaves a script that begins and commits alone: its answers are its own, and a later NOTIFY is not held', async () => {
      const client = await one.$client.connect();
      try {
        const answers = (await client.query('BEGIN; SELECT 7 AS n; COMMIT')) as unknown as Array<{ command: string; rows: unknown[] }>;
        expect(answers.map((a) => a.command)).toEqual(['BEGIN', 'SELECT', 'COMMIT']);
        expect(answers[1]!.rows).toEqual([{ n: 7 }]);
        // Not in a transaction now: a NOTIFY that fails says so itself.
        await expect(client.query('SELECT pg_notify($1, $2)', ['ahead_test', 'x'.repeat(9000)])).rejects.toThrow(/payload string too long/);
      } finally {
        client.release();
      }
    });

    it('sends a statement with the commit (sentWithCommit): BEGIN, the insert, a NOTIFY and the commit in one write', async () => {
      writes = 0;
      const { insert } = await one.transaction(async (tx) => {
        // Drizzle's `execute` sends when it is awaited; `then` sends it at once.
        const sent = sentWithCommit(tx, () => tx.execute<{ n: number }>(sql`INSERT INTO ahead_rows (n) VALUES (${4}) RETURNING n`).then((r) => r));
        await notify(tx, 'ahead_test', 'hello');
        // Wrapped: a promise returned as it is would be awaited before the commit.
        return { insert: sent };
      });
      expect(writes).toBe(1);
      expect((await insert).rows[0]!.n).toBe(4);
      expect((await one.execute<{ c: number }>(sql`SELECT count(*)::int AS c FROM ahead_rows WHERE n = 4`)).rows[0]!.c).toBe(1);
    });

    it("fails the commit with the carried statement's own error (not the NOTIFY's after it), and nothing of it stays", async () => {
      let insert: Promise<unknown> | undefined;
      await expect(
        one.transaction(async (tx) => {
          await tx.execute(sql`INSERT INTO ahead_rows (n) VALUES (${5})`);
          insert = sentWithCommit(tx, () => tx.execute(sql`INSERT INTO ahead_rows (n) VALUES (${1}::int / ${0}::int)`).then((r) => r));
          await notify(tx, 'ahead_test', 'hello');
        }),
      ).rejects.toMatchObject({ cause: { code: '22012' } });
      await expect(insert).rejects.toMatchObject({ cause: { code: '22012' } });
      expect((await one.execute<{ c: number }>(sql`SELECT count(*)::int AS c FROM ahead_rows WHERE n = 5`)).rows[0]!.c).toBe(0);
    });

    it('fails a commit that PostgreSQL answers with ROLLBACK (a statement failed and was caught): nothing looks committed', async () => {
      await expect(
        one.transaction(async (tx) => {
          await tx.execute(sql`INSERT INTO ahead_rows (n) VALUES (${8})`);
          await tx.execute(sql`SELECT ${1}::int / ${0}::int`).catch(() => undefined);
        }),
      ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/rolled back/) } });
      expect((await one.execute<{ c: number }>(sql`SELECT count(*)::int AS c FROM ahead_rows WHERE n = 8`)).rows[0]!.c).toBe(0);
    });

    it('refuses a statement that is not sent at once (it would follow the commit, outside the transaction)', async () => {
      await expect(
        one.transaction(async (tx) => {
          sentWithCommit(tx, async () => {
            await Promise.resolve();
            return tx.execute(sql`SELECT ${6}::int AS n`);
          });
        }),
      ).rejects.toThrow(/not sent at once/);
      expect(await one.transaction(async (tx) => (await tx.execute<{ n: number }>(sql`SELECT ${7}::int AS n`)).rows[0]!.n)).toBe(7);
    });

    it('sends a NOTIFY outside a transaction as before, answered on its own', async () => {
      await expect(notify(one, 'ahead_test', 'x'.repeat(9000))).rejects.toMatchObject({ cause: { message: expect.stringMatching(/payload string too long/) } });
      await notify(one, 'ahead_test', 'fine');
    });
  });

  // Last in the file: it fills this process's table of names.
  it(`names at most ${MAX_NAMED_STATEMENTS} texts; past that a text runs unnamed, and named ones keep their names`, () => {
    const kept = statementName('SELECT $1::int AS n')!;
    for (let i = 0; statementName(`SELECT $1::int AS filler_${i}`) !== undefined; i += 1) expect(i).toBeLessThan(MAX_NAMED_STATEMENTS);
    expect(statementName('SELECT $1::int AS one_too_many')).toBeUndefined();
    expect(statementName('SELECT $1::int AS n')).toBe(kept);
  });
});
