import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  integer,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { referenceLists } from '@therapy/contracts/reference';
import { createdAt, id } from './columns.ts';

/*
 * Reference data, seeded on every start by db/seed/seed-reference.ts. Rows are keyed by their `code`: the seed upserts
 * on the code and keeps the row (and so its identifier) that already exists, so identifiers stay stable across
 * restarts and other tables may point at them. Rows are never deleted by the seed, for the same reason.
 */

/**
 * ISO 3166-1 countries. Which of them the platform operates in is not stored here: it is configuration
 * (`OPERATING_COUNTRIES`), so opening a country is a deploy setting, not a data migration.
 */
export const countries = pgTable(
  'countries',
  {
    identifier: id(),
    /** ISO 3166-1 alpha-2, upper case; lookups by code upper-case their input. */
    code: text().notNull(),
    name: text().notNull(),
    /** ISO 4217: the default wallet currency of a user from this country (DESIGN.md §6). */
    currencyCode: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('countries_code_key').on(t.code),
    check('countries_code_format', sql`${t.code} ~ '^[A-Z]{2}$'`),
    check('countries_currency_code_format', sql`${t.currencyCode} ~ '^[A-Z]{3}$'`),
  ],
);

/** First-level subdivisions (US states, Nigerian states, UK nations, German Länder); code is unique per country. */
export const states = pgTable(
  'states',
  {
    identifier: id(),
    countryId: uuid()
      .notNull()
      .references(() => countries.identifier, { onDelete: 'restrict' }),
    /** ISO 3166-2 subdivision code without the country prefix (USPS code for the US). */
    code: text().notNull(),
    name: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // Also serves "states of a country": country_id is the leading column.
    uniqueIndex('states_country_code_key').on(t.countryId, t.code),
    check('states_code_format', sql`${t.code} ~ '^[A-Z0-9]{1,3}$'`),
  ],
);

/** ISO 639-1 languages; `isPrimary` marks the short list that pickers show first. */
export const languages = pgTable(
  'languages',
  {
    identifier: id(),
    code: text().notNull(),
    name: text().notNull(),
    /** German name (issue 48: the directory's text search finds "Spanisch"), from the seed's Intl names. */
    nameDe: text(),
    isPrimary: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('languages_code_key').on(t.code), check('languages_code_format', sql`${t.code} ~ '^[a-z]{2}$'`)],
);

export const referenceListEnum = pgEnum('reference_list', referenceLists);

/**
 * The small pick lists (therapy categories, modalities, specialities, religions, ...) share one table rather than a
 * table each. Why: they all have the same shape (code, name, order) and the same life (seeded, read-only); there are
 * a dozen of them; one table keeps one seed, one repository query and one endpoint (`GET /reference/:list`), and a
 * client's preferences over several lists can be one join table instead of one per list. Adding a list is one enum
 * value plus its data. The cost: a plain foreign key to `reference_items.identifier` does not say which list the row
 * must come from. Services check the list when they accept an identifier; where the database must enforce it, a
 * table can use a composite foreign key (list, identifier) against `reference_items_list_identifier_key`.
 */
export const referenceItems = pgTable(
  'reference_items',
  {
    identifier: id(),
    list: referenceListEnum().notNull(),
    /** Stable kebab-case key: the seed upserts on (list, code), and clients may use it in URLs and filters. */
    code: text().notNull(),
    /** English name; translations live in the web app's locale files, keyed by list and code. */
    name: text().notNull(),
    /**
     * German name, seeded from the same table the web shows (`@therapy/contracts/reference-names-de`), so the
     * directory's text search finds "Paartherapie" as well as "Couples therapy" (issue 48).
     */
    nameDe: text(),
    /** Picker order (for instance "Other" and "Prefer not to say" last). */
    sortOrder: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reference_items_list_code_key').on(t.list, t.code),
    unique('reference_items_list_identifier_key').on(t.list, t.identifier),
    check('reference_items_code_format', sql`${t.code} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

/**
 * Avatars a user may pick instead of uploading a picture. The images ship with the web app
 * (apps/web/public/avatars, made by scripts/generate-avatars.mjs), so the product needs no outside URL.
 */
export const avatars = pgTable(
  'avatars',
  {
    identifier: id(),
    code: text().notNull(),
    /** Path served by the app itself, e.g. /avatars/avatar-01.svg. */
    photoUrl: text().notNull(),
    sortOrder: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('avatars_code_key').on(t.code),
    check('avatars_photo_url_local', sql`${t.photoUrl} ~ '^/avatars/[a-z0-9-]+\\.(svg|png)$'`),
  ],
);

/**
 * Exchange rates (issue 48, decision 0059): how many units of a currency one US dollar buys, per day. The directory
 * filters and sorts fees in the visitor's currency with the newest rate on or before the day; the seed writes fixed
 * demo rates, a deployment adds newer rows (one per currency and day). A rate is a price, never money moved.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    currencyCode: text().notNull(),
    rateDate: date().notNull(),
    perUsd: numeric({ precision: 20, scale: 8 }).notNull(),
    /** Where the rate comes from ("demo" for the seed's fixed rates). */
    source: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.currencyCode, t.rateDate] }),
    check('exchange_rates_currency_code_format', sql`${t.currencyCode} ~ '^[A-Z]{3}$'`),
    check('exchange_rates_per_usd_positive', sql`${t.perUsd} > 0`),
  ],
);
