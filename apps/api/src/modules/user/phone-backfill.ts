import { normalisePhone, phoneRegion } from '@therapy/contracts/fields';
import type { Database } from '../../db/client.ts';
import { phoneBackfillRepository as repo } from './phone-backfill.repository.ts';

/**
 * Issue 47, decision 0057: numbers stored before E.164 ("08012345678") are rewritten as E.164, read in the account's
 * country. A number that does not parse there (or an account with no country) is kept as it was: it is still shown
 * as stored, and the next profile save asks for a valid one. Part of every start's backfill; a handful of rows once
 * done (only the raw ones are read again).
 */
export async function normaliseStoredPhones(db: Database): Promise<{ normalised: number; keptRaw: number }> {
  let normalised = 0;
  let keptRaw = 0;
  for (const row of await repo.notE164(db)) {
    const region = phoneRegion(row.countryCode);
    const e164 = region ? normalisePhone(row.phoneNumber!, region) : null;
    if (e164) {
      await repo.setPhone(db, row.identifier, row.phoneNumber!, e164);
      normalised += 1;
    } else keptRaw += 1;
  }
  return { normalised, keptRaw };
}
