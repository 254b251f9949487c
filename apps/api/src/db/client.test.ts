import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/harness.ts';
import { MAX_NAMED_STATEMENTS, statementName } from './client.ts';
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

  // Last in the file: it fills this process's table of names.
  it(`names at most ${MAX_NAMED_STATEMENTS} texts; past that a text runs unnamed, and named ones keep their names`, () => {
    const kept = statementName('SELECT $1::int AS n')!;
    for (let i = 0; statementName(`SELECT $1::int AS filler_${i}`) !== undefined; i += 1) expect(i).toBeLessThan(MAX_NAMED_STATEMENTS);
    expect(statementName('SELECT $1::int AS one_too_many')).toBeUndefined();
    expect(statementName('SELECT $1::int AS n')).toBe(kept);
  });
});
