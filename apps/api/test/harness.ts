import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, HTTPMethods, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import type { AuthSession } from '@therapy/contracts/auth';
import { buildApp, type BuildAppOptions, type ClockWork } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { createDatabase, type Database } from '../src/db/client.ts';
import { createOperatorAccount } from '../src/modules/user/operator-accounts.ts';
import type { Clock } from '../src/platform/clock.ts';
import { JOBS_SCHEMA } from '../src/platform/jobs.ts';
import { MAIL_QUEUE } from '../src/platform/mail/mail-queue.ts';
import { responseValidatorOf } from './openapi-responses.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

/** A clock tests can move: tokens, codes and windows expire on it, not on the wall clock. */
export class TestClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
  /** Moves the clock to an instant (it keeps running from there). */
  set(instant: string): void {
    this.offsetMs = Date.parse(instant) - Date.now();
  }
}

export interface SignedUp {
  email: string;
  password: string;
  session: AuthSession;
  userId: string;
  auth: { authorization: string };
  refreshCookie: string;
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: Config;
  clock: TestClock;
  mail: SmtpSink;
  /** Waits until every queued mail has been handed to the SMTP sink (mail leaves through a job: platform/mail/mail-queue.ts). */
  mailSettled(timeoutMs?: number): Promise<void>;
  request(opts: InjectOptions): Promise<LightMyRequestResponse>;
  /** A JSON call to /api/v1 as `who` (anonymous when undefined). */
  api(
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    who: SignedUp | undefined,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
  /**
   * A fresh client or provider, signed in. `verified`: the provider's practice is approved (decision 0026), as if an
   * operator had approved it, so their calendar offers slots (only verified providers do).
   */
  signUp(
    userType: 'client' | 'provider',
    overrides?: Record<string, unknown>,
    opts?: { verified?: boolean },
  ): Promise<SignedUp>;
  /** Approves a provider's practice directly in the database (what an operator's approval leaves behind). */
  verifyProvider(providerId: string): Promise<void>;
  /** The daily licence and insurance expiry check, run now under the test clock. */
  runCredentialExpiry(): Promise<{ reminded: number; expired: number }>;
  /** Completes every confirmed session that has ended under the test clock (the job's work), paying its provider. */
  completeEndedSessions(): Promise<number>;
  /** A fresh operator (created as `npm run operator:create` does), signed in with email and password. */
  signUpOperator(): Promise<SignedUp>;
  countryId(code: string): Promise<string>;
  /** The user's row as the database holds it (snake_case columns). */
  userRow(id: string): Promise<Record<string, unknown>>;
  count(table: string, where?: Record<string, unknown>): Promise<number>;
  close(): Promise<void>;
}

async function createFromTemplate(adminUrl: string, template: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Concurrent copies of one template can collide for a moment; a short retry settles it.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
        return;
      } catch (err) {
        if (attempt >= 20 || !String((err as Error).message).includes('being accessed')) throw err;
        await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
      }
    }
  } finally {
    await admin.end();
  }
}

let userSeq = 0;

/** The body as sent before compression (a test that asks for br or gzip gets the compressed bytes). */
function decodedBody(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString('utf8');
  if (encoding === 'deflate') return zlib.inflateSync(res.rawPayload).toString('utf8');
  return res.body;
}

