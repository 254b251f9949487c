import net from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { sealClearHealthText, type HealthTextBackfill } from './clear-text-backfill.ts';
import { normaliseStoredPhones } from './modules/user/user.module.ts';
import { loadConfig, type Config } from './config.ts';
import { createDatabase, type Database, type DatabaseOptions } from './db/client.ts';
import { ensureDatabase, startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts';
import { migrateAndSeed } from './db/migrate.ts';
import { seedDemoData, type DemoAccount } from './db/seed/seed-demo.ts';
import { seedDemoReviews } from './demo-reviews.ts';
import { seedDemoBookings } from './demo-bookings.ts';
import { seedDemoEarnings } from './demo-earnings.ts';
import { seedDemoNotes } from './demo-notes.ts';
import { seedDemoMeasures } from './demo-measures.ts';
import { hashPassword } from './platform/auth/passwords.ts';
import { fieldEncryptionFromConfig } from './platform/field-encryption.ts';
import { createFileStorage } from './platform/files/file-service.ts';
import { prepareJobsSchema } from './platform/jobs.ts';

export interface RunningServer {
  app: FastifyInstance;
  config: Config;
  db: Database;
  url: string;
  demoAccounts: DemoAccount[];
  close: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * config -> database (DATABASE_URL, or a private PostgreSQL under DATA_DIR/pg) -> migrate + seed -> app -> listen.
 * Used by `npm start`, the browser journeys and the bench alike, so all three run the same product.
 */
export interface StartOptions {
  logger?: boolean;
  /** Drizzle's query logger on the app's database (the bench records a booking's statements to replay them). */
  queryLogger?: DatabaseOptions['logger'];
}

export async function startServer(
  env: NodeJS.ProcessEnv = process.env,
  opts: StartOptions = {},
): Promise<RunningServer> {
  const config = loadConfig(env);
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(
      path.join(config.dataDir, 'pg'),
      config.embeddedPgPort ?? (await freePort()),
      { throwaway: config.env === 'test' },
    );
    await ensureDatabase(embedded.url('postgres'), 'therapy');
    databaseUrl = embedded.url('therapy');
  }
  // A lost connection (a terminated backend, a restart) is logged once the app's logger exists; the pool replaces it.
  let connectionLost = (err: Error) => console.warn(`database connection lost: ${err.message}`);
  const db = createDatabase(databaseUrl, {
    onConnectionLost: (err) => connectionLost(err),
    ...(opts.queryLogger ? { logger: opts.queryLogger } : {}),
  });
  const stopAll = async () => {
    await db.$client.end().catch(() => {});
    await embedded?.stop().catch(() => {});
  };
  try {
    let backfilled: HealthTextBackfill | undefined;
    let phones: { normalised: number; keptRaw: number } | undefined;
    await migrateAndSeed(db, {
      prepareJobs: prepareJobsSchema,
      backfill: async (d) => {
        backfilled = await sealClearHealthText(d, config);
        phones = await normaliseStoredPhones(d);
      },
    });
    const storage = createFileStorage(config.storage);
    const demoAccounts = config.seedDemo
      ? await seedDemoData(db, {
          hashPassword,
          seal: fieldEncryptionFromConfig(config).seal,
          storeFile: (key, data, type) => storage.put(key, data, type),
        })
      : [];
    const app = await buildApp({ config, db, logger: opts.logger });
    // The code and message only: pg-pool hangs the whole client on an idle client's error.
    connectionLost = (err) =>
      app.log.warn(
        { code: (err as { code?: string }).code, reason: err.message },
        'database connection lost; the pool replaces it',
      );
    if (backfilled && Object.values(backfilled.sealed).some((n) => n > 0))
      app.log.info({ ...backfilled }, 'sealed the health text that was stored in clear (issue 45)');
    if (phones?.normalised)
      app.log.info({ ...phones }, 'stored phone numbers rewritten as E.164 (issue 47); the rest kept as they were');
    if (backfilled?.notRewritten.length)
      app.log.warn(
        { tables: backfilled.notRewritten },
        'could not rewrite these tables now: old row versions keep the clear text until autovacuum reuses them',
      );
    const address = await app.listen({ port: config.port, host: config.host });
    if (config.seedDemo) {
      await seedDemoBookings(app, demoAccounts, app.log);
      await seedDemoEarnings({ config, db }, demoAccounts, app.log);
      await seedDemoReviews({ config, db }, hashPassword, app.log);
      await seedDemoNotes(app, demoAccounts, app.log);
      await seedDemoMeasures(app, demoAccounts, app.log);
    }
    const port = new URL(address).port;
    return {
      app,
      config,
      db,
      demoAccounts,
      url: `http://localhost:${port}`,
      close: async () => {
        await app.close();
        await stopAll();
      },
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
