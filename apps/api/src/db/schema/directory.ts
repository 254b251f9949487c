import { sql } from 'drizzle-orm';
import { customType, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The directory's read model (issue 16): one row per live provider, rebuilt from the profile, the practice items and
 * the licence states whenever one of them changes (the directory module listens for their events). It holds what
 * needs an index across those tables: the text search vector (name, headline, bio), the name for trigram matching,
 * and the provider's therapies, modalities, specialities and licence states as arrays (GIN: `@>` and `&&`).
 * Verification, fee and rating are joined at query time from their own tables (one row per provider each).
 */
export const directoryEntries = pgTable(
  'directory_entries',
  {
    providerId: uuid()
      .primaryKey()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    name: text().notNull(),
    search: tsvector().notNull(),
    therapies: uuid().array().notNull(),
    modalities: uuid().array().notNull(),
    specialities: uuid().array().notNull(),
    states: uuid().array().notNull(),
    gender: text(),
    religionId: uuid(),
    ethnicityId: uuid(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('directory_entries_search_idx').using('gin', t.search),
    index('directory_entries_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('directory_entries_states_idx').using('gin', t.states),
    index('directory_entries_therapies_idx').using('gin', t.therapies),
    index('directory_entries_modalities_idx').using('gin', t.modalities),
    index('directory_entries_specialities_idx').using('gin', t.specialities),
  ],
);
