import { inArray, sql } from 'drizzle-orm';
import type { ReferenceList } from '@therapy/contracts/reference';
import { referenceNamesDe } from '@therapy/contracts/reference-names-de';
import type { Database } from '../client.ts';
import { avatars, countries, exchangeRates, languages, referenceItems, states } from '../schema/reference.ts';
import { avatarRows } from './data/avatars.ts';
import { countryRows } from './data/countries.ts';
import { demoExchangeRates } from './data/exchange-rates.ts';
import { languageRows, primaryLanguageCodes } from './data/languages.ts';
import { referenceListRows } from './data/reference-lists.ts';
import { stateRows } from './data/states.ts';

const germanNames = new Intl.DisplayNames(['de'], { type: 'language' });
/** A language's German name as the web shows it (Intl), or null when Intl has none of its own. */
const germanLanguageName = (code: string): string | null => {
  const name = germanNames.of(code);
  return name && name !== code ? name : null;
};

/** The proposed row of an upsert, by its database (snake_case) column name. */
const excluded = (column: string) => sql.raw(`excluded.${column}`);

/**
 * Upserts all reference data in one transaction; runs at every start and when the test template is built.
 * Idempotent: a row is matched on its code, so it keeps its identifier; it is only rewritten when its name (or
 * other data) changed, so a restart writes nothing. Rows that left the data files are kept: other tables may
 * point at them.
 */
export async function seedReferenceData(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(countries)
      .values(countryRows.map(([code, name, currencyCode]) => ({ code, name, currencyCode })))
      .onConflictDoUpdate({
        target: countries.code,
        set: { name: excluded('name'), currencyCode: excluded('currency_code') },
        setWhere: sql`(${countries.name}, ${countries.currencyCode}) IS DISTINCT FROM (${excluded('name')}, ${excluded('currency_code')})`,
      });

    const stateCountries = await tx
      .select({ identifier: countries.identifier, code: countries.code })
      .from(countries)
      .where(inArray(countries.code, Object.keys(stateRows)));
    const stateValues = stateCountries.flatMap((country) =>
      (stateRows[country.code] ?? []).map(([code, name]) => ({ countryId: country.identifier, code, name })),
    );
    await tx
      .insert(states)
      .values(stateValues)
      .onConflictDoUpdate({
        target: [states.countryId, states.code],
        set: { name: excluded('name') },
        setWhere: sql`${states.name} IS DISTINCT FROM ${excluded('name')}`,
      });

    await tx
      .insert(languages)
      .values(
        languageRows.map(([code, name]) => ({
          code,
          name,
          nameDe: germanLanguageName(code),
          isPrimary: primaryLanguageCodes.has(code),
        })),
      )
      .onConflictDoUpdate({
        target: languages.code,
        set: { name: excluded('name'), nameDe: excluded('name_de'), isPrimary: excluded('is_primary') },
        setWhere: sql`(${languages.name}, ${languages.nameDe}, ${languages.isPrimary}) IS DISTINCT FROM (${excluded('name')}, ${excluded('name_de')}, ${excluded('is_primary')})`,
      });

    const itemValues = (
      Object.entries(referenceListRows) as [ReferenceList, (typeof referenceListRows)[ReferenceList]][]
    ).flatMap(([list, rows]) =>
      rows.map(([code, name], index) => ({
        list,
        code,
        name,
        nameDe: referenceNamesDe[list]?.[code] ?? null,
        sortOrder: index + 1,
      })),
    );
    await tx
      .insert(referenceItems)
      .values(itemValues)
      .onConflictDoUpdate({
        target: [referenceItems.list, referenceItems.code],
        set: { name: excluded('name'), nameDe: excluded('name_de'), sortOrder: excluded('sort_order') },
        setWhere: sql`(${referenceItems.name}, ${referenceItems.nameDe}, ${referenceItems.sortOrder}) IS DISTINCT FROM (${excluded('name')}, ${excluded('name_de')}, ${excluded('sort_order')})`,
      });

    // Fixed demo rates (decision 0059): only added, never overwritten, so a deployment's own rates of the day stay.
    await tx
      .insert(exchangeRates)
      .values(
        demoExchangeRates.rates.map(([currencyCode, perUsd]) => ({
          currencyCode,
          rateDate: demoExchangeRates.date,
          perUsd,
          source: 'demo',
        })),
      )
      .onConflictDoNothing();

    await tx
      .insert(avatars)
      .values(avatarRows.map(([code, photoUrl], index) => ({ code, photoUrl, sortOrder: index + 1 })))
      .onConflictDoUpdate({
        target: avatars.code,
        set: { photoUrl: excluded('photo_url'), sortOrder: excluded('sort_order') },
        setWhere: sql`(${avatars.photoUrl}, ${avatars.sortOrder}) IS DISTINCT FROM (${excluded('photo_url')}, ${excluded('sort_order')})`,
      });
  });
}
