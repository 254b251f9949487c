import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createDatabase } from '../src/db/client.ts';
import { ensureDatabase, startEmbeddedPostgres } from '../src/db/embedded.ts';
import { migrateAndSeed } from '../src/db/migrate.ts';
import { everyOperationEnv, servedOpenApiDocument } from '../src/openapi-document.ts';
import { prepareJobsSchema } from '../src/platform/jobs.ts';
import { freePort } from '../src/server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
    /** The file of the OpenAPI document the app serves, that every answer in the tests is checked against. */
    openApiDocumentFile: string;
  }
}

const TEMPLATE = 'therapy_template';
const DOCUMENT_DATABASE = 'therapy_openapi_document';

/**
 * The OpenAPI document as the app serves it with every operation a deployment can switch on (decision 0066), built
 * once per run on its own copy of the template, into a file that test workers read once each (test/harness.ts).
 */
async function writeServedDocument(adminUrl: string, dir: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${DOCUMENT_DATABASE}" TEMPLATE "${TEMPLATE}"`);
  const url = adminUrl.replace(/\/postgres$/, `/${DOCUMENT_DATABASE}`);
  // As many connections as a test app has: the job queue keeps some of them (its LISTEN, its supervisor).
  const db = createDatabase(url, { max: 10 });
  try {
    const config = loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: crypto.randomBytes(32).toString('hex'),
      DATA_ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'),
      DATA_DIR: path.join(dir, 'openapi-document-data'),
      DATABASE_URL: url,
      APP_ORIGIN: 'http://localhost:5173',
      LOG_LEVEL: 'silent',
      SERVE_WEB: 'false',
      ...everyOperationEnv,
    });
    const app = await buildApp({ config, db, logger: false, metrics: true });
    try {
      await app.ready();
      const file = path.join(dir, 'openapi-document.json');
      fs.writeFileSync(file, JSON.stringify(await servedOpenApiDocument(app)));
      return file;
    } finally {
      await app.close();
    }
  } finally {
    await db.$client.end();
    await admin.query(`DROP DATABASE IF EXISTS "${DOCUMENT_DATABASE}" WITH (FORCE)`);
    await admin.end();
  }
}

/**
 * One PostgreSQL per test run, in a fresh folder directly under the system temp folder (the `postgres` user must
 * reach it), with a migrated and seeded template that each test file copies.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'therapy-api-test-'));
  const documentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'therapy-api-openapi-'));
  const postgres = await startEmbeddedPostgres(dir, await freePort(), { throwaway: true });
  const teardown = async () => {
    await postgres.stop();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(documentDir, { recursive: true, force: true });
  };
  try {
    await ensureDatabase(postgres.url('postgres'), TEMPLATE);
    const db = createDatabase(postgres.url(TEMPLATE), { max: 2 });
    await migrateAndSeed(db, { prepareJobs: prepareJobsSchema });
    await db.$client.end();
    project.provide('pgAdminUrl', postgres.url('postgres'));
    project.provide('pgTemplate', TEMPLATE);
    project.provide('openApiDocumentFile', await writeServedDocument(postgres.url('postgres'), documentDir));
  } catch (err) {
    await teardown();
    throw err;
  }
  return teardown;
}
