import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { insertDirectoryProviders } from '../../db/seed/directory-providers.ts';
import { directoryRepository } from './directory.repository.ts';

/**
 * The directory bench's providers (issue 16: "a seed script makes 10,000 realistic providers"): made by
 * db/seed/directory-providers.ts (nine in ten verified, some reviewed), then the read model rebuilt with its own
 * statement in the same transaction, and fresh statistics.
 */
export async function seedDirectoryProviders(db: Database, count: number): Promise<void> {
  await db.transaction(async (tx) => {
    await insertDirectoryProviders(tx, count, {
      emailPrefix: 'directory',
      verifiedShare: 0.9,
      reviewStats: true,
      seed: 0.42,
    });
    await directoryRepository.refreshAll(tx);
  });
  // Vacuumed, with fresh statistics, as a live database has them (autovacuum would get there later): the planner starts
  // from the state's entries, not from every user, and the GIN indexes of the array filters have their bulk-loaded
  // entries merged in (until then each search reads the whole pending list of each index).
  await db.execute(
    sql`VACUUM (ANALYZE) users, provider_profiles, provider_profile_items, provider_license_states, qualifications, insurance_files, provider_booking_fees, provider_verifications, provider_review_stats, directory_entries`,
  );
}
