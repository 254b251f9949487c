import type { Database } from '../../db/client.ts';
import { rewriteTables } from '../../db/rewrite-tables.ts';
import type { FieldEncryption } from '../../platform/field-encryption.ts';
import { clearTextRepository as repo } from './clear-text.repository.ts';
import { contactContext } from './client-profile.service.ts';

const BATCH = 500;

/**
 * The one-time backfill of issue 45 (decision 0050) for emergency contacts saved before they were sealed: name and
 * number in the legacy clear columns are sealed as the app seals a new contact (bound to the client) and emptied; a
 * value already sealed stays. It runs on every start before the app serves (db/migrate.ts) and finds nothing once
 * done; then the table is rewritten so no old row version keeps the clear text on disk.
 */
export async function sealClearEmergencyContacts(
  db: Database,
  crypt: FieldEncryption,
): Promise<{ sealed: Record<string, number>; notRewritten: string[] }> {
  let total = 0;
  for (;;) {
    const n = await db.transaction(async (tx) => {
      const rows = await repo.contacts(tx, BATCH);
      for (const r of rows)
        await repo.sealContact(tx, r.userId, {
          nameSealed: r.nameSealed ?? crypt.seal(r.clearName ?? '', contactContext(r.userId, 'name')),
          phoneNumberSealed:
            r.phoneNumberSealed ?? crypt.seal(r.clearPhoneNumber ?? '', contactContext(r.userId, 'phone-number')),
        });
      return rows.length;
    });
    total += n;
    if (n < BATCH) break;
  }
  const notRewritten = total > 0 ? await rewriteTables(db, ['emergency_contacts']) : [];
  return { sealed: { emergency_contacts: total }, notRewritten };
}
