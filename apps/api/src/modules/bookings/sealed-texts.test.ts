import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingWorld, insertBooking, moveClock, slotAt, type World } from '../../../test/booking-fixtures.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';
import { sealClearHealthText } from '../../clear-text-backfill.ts';
import { fieldEncryptionFromConfig, FieldDecryptionError } from '../../platform/field-encryption.ts';

/**
 * Issue 45: a booking's note to the therapist, a cancellation's and a reschedule's note (and the status lines that
 * repeat them) are health text: sealed at rest, bound to their row, readable by the two parties through the API,
 * erased with either party's account, and sealed by the start-up backfill when they were stored in clear before.
 */
let t: TestApp;
let w: World;
const NOW = '2027-03-01T07:00:00.000Z';
const at = (day: number, hour: number) => new Date(Date.UTC(2027, 2, day, hour)).toISOString();

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(NOW);
  w = await bookingWorld(t);
  await moveClock(w, NOW);
  await t.db.$client.query(
    `INSERT INTO provider_profile_items (user_id, list, item_id) SELECT $1, list, identifier FROM reference_items WHERE list IN ('therapy-category', 'modality') ON CONFLICT DO NOTHING`,
    [w.provider.userId],
  );
  const fee = await t.api('POST', '/provider/booking-fee/general', w.provider, { fee: 25_000, isFree: false });
  expect(fee.statusCode, fee.body).toBe(200);
}, 60_000);
afterAll(async () => t?.close());

const crypt = () => fieldEncryptionFromConfig(t.config);
const online = async () =>
  (await t.db.$client.query(`SELECT identifier FROM reference_items WHERE list = 'modality' AND code = 'online'`))
    .rows[0].identifier as string;
const query = async (text: string, params: unknown[] = []) => (await t.db.$client.query(text, params)).rows;
/** How many rows of the table hold `needle` anywhere in their text (every column, as the table's bytes show it). */
const rowsHolding = async (table: string, needle: string) =>
  Number((await query(`SELECT count(*)::int AS n FROM ${table} x WHERE x::text ILIKE $1`, [`%${needle}%`]))[0].n);
const TABLES = ['bookings', 'booking_reschedules', 'booking_status_history'];

const NOTE = 'Panic attacks since my divorce';
const RESCHEDULE_NOTE = 'My new antidepressant makes mornings hard';
const CANCEL_NOTE = 'Admitted to hospital this week';

async function bookWithNotes(client: SignedUp, day: number): Promise<string> {
  const booked = await t.api('POST', '/booking', client, {
    modalityIdentifier: await online(),
    therapyIdentifier: w.categoryId,
    timeslotIdentifier: await slotAt(t, w.provider.userId, at(day, 9)),
    note: NOTE,
  });
  expect(booked.statusCode, booked.body).toBe(201);
  const id = booked.json().data.identifier as string;
  const moved = await t.api('POST', `/booking/${id}/reschedule`, client, {
    timeslotIdentifier: await slotAt(t, w.provider.userId, at(day, 11)),
    note: RESCHEDULE_NOTE,
  });
  expect(moved.statusCode, moved.body).toBe(200);
  const cancelled = await t.api('POST', `/booking/${id}/cancel`, client, { note: CANCEL_NOTE });
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  return id;
}

