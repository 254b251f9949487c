import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { sealClearBookingTexts } from './modules/bookings/bookings.module.ts';
import { sealClearEmergencyContacts } from './modules/client-profile/client-profile.module.ts';
import { fieldEncryptionFromConfig } from './platform/field-encryption.ts';

export interface HealthTextBackfill {
  /** Rows sealed, per table (zero everywhere once done). */
  sealed: Record<string, number>;
  /** Tables that had clear text but could not be rewritten now (a busy lock): autovacuum reclaims them later. */
  notRewritten: string[];
}

/**
 * Issue 45, decision 0050: the health text that was stored in clear (a booking's note, cancellation, reschedule and
 * status-line notes; the emergency contact) is sealed with the app's key, each by the module that owns it. The
 * migration step of every start (db/migrate.ts `backfill`); once done it reads four empty index-less scans and writes
 * nothing.
 */
export async function sealClearHealthText(
  db: Database,
  config: Pick<Config, 'dataEncryptionKey'>,
): Promise<HealthTextBackfill> {
  const crypt = fieldEncryptionFromConfig(config);
  const bookings = await sealClearBookingTexts(db, crypt);
  const contacts = await sealClearEmergencyContacts(db, crypt);
  return {
    sealed: { ...bookings.sealed, ...contacts.sealed },
    notRewritten: [...bookings.notRewritten, ...contacts.notRewritten],
  };
}
