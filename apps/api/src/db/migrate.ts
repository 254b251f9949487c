import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client.ts';
import { seedReferenceData } from './seed/seed-reference.ts';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Applies the committed SQL migrations, then upserts reference data (idempotent, safe on every start). */
export async function migrateAndSeed(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder });
  await seedReferenceData(db);
}
