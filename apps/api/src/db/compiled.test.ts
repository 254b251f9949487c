import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/harness.ts';
import { compiledStatement } from './compiled.ts';

/** A statement built once and run with each call's values, on the pool or inside a transaction (decision 0040). */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('compiledStatement', () => {
  it("builds once and runs with each call's values, nulls and instants included, on the pool and in a transaction", async () => {
    let builds = 0;
    const statement = compiledStatement<{ n: number; label: string | null; at: string | null }>(() => {
      builds += 1;
      return sql`SELECT ${sql.placeholder('n')}::int + 1 AS n, ${sql.placeholder('label')}::text AS label, ${sql.placeholder('at')}::timestamptz AS at`;
    });
    expect(await statement(t.db, { n: 1, label: 'one', at: null })).toEqual([{ n: 2, label: 'one', at: null }]);
    const rows = await t.db.transaction((tx) => statement(tx, { n: 41, label: null, at: new Date('2027-01-02T03:04:05.000Z') }));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ n: 42, label: null });
    expect(new Date(rows[0]!.at!).toISOString()).toBe('2027-01-02T03:04:05.000Z');
    expect(builds).toBe(1);
  });

  it('runs inside the transaction it is given: a rolled-back write is gone', async () => {
    await t.db.execute(sql`CREATE TABLE IF NOT EXISTS compiled_rows (n int)`);
    const insert = compiledStatement(() => sql`INSERT INTO compiled_rows (n) VALUES (${sql.placeholder('n')}) RETURNING n`);
    await expect(
      t.db.transaction(async (tx) => {
        await insert(tx, { n: 7 });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await t.db.execute(sql`SELECT count(*)::int AS c FROM compiled_rows WHERE n = 7`)).rows[0]).toEqual({ c: 0 });
    await insert(t.db, { n: 8 });
    expect((await t.db.execute(sql`SELECT count(*)::int AS c FROM compiled_rows WHERE n = 8`)).rows[0]).toEqual({ c: 1 });
  });
});
