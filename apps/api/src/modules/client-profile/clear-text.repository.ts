import { asc, eq, isNotNull, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { emergencyContacts } from '../../db/schema/client-profile.ts';

/**
 * The one-time backfill's reads and writes (clear-text.ts): emergency contacts still in the legacy clear columns, a
 * batch at a time, locked and skipped by a second instance doing the same; each written back sealed, clear emptied.
 */
export const clearTextRepository = {
  contacts(tx: Executor, limit: number) {
    return tx
      .select({
        userId: emergencyContacts.userId,
        clearName: emergencyContacts.clearName,
        clearPhoneNumber: emergencyContacts.clearPhoneNumber,
        nameSealed: emergencyContacts.nameSealed,
        phoneNumberSealed: emergencyContacts.phoneNumberSealed,
      })
      .from(emergencyContacts)
      .where(or(isNotNull(emergencyContacts.clearName), isNotNull(emergencyContacts.clearPhoneNumber)))
      .orderBy(asc(emergencyContacts.identifier))
      .limit(limit)
      .for('update', { skipLocked: true });
  },
  async sealContact(tx: Executor, userId: string, sealed: { nameSealed: string; phoneNumberSealed: string }) {
    await tx
      .update(emergencyContacts)
      .set({ ...sealed, clearName: null, clearPhoneNumber: null })
      .where(eq(emergencyContacts.userId, userId));
  },
};
