import { inArray, sql } from 'drizzle-orm';
import type { ReferenceList } from '@therapy/contracts/reference';
import type { Database } from '../client.ts';
import { avatars, countries, languages, referenceItems, states } from '../schema/reference.ts';
import { avatarRows } from './data/avatars.ts';
import { countryRows } from './data/countries.ts';
import { languageRows, primaryLanguageCodes } from './data/languages.ts';
import { referenceListRows } from './data/reference-lists.ts';
import { stateRows } from './data/states.ts';

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
      .values(languageRows.map(([code, name]) => ({ code, name, isPrimary: primaryLanguageCodes.has(code) })))
      .onConflictDoUpdate({
        target: languages.code,
        set: { name: excluded('name'), isPrimary: excluded('is_primary') },
        setWhere: sql`(${languages.name}, ${languages.isPrimary}) IS DISTINCT FROM (${excluded('name')}, ${excluded('is_primary')})`,
      });

    const itemValues = (
      Object.entries(referenceListRows) as [ReferenceList, (typeof referenceListRows)[ReferenceList]][]
    ).flatMap(([list, rows]) => rows.map(([code, name], index) => ({ list, code, name, sortOrder: index + 1 })));
    await tx
      .insert(referenceItems)
      .values(itemValues)
      .onConflictDoUpdate({
        target: [referenceItems.list, referenceItems.code],
        set: { name: excluded('name'), sortOrder: excluded('sort_order') },
        setWhere: sql`(${referenceItems.name}, ${referenceItems.sortOrder}) IS DISTINCT FROM (${excluded('name')}, ${excluded('sort_order')})`,
      });

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
