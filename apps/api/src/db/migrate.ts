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
  /**
   * Data a migration left for the app to finish, because SQL cannot (sealing text kept in clear before issue 45 needs
   * the app's key: clear-text-backfill.ts). Run after the migrations, under the same lock, before the app serves;
   * finding nothing to do once done. Without it (the test template, which holds no rows) nothing is backfilled.
   */
  backfill?: (db: Database) => Promise<void>;
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
    await steps.backfill?.(db);
    await steps.prepareJobs(db.$client);
    await seedReferenceData(db);
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    lock.release();
  }
}
