import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

export const healthRepository = {
  async ping(db: Executor): Promise<void> {
    await db.execute(sql`SELECT 1`);
  },
};
