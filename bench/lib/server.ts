import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sandboxWebhookSecret } from '@therapy/api/modules/payments/payments.module';
import type { Database } from '@therapy/api/db/client';
import type { Config } from '@therapy/api/config';
import { freePort, startServer } from '@therapy/api/server';
import { createStatementRecorder, type StatementRecorder } from './statement-recorder.ts';
import type { BenchUser } from './types.ts';

export interface BenchServer {
  url: string;
  user: BenchUser;
  /** The key the sandbox gateway signs its webhooks with (scenarios sign their own events with it). */
  sandboxWebhookSecret: string;
  query: (text: string, values?: unknown[]) => Promise<Array<Record<string, unknown>>>;
  db: Database;
  /** The server's configuration (keys, origins), for a scenario that starts a second instance on the same database. */
  config: Config;
  /** The statements of requests sent with its header (a scenario replays them without HTTP). */
  recorder: StatementRecorder;
  close: () => Promise<void>;
}

async function postJson(url: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json().catch(() => undefined) };
}

/**
 * The real server on its own embedded PostgreSQL, in a fresh folder directly under the system temp folder (DESIGN.md
 * §2), on a free port, without the web app and without logs; then one user registered and signed in through the API.
 */
export async function startBenchServer(): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'therapy-bench-'));
  // mkdtemp makes it 0700; PostgreSQL runs as `postgres` in DATA_DIR/pg and must be able to enter this folder.
  fs.chmodSync(dataDir, 0o711);
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  let server: Awaited<ReturnType<typeof startServer>>;
  const recorder = createStatementRecorder();
  try {
    server = await startServer(
      {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(await freePort()),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: undefined,
        SMTP_URL: undefined,
        OIDC_ISSUER: undefined,
        SERVE_WEB: 'false',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'silent',
        // Scenarios that need many accounts sign each up from its own address (X-Forwarded-For), as real users come.
        TRUST_PROXY: 'true',
      },
      { logger: false, queryLogger: recorder.logger },
    );
  } catch (err) {
    removeDir();
    throw err;
  }
  const url = server.url.replace('localhost', '127.0.0.1');
  const close = async () => {
    await server.close();
    removeDir();
  };
  try {
    const user = { email: `bench.${Date.now()}@example.com`, password: 'Steady-Bench-4821' };
    const registered = await postJson(`${url}/api/v1/user/register`, {
      userType: 'provider',
      firstName: 'Bench',
      lastName: 'Provider',
      email: user.email,
      phoneNumber: '2025550143',
      password: user.password,
      confirmPassword: user.password,
      acceptTerms: true,
    });
    if (registered.status !== 201)
      throw new Error(`register answered ${registered.status}: ${JSON.stringify(registered.json)}`);
    const login = await postJson(`${url}/api/v1/user/login`, { email: user.email, password: user.password });
    if (login.status !== 200) throw new Error(`login answered ${login.status}: ${JSON.stringify(login.json)}`);
    const accessToken = (login.json as { data: { accessToken: string } }).data.accessToken;
    const query = async (text: string, values?: unknown[]) =>
      (await server.db.$client.query(text, values)).rows as Array<Record<string, unknown>>;
    return {
      url,
      user: { ...user, accessToken },
      sandboxWebhookSecret: sandboxWebhookSecret(server.config),
      query,
      db: server.db,
      config: server.config,
      recorder,
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
