import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client.ts';
import { seedReferenceData } from './seed/seed-reference.ts';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const MIGRATION_LOCK = 7_311_001;

/** What else must be ready with the schema (db/ knows no platform code, so the caller passes it in). */
export interface MigrateSteps {
  /** Creates or upgrades the job queue's own schema (platform/jobs.ts `prepareJobsSchema`). */
  prepareJobs: (pool: Database['$client']) => Promise<void>;
}

/**
 * Applies the committed SQL migrations, then upserts reference data (idempotent, safe on every start). An advisory
 * lock makes instances that start together take turns instead of racing through the same migrations.
 */
export async function migrateAndSeed(db: Database, steps: MigrateSteps): Promise<void> {
  const lock = await db.$client.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(db, { migrationsFolder });
    await steps.prepareJobs(db.$client);
    await seedReferenceData(db);
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    lock.release();
  }
}