/** The real app on a fresh copy of the migrated database, with mail going over SMTP to a local sink. */
export async function buildTestApp(
  env: Record<string, string> = {},
  opts: Pick<BuildAppOptions, 'metrics' | 'errorReporter' | 'logger' | 'logStream' | 'clockWork'> = {},
): Promise<TestApp> {
  const adminUrl = inject('pgAdminUrl');
  const name = `t_${crypto.randomUUID().replaceAll('-', '')}`;
  await createFromTemplate(adminUrl, inject('pgTemplate'), name);
  const dbUrl = adminUrl.replace(/\/postgres$/, `/${name}`);
  const db = createDatabase(dbUrl, { max: 10 });
  const mail = await startSmtpSink();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'therapy-api-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    DATA_ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'),
    DATA_DIR: dataDir,
    DATABASE_URL: dbUrl,
    SMTP_URL: mail.url,
    APP_ORIGIN: 'http://localhost:5173',
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'false',
    ...env,
  });
  const clock = new TestClock();
  let work: ClockWork | undefined;
  const app = await buildApp({
    config,
    db,
    clock,
    logger: false,
    ...opts,
    clockWork: (w) => {
      work = w;
      opts.clockWork?.(w);
    },
  });
  await app.ready();

  // Every JSON answer of an operation of the served OpenAPI document must match it (decision 0066): a call through
  // `request` or straight through `app.inject` throws with the operation, the status and what differs.
  const validator = responseValidatorOf(inject('openApiDocumentFile'));
  const rawInject = app.inject.bind(app);
  const serves = (method: string, path: string) =>
    app.hasRoute({ method: method as HTTPMethods, url: path.replace(/\{([^}]+)\}/g, ':$1') });
  const checkedInject = async (opts: InjectOptions | string): Promise<LightMyRequestResponse> => {
    const res = await rawInject(opts);
    const given = typeof opts === 'string' ? { url: opts } : opts;
    const target = given.url ?? given.path ?? '/';
    validator.check(
      {
        method: given.method ?? 'GET',
        url: typeof target === 'string' ? target : (target.pathname ?? '/'),
        statusCode: res.statusCode,
        headers: res.headers,
        body: decodedBody(res),
      },
      { serves },
    );
    return res;
  };
  // app.inject() without options (the chained form) and with a callback stay as Fastify has them.
  app.inject = ((opts?: InjectOptions | string, callback?: unknown) =>
    opts === undefined || callback !== undefined
      ? (rawInject as (...args: unknown[]) => unknown)(opts, callback)
      : checkedInject(opts)) as typeof app.inject;
  const request = (opts: InjectOptions) => checkedInject(opts);
  const mailSettled = async (timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const res = await db.$client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND state IN ('created', 'retry', 'active')`,
        [MAIL_QUEUE],
      );
      if (res.rows[0]!.n === 0) return;
      if (Date.now() > deadline) throw new Error(`${res.rows[0]!.n} queued mails not sent within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const countryId = async (code: string) => {
    const res = await db.$client.query<{ identifier: string }>('SELECT identifier FROM countries WHERE code = $1', [
      code,
    ]);
    if (!res.rows[0]) throw new Error(`country ${code} not seeded`);
    return res.rows[0].identifier;
  };

  /**
   * What an operator's approval leaves, without the review (issue 45): the practice approved, every claimed state and
   * document approved, and, for a test provider that uploaded none, an approved licence naming no state and an
   * approved insurance file, so the provider is listed in every state claimed so far. States claimed later wait for
   * review, as they do for a real provider: call this again to approve them.
   */
  const verifyProvider = async (providerId: string) => {
    await db.$client.query(
      `INSERT INTO provider_verifications (provider_id, status, submitted_at, decided_at) VALUES ($1, 'approved', now(), now())
       ON CONFLICT (provider_id) DO UPDATE SET status = 'approved', decided_at = now()`,
      [providerId],
    );
    await db.$client.query(
      `UPDATE provider_license_states SET review = 'approved', reviewed_at = now() WHERE provider_id = $1 AND review <> 'approved'`,
      [providerId],
    );
    await db.$client.query(
      `UPDATE qualifications SET review = 'approved', reviewed_at = now() WHERE provider_id = $1 AND review IN ('pending', 'rejected')`,
      [providerId],
    );
    await db.$client.query(
      `UPDATE insurance_files SET review = 'approved', reviewed_at = now() WHERE provider_id = $1 AND review IN ('pending', 'rejected')`,
      [providerId],
    );
    await db.$client.query(
      `INSERT INTO qualifications (identifier, provider_id, kind, body, credential_number, review, reviewed_at)
       SELECT gen_random_uuid(), $1, 'license', 'Test licensing board', 'TEST-1', 'approved', now()
        WHERE NOT EXISTS (SELECT 1 FROM qualifications WHERE provider_id = $1 AND kind = 'license' AND review = 'approved')`,
      [providerId],
    );
    const { rows } = await db.$client.query(
      `SELECT 1 FROM insurance_files WHERE provider_id = $1 AND review = 'approved' LIMIT 1`,
      [providerId],
    );
    if (rows.length === 0) {
      const fileId = crypto.randomUUID();
      await db.$client.query(
        `INSERT INTO files (identifier, owner_user_id, purpose, storage_key, content_type, size_bytes, sha256, original_name)
         VALUES ($1, $2, 'insurance', $3, 'application/pdf', 1, $4, 'test-insurance.pdf')`,
        [fileId, providerId, `test-only/${fileId}.pdf`, '0'.repeat(64)],
      );
      await db.$client.query(
        `INSERT INTO insurance_files (file_id, provider_id, review, reviewed_at) VALUES ($1, $2, 'approved', now())`,
        [fileId, providerId],
      );
    }
    // What follows a decision follows this one too (the directory's entry, the slot engine's gate).
    await work!.events.transaction((tx) => work!.events.publish(tx, 'verification.changed', { providerId }));
  };

  return {
    app,
    db,
    config,
    clock,
    mail,
    mailSettled,
    request,
    api: (method, url, who, payload) =>
      request({
        method,
        url: `/api/v1${url}`,
        headers: who?.auth ?? {},
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    countryId,
    async userRow(id) {
      const { rows } = await db.$client.query('SELECT * FROM users WHERE identifier = $1', [id]);
      if (!rows[0]) throw new Error(`no users row ${id}`);
      return rows[0] as Record<string, unknown>;
    },
    async signUp(userType, overrides = {}, opts = {}) {
      userSeq += 1;
      const email = `${userType}${userSeq}.${crypto.randomBytes(3).toString('hex')}@example.com`;
      const password = 'Gentle-River-42';
      const payload =
        userType === 'client'
          ? {
              userType,
              firstName: 'Ada',
              lastName: 'Client',
              email,
              confirmEmail: email,
              countryIdentifier: await countryId('NG'),
              password,
              confirmPassword: password,
              acceptTerms: true,
            }
          : {
              userType,
              firstName: 'Theo',
              lastName: 'Provider',
              email,
              phoneNumber: '08012345678',
              password,
              confirmPassword: password,
              acceptTerms: true,
            };
      // Sign-up starts no session (decision 0010): register, then sign in as the web app does. Each sign-up comes from
      // its own address, so a file's many users do not use up the per-IP sign-up limit.
      const remoteAddress = `10.${(userSeq >> 16) & 255}.${(userSeq >> 8) & 255}.${userSeq & 255}`;
      const res = await request({
        method: 'POST',
        url: '/api/v1/user/register',
        payload: { ...payload, ...overrides },
        remoteAddress,
      });
      if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
      const signIn = await request({
        method: 'POST',
        url: '/api/v1/user/login',
        payload: { email: String(overrides.email ?? email), password: String(overrides.password ?? password) },
        remoteAddress,
      });
      if (signIn.statusCode !== 200)
        throw new Error(`sign-in after sign-up failed: ${signIn.statusCode} ${signIn.body}`);
      const session = (signIn.json() as { data: AuthSession }).data;
      // The sign-up's mail has gone out when this returns, as it had when mail was sent inline.
      await mailSettled();
      const cookie = signIn.cookies.find((c) => c.name === 'refresh_token');
      if (opts.verified && userType === 'provider') await verifyProvider(session.user.identifier);
      return {
        email: session.user.email,
        password: String(overrides.password ?? password),
        session,
        userId: session.user.identifier,
        auth: { authorization: `Bearer ${session.accessToken}` },
        refreshCookie: cookie?.value ?? '',
      };
    },
    verifyProvider,
    runCredentialExpiry: () => work!.credentialExpiry(),
    completeEndedSessions: () => work!.completeBookings(),
    async signUpOperator() {
      userSeq += 1;
      const email = `operator${userSeq}.${crypto.randomBytes(3).toString('hex')}@example.com`;
      const created = await createOperatorAccount(db, email, clock.now());
      if (!created.ok) throw new Error(`operator not created: ${created.reason}`);
      const remoteAddress = `10.${(userSeq >> 16) & 255}.${(userSeq >> 8) & 255}.${userSeq & 255}`;
      const signIn = await request({
        method: 'POST',
        url: '/api/v1/user/login',
        payload: { email, password: created.password },
        remoteAddress,
      });
      if (signIn.statusCode !== 200) throw new Error(`operator sign-in failed: ${signIn.statusCode} ${signIn.body}`);
      const session = (signIn.json() as { data: AuthSession }).data;
      return {
        email,
        password: created.password,
        session,
        userId: session.user.identifier,
        auth: { authorization: `Bearer ${session.accessToken}` },
        refreshCookie: signIn.cookies.find((c) => c.name === 'refresh_token')?.value ?? '',
      };
    },
    async count(table, where = {}) {
      const keys = Object.keys(where);
      const clause = keys.length ? ` WHERE ${keys.map((k, i) => `"${k}" = $${i + 1}`).join(' AND ')}` : '';
      const res = await db.$client.query<{ n: string }>(
        `SELECT count(*)::text AS n FROM "${table}"${clause}`,
        Object.values(where),
      );
      return Number(res.rows[0]?.n ?? 0);
    },
    async close() {
      await app.close();
      await db.$client.end();
      await mail.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => {});
      await admin.end();
    },
  };
}
