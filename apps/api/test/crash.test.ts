import crypto from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it, inject } from 'vitest';
import { freePort } from '../src/server.ts';
import { signPaystackWebhook } from '../src/modules/payments/gateway/paystack-gateway.ts';
import { sandboxWebhookSecret } from '../src/modules/payments/payments.module.ts';
import { loadConfig } from '../src/config.ts';
import { JOBS_SCHEMA } from '../src/platform/jobs.ts';
import { killHard, spawnChild } from './children/spawn.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

/**
 * Issue 13: the API (its job workers included) is killed with kill -9 while settlement jobs run and before the mails
 * of credits it committed went out; started again, it credits every acknowledged top-up once and mails each once,
 * within a minute. The API runs as a child process on its own copy of the test database.
 */
const PAID = 8; // credited before the kill, their mails not sent yet (the first run's SMTP server is unreachable)
const IN_FLIGHT = 16; // acknowledged, their jobs running (held on the payment's row lock) when the process dies
const AMOUNT = 100_000;

let admin: pg.Client;
let db: pg.Pool;
let sink: SmtpSink;
let dbName: string;
let dataDir: string;
let child: ChildProcess | undefined;
let env: Record<string, string>;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await admin.connect();
  dbName = `crash_${crypto.randomUUID().replaceAll('-', '')}`;
  await admin.query(`CREATE DATABASE "${dbName}" TEMPLATE "${inject('pgTemplate')}"`);
  const url = inject('pgAdminUrl').replace(/\/postgres$/, `/${dbName}`);
  db = new pg.Pool({ connectionString: url, max: 4 });
  // The database goes away under the pool at the end (afterAll); an idle client's error must not be uncaught.
  db.on('error', () => undefined);
  sink = await startSmtpSink();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'therapy-crash-'));
  env = {
    NODE_ENV: 'test',
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    DATA_ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'),
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    APP_ORIGIN: 'http://localhost:5173',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'false',
    SEED_DEMO: 'false',
  };
});
afterAll(async () => {
  if (child) await killHard(child);
  await db?.end();
  await sink?.close();
  // A pooled connection still closing when DROP ... WITH (FORCE) terminates it raises 57P01 on a client nobody listens
  // to any more (an uncaught error that fails the run): wait until this database's sessions have gone first.
  for (let i = 0; admin && i < 50; i += 1) {
    const { rows } = await admin.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
      [dbName],
    );
    if (rows[0]!.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await admin?.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => undefined);
  await admin?.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const startApi = async (smtpUrl: string) => {
  const started = await spawnChild('api-server.ts', [], { ...env, PORT: String(await freePort()), SMTP_URL: smtpUrl });
  child = started.child;
  return started.ready.replace('localhost', '127.0.0.1');
};
const call = async (base: string, method: string, url: string, body?: unknown, token?: string) => {
  const res = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json().catch(() => undefined)) as { data: Record<string, unknown> } };
};
const count = async (text: string, values: unknown[]) => Number((await db.query(text, values)).rows[0].n);

