import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startServer } from '@therapy/api/server';
import { startPracticeDesk } from './practice-desk.ts';
import { startSmtpSink } from '../../apps/api/test/smtp-sink.ts';
import { startMailEndpoint } from './mail-endpoint.ts';
import { startOidcProvider } from './oidc-provider.ts';

export interface E2eStack {
  appUrl: string;
  mailboxUrl: string;
  /** Sets a provider's verification (support/practice-desk.ts). */
  practiceDeskUrl: string;
  oidcIssuer: string;
  dataDir: string;
  close: () => Promise<void>;
}

const webIndex = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist/index.html');

/**
 * Everything the journeys run against, on free loopback ports: an SMTP sink (read through a JSON endpoint), a local
 * OpenID Connect provider standing in for Google, and the real API + built web app on its own embedded PostgreSQL in
 * a fresh folder directly under the system temp folder (DESIGN.md §2: the `postgres` user must reach it).
 */
export async function startStack(): Promise<E2eStack> {
  if (!fs.existsSync(webIndex)) {
    throw new Error(
      `The web app is not built (${webIndex} is missing): run \`npm run build -w @therapy/web\` before the journeys.`,
    );
  }
  const cleanups: Array<() => Promise<void>> = [];
  const close = async () => {
    for (const cleanup of cleanups.splice(0).reverse())
      await cleanup().catch((err: unknown) => console.error('[e2e] cleanup failed:', err));
  };
  try {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'therapy-e2e-'));
    // mkdtemp makes it 0700; PostgreSQL runs as `postgres` in DATA_DIR/pg and must be able to enter this folder.
    fs.chmodSync(dataDir, 0o711);
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));

    const sink = await startSmtpSink();
    cleanups.push(sink.close);
    const mailbox = await startMailEndpoint(sink.mails);
    cleanups.push(mailbox.close);

    const port = await freePort();
    const appUrl = `http://127.0.0.1:${port}`;
    const oidc = await startOidcProvider({
      redirectUri: `${appUrl}/api/v1/user/oidc/google/callback`,
      tokenEndpointAuthMethod:
        process.env.E2E_OIDC_AUTH_METHOD === 'client_secret_basic' ? 'client_secret_basic' : 'client_secret_post',
    });
    cleanups.push(oidc.close);

    const server = await startServer(
      {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: undefined,
        SMTP_URL: sink.url,
        APP_ORIGIN: appUrl,
        OIDC_ISSUER: oidc.issuer,
        OIDC_CLIENT_ID: oidc.clientId,
        OIDC_CLIENT_SECRET: oidc.clientSecret,
        LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
        SEED_DEMO: 'true',
        SERVE_WEB: 'true',
        // Behind a proxy, as in production: the helpers' sign-ups say which address they come from (data.ts).
        TRUST_PROXY: 'true',
      },
      {},
    );
    // Closing the server stops its PostgreSQL; it must happen before the data folder is removed.
    cleanups.push(server.close);
    const desk = await startPracticeDesk(server.db.$client);
    cleanups.push(desk.close);
    return { appUrl, mailboxUrl: mailbox.url, practiceDeskUrl: desk.url, oidcIssuer: oidc.issuer, dataDir, close };
  } catch (err) {
    await close();
    throw err;
  }
}
