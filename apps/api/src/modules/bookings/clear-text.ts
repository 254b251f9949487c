import type { Database, Transaction } from '../../db/client.ts';
import { rewriteTables } from '../../db/rewrite-tables.ts';
import type { FieldEncryption } from '../../platform/field-encryption.ts';
import { createBookingTexts } from './booking-texts.ts';
import { clearTextRepository as repo } from './clear-text.repository.ts';

/** Rows per transaction: a short lock on each batch, and few round trips for a large table. */
const BATCH = 500;

export interface ClearTextReport {
  /** Rows sealed, per table. */
  sealed: Record<string, number>;
  /** Tables whose files could not be rewritten now (their lock was busy); autovacuum reclaims the space later. */
  notRewritten: string[];
}

/** Seals batches until none is left: each batch one transaction, its rows locked (another instance skips them). */
async function drain(db: Database, batch: (tx: Transaction) => Promise<number>) {
  let total = 0;
  for (;;) {
    const n = await db.transaction(batch);
    total += n;
    if (n < BATCH) return total;
  }
}

/**
 * The one-time backfill of issue 45 (decision 0050): notes written before they were sealed are still in the legacy
 * clear columns (`bookings.note`, `bookings.cancel_note`, `booking_reschedules.note`, `booking_status_history.note`).
 * Each is sealed as the app seals a new one (bound to its row) and its clear column emptied; a value already sealed
 * stays as it is. It runs on every start, after the migrations and before the app serves (db/migrate.ts), and finds
 * nothing once done. Then the tables that had clear text are rewritten, so no old row version keeps it on disk.
 */
export async function sealClearBookingTexts(db: Database, crypt: FieldEncryption): Promise<ClearTextReport> {
  const texts = createBookingTexts(crypt);
  const sealed = {
    bookings: await drain(db, async (tx) => {
      const rows = await repo.bookings(tx, BATCH);
      for (const r of rows)
        await repo.sealBooking(tx, r.identifier, {
          noteSealed: r.noteSealed ?? texts.seal('note', r.identifier, r.clearNote),
          cancelNoteSealed: r.cancelNoteSealed ?? texts.seal('cancelNote', r.identifier, r.clearCancelNote),
        });
      return rows.length;
    }),
    booking_reschedules: await drain(db, async (tx) => {
      const rows = await repo.reschedules(tx, BATCH);
      for (const r of rows)
        await repo.sealReschedule(
          tx,
          r.identifier,
          r.noteSealed ?? texts.seal('rescheduleNote', r.identifier, r.clearNote),
        );
      return rows.length;
    }),
    booking_status_history: await drain(db, async (tx) => {
      const rows = await repo.historyLines(tx, BATCH);
      for (const r of rows)
        await repo.sealHistoryLine(
          tx,
          r.identifier,
          r.noteSealed ?? texts.seal('historyNote', r.identifier, r.clearNote),
        );
      return rows.length;
    }),
  };
  const touched = Object.entries(sealed)
    .filter(([, n]) => n > 0)
    .map(([table]) => table);
  return { sealed, notRewritten: touched.length ? await rewriteTables(db, touched) : [] };
}
