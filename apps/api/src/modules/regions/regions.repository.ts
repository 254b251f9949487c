import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { countries, languages, states } from '../../db/schema/reference.ts';

export type CountryRow = typeof countries.$inferSelect;
export type StateRow = typeof states.$inferSelect;
export type LanguageRow = typeof languages.$inferSelect;

/** Reads of the seeded region data. Order is the service's job: names sort by English collation, not by bytes. */
export const regionsRepository = {
  /** All countries, or only those with the given codes. */
  async listCountries(db: Executor, codes?: readonly string[]): Promise<CountryRow[]> {
    return db
      .select()
      .from(countries)
      .where(codes ? inArray(countries.code, [...codes]) : undefined);
  },
  async findCountryById(db: Executor, id: string): Promise<CountryRow | undefined> {
    const [row] = await db.select().from(countries).where(eq(countries.identifier, id)).limit(1);
    return row;
  },
  async findCountryByCode(db: Executor, code: string): Promise<CountryRow | undefined> {
    const [row] = await db.select().from(countries).where(eq(countries.code, code)).limit(1);
    return row;
  },
  async listStates(db: Executor, countryId: string): Promise<StateRow[]> {
    return db.select().from(states).where(eq(states.countryId, countryId));
  },
  async listLanguages(db: Executor, primaryOnly: boolean): Promise<LanguageRow[]> {
    return db
      .select()
      .from(languages)
      .where(primaryOnly ? eq(languages.isPrimary, true) : undefined);
  },
};
