import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { countries } from '../../db/schema/reference.ts';

export const countryRepository = {
  async codeById(db: Executor, id: string): Promise<string | undefined> {
    const [row] = await db
      .select({ code: countries.code })
      .from(countries)
      .where(eq(countries.identifier, id))
      .limit(1);
    return row?.code;
  },
  async exists(db: Executor, code: string): Promise<boolean> {
    const [row] = await db.select({ code: countries.code }).from(countries).where(eq(countries.code, code)).limit(1);
    return Boolean(row);
  },
};
