import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/harness.ts';
import { isDatabaseUnavailable } from './unavailable.ts';
import { createDatabase, statementName, type Database } from './client.ts';
import { notify } from './listener.ts';
import { preparedPerExecutor } from './prepared.ts';
import { users } from './schema/index.ts';

/** The database on stock node-postgres and Drizzle (decision 0046): pipelined, named where asked, never crashed by a lost connection. */
let t: TestApp;
let one: Database;
let admin: pg.Client;
const lost: Error[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  // One connection, so a test knows which backend its statements run on.
  one = createDatabase(String(t.db.$client.options.connectionString), {
    max: 1,
    onConnectionLost: (err) => lost.push(err),
  });
  await one.execute(sql`CREATE TABLE IF NOT EXISTS client_rows (n int)`);
  admin = new pg.Client({ connectionString: String(t.db.$client.options.connectionString) });
  await admin.connect();
});
afterAll(async () => {
  await admin.end();
  await one.$client.end();
  await t.close();
});

const count = async (n: number) =>
  (await one.execute<{ c: number }>(sql`SELECT count(*)::int AS c FROM client_rows WHERE n = ${n}`)).rows[0]!.c;
const terminate = (pid: number) => admin.query('SELECT pg_terminate_backend($1)', [pid]);
/** Until the backend is gone and node-postgres has heard of it (the `error` event of a client no query of which runs). */
const untilGone = async (pid: number) => {
  for (let i = 0; i < 100; i += 1) {
    const { rows } = await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid]);
    if (rows.length === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
};

