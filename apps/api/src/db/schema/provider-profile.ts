import { sql } from 'drizzle-orm';
import { check, date, foreignKey, pgTable, pgView, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.ts';
import { files } from './files.ts';
import { languages, referenceItems, referenceListEnum, states } from './reference.ts';
import { users } from './users.ts';

export const providerProfiles = pgTable(
  'provider_profiles',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    headline: text(),
    title: text(),
    officeAddress: text(),
    bio: text(),
    zipCode: text(),
    stateId: uuid().references(() => states.identifier),
    dob: date({ mode: 'string' }),
    religionId: uuid().references(() => referenceItems.identifier),
    ethnicityId: uuid().references(() => referenceItems.identifier),
    gender: text(),
    disciplineId: uuid().references(() => referenceItems.identifier),
    photoFileId: uuid().references(() => files.identifier, { onDelete: 'set null' }),
    setupCompletedAt: timestamp({ withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [check('provider_profiles_bio_length', sql`${t.bio} IS NULL OR char_length(${t.bio}) <= 2000`)],
);

/** A provider's therapies, modalities and specialities; the composite key makes the database check the list. */
export const providerProfileItems = pgTable(
  'provider_profile_items',
  {
    userId: uuid()
      .notNull()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    list: referenceListEnum().notNull(),
    itemId: uuid().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.list, t.itemId] }),
    foreignKey({ columns: [t.list, t.itemId], foreignColumns: [referenceItems.list, referenceItems.identifier] }),
    check('provider_profile_items_list', sql`${t.list} IN ('therapy-category', 'modality', 'speciality')`),
  ],
);

/** The languages a provider holds sessions in (issue 16: the directory's language filter). */
export const providerLanguages = pgTable(
  'provider_languages',
  {
    userId: uuid()
      .notNull()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    languageId: uuid()
      .notNull()
      .references(() => languages.identifier),
  },
  (t) => [primaryKey({ columns: [t.userId, t.languageId] })],
);

/** The read models other modules use (migration 0030; view columns are named in snake_case, as Drizzle's casing
 * option maps only table columns): a provider's card, and what they offer. */
export const providerCards = pgView('provider_cards', {
  userId: uuid('user_id').notNull(),
  photoFileId: uuid('photo_file_id'),
  officeAddress: text('office_address'),
}).existing();

export const providerOfferings = pgView('provider_offerings', {
  userId: uuid('user_id').notNull(),
  list: referenceListEnum('list').notNull(),
  itemId: uuid('item_id').notNull(),
}).existing();
