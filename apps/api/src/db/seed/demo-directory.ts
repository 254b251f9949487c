import { sql } from 'drizzle-orm';
import type { Database } from '../client.ts';
import { insertDirectoryProviders } from './directory-providers.ts';

const PREFIX = 'demo-therapist';
/** The states the demo's therapists are licensed in (the demo therapist, Lena Hoffmann, is licensed in New York). */
const DEMO_STATES = ['NY', 'CA', 'TX', 'FL', 'IL'];

/**
 * Thirty verified demo therapists for the directory (issue 16), licensed in five states, so "Find a therapist" has
 * something to find: fees, therapies, specialities and bios vary; there are no reviews (the pages would list none),
 * and the default weekly plan gives them free times. Once only. They cannot sign in.
 */
export async function seedDemoDirectory(db: Database): Promise<void> {
  const existing = await db.execute(sql`SELECT 1 FROM users WHERE email LIKE ${`${PREFIX}.%`} LIMIT 1`);
  if (existing.rows.length > 0) return;
  await db.transaction((tx) =>
    insertDirectoryProviders(tx, 30, {
      emailPrefix: PREFIX,
      states: DEMO_STATES,
      verifiedShare: 1,
      reviewStats: false,
      seed: 0.7,
    }),
  );
}
