import { sql } from 'drizzle-orm';
import { check, date, foreignKey, pgTable, pgView, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, sealedLength, updatedAt } from './columns.ts';
import { files } from './files.ts';
import { avatars, countries, languages, referenceItems, referenceListEnum, states } from './reference.ts';
import { users } from './users.ts';

/** Names, email, phone, country code and time zone stay on `users`; the rest of a client's profile is here. */
export const clientProfiles = pgTable(
  'client_profiles',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    userName: text(),
    stateId: uuid().references(() => states.identifier),
    zipCode: text(),
    dob: date({ mode: 'string' }),
    religionId: uuid().references(() => referenceItems.identifier),
    ethnicityId: uuid().references(() => referenceItems.identifier),
    gender: text(),
    photoFileId: uuid().references(() => files.identifier, { onDelete: 'set null' }),
    avatarId: uuid().references(() => avatars.identifier),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A picture or an avatar, never both: choosing one clears the other.
    check('client_profiles_one_picture', sql`${t.photoFileId} IS NULL OR ${t.avatarId} IS NULL`),
    check('client_profiles_user_name', sql`${t.userName} IS NULL OR char_length(${t.userName}) BETWEEN 3 AND 32`),
    // Usernames are unique regardless of case.
    uniqueIndex('client_profiles_user_name_key').on(sql`lower(${t.userName})`),
  ],
);

/**
 * A client's emergency contact (one per client), health-adjacent: name and number are sealed with AES-256-GCM
 * (platform/field-encryption.ts) bound to the client (`emergency-contact:<userId>:name` / `:phone-number`; the row is
 * the client's one, replaced in place, so the user id is its key). `clearName` and `clearPhoneNumber` are the columns
 * they were kept in before: nothing writes them; the start-up backfill seals what they hold and empties them
 * (modules/client-profile/clear-text.ts), and a later migration drops them (decision 0050).
 */
export const emergencyContacts = pgTable(
  'emergency_contacts',
  {
    identifier: id(),
    userId: uuid()
      .notNull()
      .unique()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    /** Legacy clear text, emptied by the backfill; never written. */
    clearName: text('name'),
    /** Legacy clear text, emptied by the backfill; never written. */
    clearPhoneNumber: text('phone_number'),
    nameSealed: text(),
    phoneNumberSealed: text(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Sealed, or (until the backfill) in clear: a contact always has its name and number one way or the other.
    check(
      'emergency_contacts_present',
      sql`(${t.nameSealed} IS NOT NULL AND ${t.phoneNumberSealed} IS NOT NULL) OR (${t.clearName} IS NOT NULL AND ${t.clearPhoneNumber} IS NOT NULL)`,
    ),
    // Spec §5: name and number at most 32 characters each (checked on the plaintext in the contract).
    check('emergency_contacts_name_sealed', sql`char_length(${t.nameSealed}) <= ${sql.raw(String(sealedLength(32)))}`),
    check(
      'emergency_contacts_phone_number_sealed',
      sql`char_length(${t.phoneNumberSealed}) <= ${sql.raw(String(sealedLength(32)))}`,
    ),
  ],
);

/** Client preferences over the reference lists (ten of the twelve), checked against the list by the database. */
export const clientPreferenceItems = pgTable(
  'client_preference_items',
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
  ],
);

export const clientPreferenceLanguages = pgTable(
  'client_preference_languages',
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

export const clientPreferenceCountries = pgTable(
  'client_preference_countries',
  {
    userId: uuid()
      .notNull()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    countryId: uuid()
      .notNull()
      .references(() => countries.identifier),
  },
  (t) => [primaryKey({ columns: [t.userId, t.countryId] })],
);

/** The read model other modules use for a client's card (migration 0030): username, picture, state. */
export const clientCards = pgView('client_cards', {
  userId: uuid('user_id').notNull(),
  userName: text('user_name'),
  photoFileId: uuid('photo_file_id'),
  avatarId: uuid('avatar_id'),
  stateId: uuid('state_id'),
}).existing();
