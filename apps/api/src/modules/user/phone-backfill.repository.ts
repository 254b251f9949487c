import { and, eq, isNotNull, notLike } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';

/** The users' stored phone numbers not yet in E.164 (issue 47): digits as the spec's old sign-up rule stored them. */
export const phoneBackfillRepository = {
  async notE164(db: Executor) {
    return db
      .select({ identifier: users.identifier, phoneNumber: users.phoneNumber, countryCode: users.countryCode })
      .from(users)
      .where(and(isNotNull(users.phoneNumber), notLike(users.phoneNumber, '+%')));
  },
  async setPhone(db: Executor, identifier: string, from: string, to: string) {
    // Only if it is still the value read: a profile saved meanwhile wins.
    await db
      .update(users)
      .set({ phoneNumber: to })
      .where(and(eq(users.identifier, identifier), eq(users.phoneNumber, from)));
  },
};
