import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../src/db/client.ts';
import { ensureDatabase, startEmbeddedPostgres } from '../src/db/embedded.ts';
import { migrateAndSeed } from '../src/db/migrate.ts';
import { prepareJobsSchema } from '../src/platform/jobs.ts';
import { freePort } from '../src/server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

const TEMPLATE = 'therapy_template';

/**
 * One PostgreSQL per test run, in a fresh folder directly under the system temp folder (the `postgres` user must
 * reach it), with a migrated and seeded template that each test file copies.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'therapy-api-test-'));
  const pg = await startEmbeddedPostgres(dir, await freePort(), { throwaway: true });
  await ensureDatabase(pg.url('postgres'), TEMPLATE);
  const db = createDatabase(pg.url(TEMPLATE), { max: 2 });
  await migrateAndSeed(db, { prepareJobs: prepareJobsSchema });
  await db.$client.end();
  project.provide('pgAdminUrl', pg.url('postgres'));
  project.provide('pgTemplate', TEMPLATE);
  return async () => {
    await pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
