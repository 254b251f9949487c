import crypto from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded.ts';
import { freePort } from '../src/server.ts';
import { killHard, spawnChild } from './children/spawn.ts';

/**
 * Issue 43: the API outlives its database's hiccups. The API runs as a child process (as `npm start` runs it, job
 * workers and listeners included) on a PostgreSQL of this file's own, which the tests restart; under load they kill
 * its backends (busy, idle, in a transaction, listening) and restart the server, and check that the process stays up,
 * that a request caught by the fault answers 503 with the envelope (never a 500, never a dropped socket), that the
 * pool connects again by itself, `/ready` says 503 during an outage and 200 after, and the listeners listen again.
 */
const DATABASE = 'therapy';
let dataDir: string;
let pgPort: number;
let server: EmbeddedDatabase;
let child: ChildProcess | undefined;
let output: () => string = () => '';
let base: string;
let token: string;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const startPostgres = async () =>
  (server = await startEmbeddedPostgres(path.join(dataDir, 'pg'), pgPort, { throwaway: true }));
/** One statement on a connection of its own (a restart ends every connection, this test's too). */
async function admin<R extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: server.url(DATABASE) });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}
/** The API's backends (every connection to its database but the asking one). */
const apiBackends = (where = 'true') =>
  admin<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid() AND backend_type = 'client backend' AND ${where}`,
    [DATABASE],
  );
const terminate = async (where = 'true') => {
  const pids = (await apiBackends(where)).map((r) => r.pid);
  if (pids.length > 0) await admin('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [pids]);
  return pids.length;
};
const listeners = async () => (await apiBackends(`query LIKE 'LISTEN %' AND state = 'idle'`)).length;

type Answer = { status: number; code?: string; retryAfter?: string | null } | { status: 'network'; message: string };
async function call(method: string, url: string, body?: unknown): Promise<Answer> {
  try {
    const res = await fetch(`${base}/api/v1${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json().catch(() => ({}))) as { code?: string };
    return { status: res.status, code: json.code, retryAfter: res.headers.get('retry-after') };
  } catch (err) {
    return { status: 'network', message: err instanceof Error ? err.message : String(err) };
  }
}
/** A signed-in read (the session check and the user) and a write (a transaction with its NOTIFY and after-commit work). */
let round = 0;
const read = () => call('GET', '/user/info');
const write = () =>
  call('PUT', '/provider-availability/settings', {
    timezone: 'UTC',
    sessionLengthMinutes: (round++ % 2) * 15 + 30,
    bufferMinutes: 0,
    minimumNoticeHours: 0,
  });

/** Eight clients sending reads and writes until `stop` is called; every answer is kept. */
function underLoad() {
  const answers: Answer[] = [];
  let running = true;
  const loops = Array.from({ length: 8 }, async (_, i) => {
    while (running) answers.push(await (i % 2 ? write() : read()));
  });
  return {
    answers,
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return answers;
    },
  };
}
/** Every answer was a success or a 503 with the envelope and Retry-After: no 500, no dropped socket. */
const onlySuccessOr503 = (answers: Answer[]) => {
  const other = answers.filter(
    (a) => !(a.status === 200 || (a.status === 503 && a.code === 'SERVICE_UNAVAILABLE' && a.retryAfter === '5')),
  );
  expect(other, output()).toEqual([]);
};
const alive = () => {
  expect(child!.exitCode, output()).toBeNull();
  expect(child!.signalCode, output()).toBeNull();
};
/** Until reads, writes and /ready all answer 200 again (the pool reconnects by itself). */
async function servesAgain(withinMs = 30_000) {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const answers = [await read(), await write(), await call('GET', '/ready')];
    if (answers.every((a) => a.status === 200)) return;
    if (Date.now() > deadline) throw new Error(`not serving again: ${JSON.stringify(answers)}\n${output()}`);
    await sleep(250);
  }
}
/** Until exactly `count` connections listen, and still exactly that many a moment later (a duplicate hears twice). */
async function untilListening(count: number, withinMs = 20_000) {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const now = await listeners();
    if (now === count) {
      await sleep(1500);
      if ((await listeners()) === count) return;
    }
    if (Date.now() > deadline) throw new Error(`${now} connections listen, not ${count}`);
    await sleep(200);
  }
}