describe('booking notes at rest', () => {
  it('are sealed in the database (no table holds them in clear), bound to their row', async () => {
    const id = await bookWithNotes(w.client, 2);
    for (const table of TABLES)
      for (const text of [NOTE, RESCHEDULE_NOTE, CANCEL_NOTE])
        expect([table, await rowsHolding(table, text)]).toEqual([table, 0]);

    const [b] = await query(
      'SELECT note, cancel_note, note_sealed, cancel_note_sealed FROM bookings WHERE identifier = $1',
      [id],
    );
    expect(b).toMatchObject({ note: null, cancel_note: null });
    expect(crypt().open(b.note_sealed, `booking:${id}:note`)).toBe(NOTE);
    expect(crypt().open(b.cancel_note_sealed, `booking:${id}:cancel-note`)).toBe(CANCEL_NOTE);
    // Bound to its row and column: the same value does not open as another booking's note, or as the cancel note.
    expect(() => crypt().open(b.note_sealed, `booking:${w.client.userId}:note`)).toThrow(FieldDecryptionError);
    expect(() => crypt().open(b.note_sealed, `booking:${id}:cancel-note`)).toThrow(FieldDecryptionError);

    const [r] = await query('SELECT identifier, note, note_sealed FROM booking_reschedules WHERE booking_id = $1', [
      id,
    ]);
    expect(r.note).toBeNull();
    expect(crypt().open(r.note_sealed, `booking-reschedule:${r.identifier}:note`)).toBe(RESCHEDULE_NOTE);
    const lines = await query(
      'SELECT identifier, status, note, note_sealed FROM booking_status_history WHERE booking_id = $1 ORDER BY at',
      [id],
    );
    expect(lines.map((l) => [l.status, l.note])).toEqual([
      ['pending', null],
      ['cancelled', null],
    ]);
    expect(lines.map((l) => crypt().open(l.note_sealed, `booking-history:${l.identifier}:note`))).toEqual([
      NOTE,
      CANCEL_NOTE,
    ]);
  });

  it('are read in clear by both parties, and by nobody else', async () => {
    const id = await bookWithNotes(w.client, 3);
    const asClient = (await t.api('GET', `/booking/${id}/details`, w.client)).json().data;
    const asProvider = (await t.api('GET', `/appointment/${id}`, w.provider)).json().data;
    for (const details of [asClient, asProvider]) {
      expect(details.note).toBe(NOTE);
      expect(details.reschedules.map((r: { note: string }) => r.note)).toEqual([RESCHEDULE_NOTE]);
      expect(details.cancellation.note).toBe(CANCEL_NOTE);
      expect(details.statusHistory.map((h: { note: string | null }) => h.note)).toEqual([NOTE, CANCEL_NOTE]);
    }
    expect((await t.api('GET', `/booking/${id}`, w.client)).json().data.note).toBe(NOTE);
    const stranger = await t.signUp('client');
    expect((await t.api('GET', `/booking/${id}/details`, stranger)).statusCode).toBe(404);
  });

  it("are erased with the client's account: the booking stays, its notes are gone (NULL)", async () => {
    const client = await t.signUp('client');
    const id = await bookWithNotes(client, 4);
    const del = await t.request({
      method: 'DELETE',
      url: '/api/v1/user/profile/delete-account',
      headers: client.auth,
      payload: { password: client.password },
    });
    expect(del.statusCode, del.body).toBe(200);
    expect(
      await query(
        'SELECT status, note, note_sealed, cancel_note, cancel_note_sealed FROM bookings WHERE identifier = $1',
        [id],
      ),
    ).toEqual([{ status: 'cancelled', note: null, note_sealed: null, cancel_note: null, cancel_note_sealed: null }]);
    expect(await query('SELECT note, note_sealed FROM booking_reschedules WHERE booking_id = $1', [id])).toEqual([
      { note: null, note_sealed: null },
    ]);
    expect(
      await query('SELECT note, note_sealed FROM booking_status_history WHERE booking_id = $1 ORDER BY at', [id]),
    ).toEqual([
      { note: null, note_sealed: null },
      { note: null, note_sealed: null },
    ]);
    // The provider still has the booking, without the client's words.
    const seen = (await t.api('GET', `/appointment/${id}`, w.provider)).json().data;
    expect(seen).toMatchObject({ status: 'cancelled', note: null, cancellation: { note: '' } });
    // Another client's notes with the same provider are untouched.
    const other = await bookWithNotes(w.client, 5);
    expect((await t.api('GET', `/booking/${other}/details`, w.client)).json().data.note).toBe(NOTE);
  });
});

