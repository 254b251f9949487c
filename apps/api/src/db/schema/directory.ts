import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The directory's read model (issue 16): one row per live provider with everything a search filters, sorts and shows,
 * rebuilt whenever a source changes (profile, practice items, licence states, fee, reviews: the directory module
 * listens for their events), so a page of results is one query on this table (with verification and the account
 * joined by key, as they must count at once): the text search
 * vector (issue 48: names, headline, bio, the therapies', specialities' and languages' names in English and German,
 * each in the English, German and simple configurations), the name for trigram matching, the therapies, modalities, specialities and licence
 * states as arrays (GIN: `@>` and `&&`), the general fee and the rating.
 */
export const directoryEntries = pgTable(
  'directory_entries',
  {
    providerId: uuid()
      .primaryKey()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    name: text().notNull(),
    firstName: text(),
    lastName: text(),
    title: text(),
    headline: text(),
    /** Shown on the therapist's page (the search reads it through `search`). */
    bio: text(),
    photoFileId: uuid(),
    feeAmount: bigint({ mode: 'number' }),
    feeCurrency: text(),
    feeIsFree: boolean(),
    /** What a session costs for filters and sorting: 0 when free, null without a fee. */
    price: bigint({ mode: 'number' }),
    halfStarsSum: integer().notNull(),
    reviewCount: integer().notNull(),
    /** The average in stars (0 without reviews), for sorting. */
    rating: doublePrecision().notNull(),
    search: tsvector().notNull(),
    therapies: uuid().array().notNull(),
    modalities: uuid().array().notNull(),
    specialities: uuid().array().notNull(),
    states: uuid().array().notNull(),
    languages: uuid()
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    gender: text(),
    religionId: uuid(),
    ethnicityId: uuid(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The start of the provider's first bookable slot (null: none in the horizon), from the availability module. */
    nextFreeAt: timestamp({ withTimezone: true }),
    /** When `nextFreeAt` was last computed (null: never): the sweep recomputes old and passed ones. */
    availabilityCheckedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('directory_entries_search_idx').using('gin', t.search),
    index('directory_entries_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('directory_entries_states_idx').using('gin', t.states),
    index('directory_entries_therapies_idx').using('gin', t.therapies),
    index('directory_entries_modalities_idx').using('gin', t.modalities),
    index('directory_entries_specialities_idx').using('gin', t.specialities),
    index('directory_entries_languages_idx').using('gin', t.languages),
    index('directory_entries_next_free_idx').on(t.nextFreeAt),
    // The single-valued filters and sorts (within a state the planner may still prefer the state's GIN index).
    index('directory_entries_price_idx').on(t.price),
    index('directory_entries_rating_idx').on(t.rating),
    index('directory_entries_gender_idx').on(t.gender),
    index('directory_entries_religion_idx').on(t.religionId),
    index('directory_entries_ethnicity_idx').on(t.ethnicityId),
  ],
);

/**
 * The words of the directory's search documents (issue 48), for typo tolerance: a query word that is not one of them
 * is also looked for as its nearest words by trigram similarity (`directory_search_query`, an SQL function of the
 * migration). Words are added when an entry is rebuilt and never removed (an old word only widens a typo's guesses).
 */
export const directorySearchWords = pgTable('directory_search_words', { word: text().notNull() }, (t) => [
  primaryKey({ columns: [t.word] }),
  index('directory_search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
]);