let listening = 0;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'therapy-resilience-'));
  // PostgreSQL runs as `postgres` under root and must be able to enter this folder.
  fs.chmodSync(dataDir, 0o711);
  pgPort = await freePort();
  await startPostgres();
  await ensureDatabase(server.url('postgres'), DATABASE);
  const started = await spawnChild(
    'api-server.ts',
    [],
    {
      NODE_ENV: 'test',
      JWT_SECRET: crypto.randomBytes(32).toString('hex'),
      DATA_ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'),
      DATA_DIR: dataDir,
      DATABASE_URL: server.url(DATABASE),
      APP_ORIGIN: 'http://localhost:5173',
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      LOG_LEVEL: 'silent',
      SERVE_WEB: 'false',
      SEED_DEMO: 'false',
    },
    120_000,
  );
  child = started.child;
  output = started.output;
  base = started.ready.replace('localhost', '127.0.0.1');
  const email = `resilience.${Date.now()}@example.com`;
  const password = 'Steady-Resilient-4821';
  const post = (url: string, body: unknown) =>
    fetch(`${base}/api/v1${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const registered = await post('/user/register', {
    userType: 'provider',
    firstName: 'Rita',
    lastName: 'Resilient',
    email,
    phoneNumber: '2025550143',
    password,
    confirmPassword: password,
    acceptTerms: true,
  });
  expect(registered.status).toBe(201);
  const login = await post('/user/login', { email, password });
  token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  await servesAgain();
  // The domain events' listener and the job queue's: both must listen again after every fault.
  await untilListening(2);
  listening = 2;
}, 180_000);

afterAll(async () => {
  if (child) await killHard(child);
  await server?.stop().catch(() => undefined);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the API and its database', () => {
  it('answers 503 for requests whose busy backends are killed, and serves the next ones', async () => {
    // Holding the sessions table makes every signed-in request wait on its backend, busy, until the kill.
    const holder = new pg.Client({ connectionString: server.url(DATABASE) });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE user_sessions IN ACCESS EXCLUSIVE MODE');
    const waiting = Array.from({ length: 6 }, () => read());
    const deadline = Date.now() + 10_000;
    while ((await apiBackends(`state = 'active' AND wait_event_type = 'Lock'`)).length < 6 && Date.now() < deadline)
      await sleep(50);
    const killed = await terminate(`state = 'active' AND wait_event_type = 'Lock'`);
    await holder.query('ROLLBACK');
    await holder.end();
    const answers = await Promise.all(waiting);
    expect(killed).toBe(6);
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(503));
    onlySuccessOr503(answers);
    alive();
    await servesAgain();
  });

  it('stays up while every backend, idle, busy or in a transaction, is killed again and again under load', async () => {
    const load = underLoad();
    let killed = 0;
    let inTransaction = 0;
    for (let i = 0; i < 6; i += 1) {
      await sleep(300);
      inTransaction += await terminate(`state LIKE 'idle in transaction%'`);
      killed += await terminate();
    }
    const answers = await load.stop();
    expect(killed + inTransaction).toBeGreaterThan(6);
    onlySuccessOr503(answers);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(0);
    alive();
    await servesAgain();
    await untilListening(listening);
  });

  it('listens again when its listening connections are killed', async () => {
    expect(await terminate(`query LIKE 'LISTEN %'`)).toBe(listening);
    await sleep(200);
    alive();
    await untilListening(listening);
    await servesAgain();
  });

  it('outlives a restart of PostgreSQL under load: 503 and /ready 503 while it is down, serving again by itself after', async () => {
    const load = underLoad();
    await sleep(500);
    await server.stop();
    const during = [await read(), await write(), await call('GET', '/ready')];
    expect(during.map((a) => a.status)).toEqual([503, 503, 503]);
    await sleep(1000);
    alive();
    await startPostgres();
    await servesAgain();
    const answers = await load.stop();
    onlySuccessOr503([...during, ...answers]);
    alive();
    await untilListening(listening);
  });
});