describe('the status history', () => {
  it('stays append-only: only a note may go (or, once, be sealed in place of clear text)', async () => {
    const id = await bookWithNotes(w.client, 9);
    const [line] = await query(
      `SELECT identifier, note_sealed FROM booking_status_history WHERE booking_id = $1 AND status = 'cancelled'`,
      [id],
    );
    const refused = /booking_status_history is append-only/;
    const other = crypt().seal('forged', `booking-history:${line.identifier}:note`);
    for (const [sql, params] of [
      ['UPDATE booking_status_history SET status = $2 WHERE identifier = $1', [line.identifier, 'confirmed']],
      ['UPDATE booking_status_history SET at = now() WHERE identifier = $1', [line.identifier]],
      ['UPDATE booking_status_history SET note_sealed = $2 WHERE identifier = $1', [line.identifier, other]],
      ['UPDATE booking_status_history SET note = $2 WHERE identifier = $1', [line.identifier, 'clear again']],
      ['DELETE FROM booking_status_history WHERE identifier = $1', [line.identifier]],
    ] as const)
      await expect(query(sql, [...params])).rejects.toThrow(refused);
    await query('UPDATE booking_status_history SET note_sealed = NULL WHERE identifier = $1', [line.identifier]);
    expect(
      (await query('SELECT note_sealed FROM booking_status_history WHERE identifier = $1', [line.identifier]))[0],
    ).toEqual({ note_sealed: null });
  });
});

describe('the start-up backfill', () => {
  it('seals notes stored in clear before, empties the clear columns, and finds nothing the second time', async () => {
    const { bookingId } = await insertBooking(w, { status: 'confirmed', start: at(8, 10) });
    const legacy = {
      note: 'Legacy: I hear voices at night',
      cancel: 'Legacy: relapse',
      reschedule: 'Legacy: clinic appointment',
      line: 'Legacy: first line note',
    };
    await query('UPDATE bookings SET note = $2, cancel_note = $3 WHERE identifier = $1', [
      bookingId,
      legacy.note,
      legacy.cancel,
    ]);
    await query(
      `INSERT INTO booking_reschedules (identifier, booking_id, requested_by, requested_by_id, status, from_starts_at, from_ends_at, to_starts_at, to_ends_at, note)
       VALUES (gen_random_uuid(), $1, 'client', $2, 'rejected', $3, $4, $5, $6, $7)`,
      [bookingId, w.client.userId, at(8, 10), at(8, 11), at(9, 10), at(9, 11), legacy.reschedule],
    );
    // A line as the app wrote it before (the history is append-only: a line is added, never changed).
    await query(
      `INSERT INTO booking_status_history (identifier, booking_id, status, previous_status, actor, actor_id, note, at)
       VALUES (gen_random_uuid(), $1, 'confirmed', 'pending', 'client', $2, $3, $4)`,
      [bookingId, w.client.userId, legacy.line, t.clock.now()],
    );
    for (const text of Object.values(legacy))
      expect((await Promise.all(TABLES.map((table) => rowsHolding(table, text)))).reduce((a, b) => a + b)).toBe(1);

    const report = await sealClearHealthText(t.db, t.config);
    expect(report.sealed).toMatchObject({ bookings: 1, booking_reschedules: 1, booking_status_history: 1 });
    expect(report.notRewritten).toEqual([]);
    for (const table of TABLES)
      for (const text of Object.values(legacy)) expect([table, await rowsHolding(table, text)]).toEqual([table, 0]);
    expect(
      (await query('SELECT count(*)::int AS n FROM bookings WHERE note IS NOT NULL OR cancel_note IS NOT NULL'))[0].n,
    ).toBe(0);

    // The parties read them as they read notes sealed by the app.
    await moveClock(w, t.clock.now().toISOString());
    const details = (await t.api('GET', `/booking/${bookingId}/details`, w.client)).json().data;
    expect(details.note).toBe(legacy.note);
    expect(details.reschedules.map((r: { note: string }) => r.note)).toEqual([legacy.reschedule]);
    expect(details.statusHistory.map((h: { note: string | null }) => h.note)).toEqual([null, legacy.line]);
    const [b] = await query('SELECT cancel_note_sealed FROM bookings WHERE identifier = $1', [bookingId]);
    expect(crypt().open(b.cancel_note_sealed, `booking:${bookingId}:cancel-note`)).toBe(legacy.cancel);

    expect((await sealClearHealthText(t.db, t.config)).sealed).toEqual({
      bookings: 0,
      booking_reschedules: 0,
      booking_status_history: 0,
      emergency_contacts: 0,
    });
  });
});
