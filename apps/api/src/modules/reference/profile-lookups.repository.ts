import { and, eq, inArray } from 'drizzle-orm';
import type { ReferenceList } from '@therapy/contracts/reference';
import type { Executor } from '../../db/client.ts';
import { avatars, countries, languages, referenceItems, states } from '../../db/schema/reference.ts';

export type AvatarRow = typeof avatars.$inferSelect;

/** Reads of the seeded lists that a profile points at: used to check a submitted identifier before it is stored. */
export const profileLookupsRepository = {
  async countryById(db: Executor, id: string): Promise<{ identifier: string; code: string } | undefined> {
    const [row] = await db
      .select({ identifier: countries.identifier, code: countries.code })
      .from(countries)
      .where(eq(countries.identifier, id))
      .limit(1);
    return row;
  },
  async countryIdByCode(db: Executor, code: string): Promise<string | undefined> {
    const [row] = await db
      .select({ identifier: countries.identifier })
      .from(countries)
      .where(eq(countries.code, code))
      .limit(1);
    return row?.identifier;
  },
  async stateCountryId(db: Executor, stateId: string): Promise<string | undefined> {
    const [row] = await db
      .select({ countryId: states.countryId })
      .from(states)
      .where(eq(states.identifier, stateId))
      .limit(1);
    return row?.countryId;
  },
  /** How many of `ids` are items of `list` (the caller passes distinct ids). */
  async countInList(db: Executor, list: ReferenceList, ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const rows = await db
      .select({ identifier: referenceItems.identifier })
      .from(referenceItems)
      .where(and(eq(referenceItems.list, list), inArray(referenceItems.identifier, [...ids])));
    return rows.length;
  },
  async codeInList(db: Executor, list: ReferenceList, code: string): Promise<boolean> {
    const [row] = await db
      .select({ identifier: referenceItems.identifier })
      .from(referenceItems)
      .where(and(eq(referenceItems.list, list), eq(referenceItems.code, code)))
      .limit(1);
    return Boolean(row);
  },
  async countLanguages(db: Executor, ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    return (
      await db
        .select({ identifier: languages.identifier })
        .from(languages)
        .where(inArray(languages.identifier, [...ids]))
    ).length;
  },
  async countCountries(db: Executor, ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    return (
      await db
        .select({ identifier: countries.identifier })
        .from(countries)
        .where(inArray(countries.identifier, [...ids]))
    ).length;
  },
  async listAvatars(db: Executor): Promise<AvatarRow[]> {
    return db.select().from(avatars);
  },
  async avatarById(db: Executor, id: string): Promise<AvatarRow | undefined> {
    const [row] = await db.select().from(avatars).where(eq(avatars.identifier, id)).limit(1);
    return row;
  },
};