describe('queries and transactions', () => {
  it('parses every column by its type, as rows of a Drizzle query and of a raw one', async () => {
    const read = () =>
      t.db
        .select({
          n: sql<number>`${7}::int`,
          big: sql<string>`${2}::bigint`,
          on: sql<boolean>`${true}::boolean`,
          doc: sql<unknown>`json_build_object('a', ${1}::int)`,
          list: sql<number[]>`ARRAY[${1}::int, 2]`,
          at: sql<string>`${'2026-11-28T10:00:00Z'}::timestamptz`,
          none: sql<null>`NULL::int`,
        })
        .from(sql`(SELECT 1) AS one`);
    for (let round = 0; round < 3; round++) {
      expect(await read()).toEqual([
        { n: 7, big: '2', on: true, doc: { a: 1 }, list: [1, 2], at: '2026-11-28 10:00:00+00', none: null },
      ]);
    }
    const raw = await t.db.$client.query('SELECT $1::int AS n, $2::boolean AS on, NULL::text AS none', [3, false]);
    expect(raw.rows).toEqual([{ n: 3, on: false, none: null }]);
  });

  it('answers reads sent together in a transaction each with its own rows (the connection pipelines them)', async () => {
    const answers = await one.transaction(async (tx) =>
      Promise.all(
        [1, 2, 3, 4].map(async (n) => (await tx.execute<{ n: number }>(sql`SELECT ${n}::int * 10 AS n`)).rows[0]!.n),
      ),
    );
    expect(answers).toEqual([10, 20, 30, 40]);
  });

  it("fails a transaction with its statement's own error and keeps nothing of it; the connection serves the next one", async () => {
    await expect(
      one.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO client_rows (n) VALUES (${1})`);
        await tx.execute(sql`SELECT ${1}::int / ${0}::int`);
      }),
    ).rejects.toMatchObject({ cause: { code: '22012' } });
    expect(await count(1)).toBe(0);
    expect(
      await one.transaction(async (tx) => (await tx.execute<{ n: number }>(sql`SELECT ${3}::int AS n`)).rows[0]!.n),
    ).toBe(3);
  });

  it("reports the application's own error thrown after a NOTIFY, and nothing of the transaction stays", async () => {
    class Refused extends Error {}
    await expect(
      one.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO client_rows (n) VALUES (${2})`);
        await notify(tx, 'client_test', 'hello');
        throw new Refused('the rule says no');
      }),
    ).rejects.toBeInstanceOf(Refused);
    expect(await count(2)).toBe(0);
  });

  it("fails a transaction with a NOTIFY's own error (a payload PostgreSQL refuses)", async () => {
    await expect(
      one.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO client_rows (n) VALUES (${3})`);
        await notify(tx, 'client_test', 'x'.repeat(9000));
      }),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/payload string too long/) } });
    expect(await count(3)).toBe(0);
  });

  it('runs a statement prepared under a name once per connection, and on a transaction too', async () => {
    const statement = preparedPerExecutor((ex) =>
      ex
        .select({ n: sql<number>`${sql.placeholder('n')}::int + 1` })
        .from(sql`(SELECT 1) AS one`)
        .prepare('client_test_plus_one'),
    );
    expect(await statement(one).execute({ n: 1 })).toEqual([{ n: 2 }]);
    expect(await statement(one).execute({ n: 41 })).toEqual([{ n: 42 }]);
    expect(await one.transaction(async (tx) => statement(tx).execute({ n: 9 }))).toEqual([{ n: 10 }]);
    const { rows } = await one.execute<{ c: number }>(
      sql`SELECT count(*)::int AS c FROM pg_prepared_statements WHERE name = 'client_test_plus_one'`,
    );
    expect(rows[0]!.c).toBe(1);
  });

  it('names a statement by its text: the same text the same name, another text another', () => {
    const a = statementName('SELECT $1::int AS n');
    expect(a).toMatch(/^q_[\w-]{32}$/);
    expect(statementName('SELECT $1::int AS n')).toBe(a);
    expect(statementName('SELECT $1::int AS m')).not.toBe(a);
  });

  it("runs Drizzle's queries inside and outside a transaction", async () => {
    const none = async () =>
      (
        await t.db
          .select({ n: sql<number>`count(*)::int` })
          .from(users)
          .where(sql`${users.email} = ${'nobody@example.com'}`)
      )[0]!.n;
    expect(await none()).toBe(0);
    expect(
      await t.db.transaction(async (tx) => (await tx.execute<{ n: number }>(sql`SELECT ${5}::int AS n`)).rows[0]!.n),
    ).toBe(5);
  });
});

describe('a lost connection', () => {
  const backendPid = async (ex: Pick<Database, 'execute'>) =>
    (await ex.execute<{ pid: number }>(sql`SELECT pg_backend_pid() AS pid`)).rows[0]!.pid;

  it('of a transaction between two statements fails its next statement as unavailable, and the process stays up', async () => {
    lost.length = 0;
    const outcome = one.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO client_rows (n) VALUES (${4})`);
      const pid = await backendPid(tx);
      // No statement of it runs now: node-postgres tells the client, not a query, and nothing may throw uncaught.
      await terminate(pid);
      await untilGone(pid);
      await tx.execute(sql`SELECT 1`);
    });
    const err = await outcome.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(lost.length).toBeGreaterThan(0);
    // The pool made a new connection; nothing of the lost transaction stays.
    expect(await count(4)).toBe(0);
  });

  it('while its statement runs fails that statement as unavailable; the next one gets a new connection', async () => {
    const pid = await backendPid(one);
    // Drizzle sends a query when it is awaited: `then` sends it now.
    const running = one.execute(sql`SELECT pg_sleep(5)`).then(
      () => undefined,
      (e: unknown) => e,
    );
    for (let i = 0; i < 100; i += 1) {
      const { rows } = await admin.query(`SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND state = 'active'`, [pid]);
      if (rows.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await terminate(pid);
    const err = await running;
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(await backendPid(one)).not.toBe(pid);
  });

  it('of an idle pooled connection is replaced without an error for anyone', async () => {
    const pid = await backendPid(one);
    lost.length = 0;
    await terminate(pid);
    await untilGone(pid);
    expect(lost.length).toBeGreaterThan(0);
    expect(await backendPid(one)).not.toBe(pid);
  });

  it('says unavailable when nothing answers at the address, and not for a fault of the query', async () => {
    const nowhere = createDatabase('postgres://postgres:postgres@127.0.0.1:1/none', { max: 1 });
    const err = await nowhere.execute(sql`SELECT 1`).then(
      () => undefined,
      (e: unknown) => e,
    );
    await nowhere.$client.end();
    expect(isDatabaseUnavailable(err)).toBe(true);
    const fault = await one.execute(sql`SELECT no_such_column FROM client_rows`).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(fault).toBeDefined();
    expect(isDatabaseUnavailable(fault)).toBe(false);
  });
});