it('killed with kill -9 mid-job, then restarted: every acknowledged top-up is credited once and mailed once within a minute', async () => {
  // First run: mail cannot leave (nothing listens on that port), so committed credits leave their mails queued.
  const closedPort = await freePort();
  let api = await startApi(`smtp://127.0.0.1:${closedPort}?ignoreTLS=true`);

  const { rows } = await db.query("SELECT identifier FROM countries WHERE code = 'NG'");
  const email = `crash.${crypto.randomBytes(4).toString('hex')}@example.com`;
  const password = 'Gentle-River-42';
  expect(
    (
      await call(api, 'POST', '/user/register', {
        userType: 'client',
        firstName: 'Ada',
        lastName: 'Client',
        email,
        confirmEmail: email,
        countryIdentifier: rows[0].identifier,
        password,
        confirmPassword: password,
        acceptTerms: true,
      })
    ).status,
  ).toBe(201);
  const login = await call(api, 'POST', '/user/login', { email, password });
  const token = String(login.json.data.accessToken);
  const userId = String((login.json.data.user as { identifier: string }).identifier);

  const references: string[] = [];
  for (let i = 0; i < PAID + IN_FLIGHT; i++) {
    const res = await call(api, 'POST', '/payment/wallet', { amount: AMOUNT }, token);
    expect(res.status).toBe(201);
    references.push(String((res.json.data.payment as { reference: string }).reference));
  }
  await db.query("UPDATE sandbox_transactions SET status = 'success', paid_at = now() WHERE reference = ANY($1)", [
    references,
  ]);
  const secret = sandboxWebhookSecret(loadConfig(env));
  const deliver = async (reference: string) => {
    const body = Buffer.from(
      JSON.stringify({
        event: 'charge.success',
        data: {
          id: crypto.randomInt(1e9),
          reference,
          amount: AMOUNT,
          currency: 'NGN',
          status: 'success',
          channel: 'card',
          customer: { customer_code: null, email },
        },
      }),
    );
    const res = await fetch(`${api}/api/v1/payment/webhook/sandbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signPaystackWebhook(secret, body) },
      body,
    });
    expect(res.status).toBe(200); // acknowledged: from here on it must not be lost
  };
  const credited = () =>
    count("SELECT count(*)::int AS n FROM payments WHERE user_id = $1 AND status = 'success'", [userId]);

  // Credited and committed, their mails queued (failing against the closed port, waiting for a retry).
  const paid = references.slice(0, PAID);
  for (const reference of paid) await deliver(reference);
  await expect.poll(credited, { timeout: 15_000 }).toBe(PAID);

  // In flight: their jobs start and wait on the payments' row locks, held here, until the process is killed.
  const holder = await db.connect();
  const inFlight = references.slice(PAID);
  try {
    await holder.query('BEGIN');
    await holder.query('SELECT identifier FROM payments WHERE reference = ANY($1) FOR UPDATE', [inFlight]);
    for (const reference of inFlight) await deliver(reference);
    await expect
      .poll(
        () =>
          count(
            `SELECT count(*)::int AS n FROM ${JOBS_SCHEMA}.job WHERE name = 'payments.gateway-event' AND state = 'active'`,
            [],
          ),
        { timeout: 15_000 },
      )
      .toBeGreaterThan(0);
    await killHard(child!);
    child = undefined;
  } finally {
    await holder.query('ROLLBACK');
    holder.release();
  }
  expect(await credited()).toBe(PAID);
  expect(sink.mails).toHaveLength(0);

  // Second run, mail reaching the sink: everything acknowledged is credited and mailed within a minute.
  const restarted = Date.now();
  api = await startApi(sink.url);
  const topupMails = () => sink.mails.filter((m) => m.to.includes(email) && /top-up/i.test(m.subject)).length;
  await expect.poll(credited, { timeout: 60_000, interval: 500 }).toBe(PAID + IN_FLIGHT);
  await expect
    .poll(topupMails, { timeout: Math.max(1, 60_000 - (Date.now() - restarted)), interval: 500 })
    .toBe(PAID + IN_FLIGHT);
  expect(Date.now() - restarted).toBeLessThan(60_000);

  // Once each: one ledger transaction per payment, the balance their sum, no further mail once the queue is empty.
  expect(
    await count('SELECT count(*)::int AS n FROM ledger_transactions WHERE reference = ANY($1)', [
      references.map((r) => `sandbox:${r}`),
    ]),
  ).toBe(PAID + IN_FLIGHT);
  expect((await call(api, 'GET', '/wallet/balance', undefined, token)).json.data.balance).toBe(
    (PAID + IN_FLIGHT) * AMOUNT,
  );
  await expect
    .poll(
      () =>
        count(
          `SELECT count(*)::int AS n FROM ${JOBS_SCHEMA}.job WHERE name = 'mail.send' AND state IN ('created', 'retry', 'active')`,
          [],
        ),
      { timeout: 10_000 },
    )
    .toBe(0);
  expect(topupMails()).toBe(PAID + IN_FLIGHT);
}, 120_000);
