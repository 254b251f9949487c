import crypto from 'node:crypto';
import { expect } from 'vitest';
import type { BookingStatus } from '@therapy/contracts/bookings';
import { CLIENT_RESCHEDULES, PROVIDER_RESCHEDULES } from '@therapy/contracts/constants';
import type { SignedUp, TestApp } from './harness.ts';
import { createWalletModule } from '../src/modules/wallet/wallet.module.ts';
import { fieldEncryptionFromConfig } from '../src/platform/field-encryption.ts';

/**
 * Test-only bookings for the booking-changes tests: rows inserted directly in each state (the bookings core creates
 * them through its own routes), with a verified provider (weekday plan 09:00-18:00 London time, 60-minute sessions, no
 * notice) and an NG client (NGN wallet). A confirmed booking is paid for real: a top-up credits the client's wallet
 * and wallet.debit moves the price to escrow, so a refund has money to return.
 */
export const PRICE = 25_000;
export const CURRENCY = 'NGN';
const MINUTE = 60_000;

export interface World {
  t: TestApp;
  provider: SignedUp;
  client: SignedUp;
  categoryId: string;
  modalityId: string;
  wallet: ReturnType<typeof createWalletModule>;
}

export async function bookingWorld(t: TestApp): Promise<World> {
  const provider = await t.signUp('provider', {}, { verified: true });
  const client = await t.signUp('client');
  const settings = await t.api('PUT', '/provider-availability/settings', provider, {
    timezone: 'Europe/London',
    sessionLengthMinutes: 60,
    bufferMinutes: 0,
    minimumNoticeHours: 0,
  });
  expect(settings.statusCode, settings.body).toBe(200);
  const item = async (list: 'therapy-category' | 'modality') =>
    (
      await t.db.$client.query<{ id: string }>(
        'SELECT identifier AS id FROM reference_items WHERE list = $1 ORDER BY sort_order LIMIT 1',
        [list],
      )
    ).rows[0]!.id;
  return {
    t,
    provider,
    client,
    categoryId: await item('therapy-category'),
    modalityId: await item('modality'),
    wallet: createWalletModule({ db: t.db, clock: t.clock }),
  };
}

/** The signed identifier of the provider's slot starting at `start` (an ISO instant), from the public calendar. */
export async function slotAt(t: TestApp, providerId: string, start: string): Promise<string> {
  const res = await t.api('GET', `/providers-availability/${providerId}/timeslot/${start.slice(0, 10)}`, undefined);
  expect(res.statusCode, res.body).toBe(200);
  const slots = (
    res.json().data.items as Array<{ timeSlot: Array<{ identifier: string; startTime: string }> }>
  ).flatMap((i) => i.timeSlot);
  const found = slots.find((s) => new Date(s.startTime).getTime() === new Date(start).getTime());
  if (!found) throw new Error(`no slot at ${start}: ${slots.map((s) => s.startTime).join(', ')}`);
  return found.identifier;
}

export interface BookingOptions {
  status: BookingStatus;
  /** ISO instant; the session lasts 60 minutes. */
  start: string;
  client?: SignedUp;
  price?: number;
  /** NGN unless given (the client's top-up and payment are in it too). */
  currency?: string;
  clientReschedulesLeft?: number;
  providerReschedulesLeft?: number;
}

/** Inserts a booking in `status` (with its participant and first history row); a confirmed one is paid through the wallet. */
export async function insertBooking(
  w: World,
  o: BookingOptions,
): Promise<{ bookingId: string; participantId: string }> {
  const { t } = w;
  const client = o.client ?? w.client;
  const now = t.clock.now();
  const startsAt = new Date(o.start);
  const price = o.price ?? PRICE;
  const currency = o.currency ?? CURRENCY;
  const bookingId = crypto.randomUUID();
  const is = (...statuses: BookingStatus[]) => statuses.includes(o.status);
  await t.db.$client.query(
    `INSERT INTO bookings (identifier, client_id, provider_id, therapy_category_id, modality_id, status, starts_at, ends_at, price_amount, currency_code,
       hold_expires_at, created_by, client_reschedules_left, provider_reschedules_left, paid_at, completed_at, cancelled_at, cancelled_by, cancel_note_sealed, refund_amount)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'client', $12, $13, $14, $15, $16, $17, $18, $19)`,
    [
      bookingId,
      client.userId,
      w.provider.userId,
      w.categoryId,
      w.modalityId,
      o.status,
      startsAt,
      new Date(startsAt.getTime() + 60 * MINUTE),
      price,
      currency,
      is('pending') ? new Date(now.getTime() + 30 * MINUTE) : null,
      o.clientReschedulesLeft ?? CLIENT_RESCHEDULES,
      o.providerReschedulesLeft ?? PROVIDER_RESCHEDULES,
      is('confirmed', 'completed') ? now : null,
      is('completed') ? now : null,
      is('cancelled') ? now : null,
      is('cancelled') ? 'client' : null,
      // Sealed as the service seals it (modules/bookings/booking-texts.ts).
      is('cancelled')
        ? fieldEncryptionFromConfig(t.config).seal('Earlier cancel', `booking:${bookingId}:cancel-note`)
        : null,
      is('cancelled') ? 0 : null,
    ],
  );
  const participant = await t.db.$client.query<{ id: string }>(
    `INSERT INTO booking_participants (identifier, booking_id, client_id, status) VALUES (gen_random_uuid(), $1, $2, $3) RETURNING identifier AS id`,
    [bookingId, client.userId, is('requested') ? 'invited' : 'acknowledged'],
  );
  await t.db.$client.query(
    `INSERT INTO booking_status_history (identifier, booking_id, status, previous_status, actor, actor_id, at) VALUES (gen_random_uuid(), $1, $2, NULL, 'client', $3, $4)`,
    [bookingId, o.status, client.userId, now],
  );
  if ((o.status === 'confirmed' || o.status === 'completed') && price > 0) {
    await w.wallet.creditTopup({
      userId: client.userId,
      amount: price,
      currencyCode: currency,
      reference: `test-topup-${bookingId}`,
      description: 'Test top-up',
    });
    await w.wallet.debit({
      userId: client.userId,
      amount: price,
      currencyCode: currency,
      reference: bookingId,
      description: 'Test booking payment',
    });
  }
  return { bookingId, participantId: participant.rows[0]!.id };
}

/** The booking row as stored (the columns the tests read); the cancel note opened as the service opens it. */
export async function bookingRow(t: TestApp, bookingId: string) {
  const { rows } = await t.db.$client.query<{
    status: BookingStatus;
    previousStatus: BookingStatus | null;
    startsAt: Date | null;
    holdExpiresAt: Date | null;
    cancelledAt: Date | null;
    cancelledBy: string | null;
    cancelNoteSealed: string | null;
    clearCancelNote: string | null;
    refundAmount: number | null;
    clientId: string;
    clientReschedulesLeft: number;
    providerReschedulesLeft: number;
  }>(
    `SELECT status, previous_status AS "previousStatus", starts_at AS "startsAt", hold_expires_at AS "holdExpiresAt", cancelled_at AS "cancelledAt",
            cancelled_by AS "cancelledBy", cancel_note_sealed AS "cancelNoteSealed", cancel_note AS "clearCancelNote",
            refund_amount::int AS "refundAmount", client_id AS "clientId",
            client_reschedules_left AS "clientReschedulesLeft", provider_reschedules_left AS "providerReschedulesLeft"
       FROM bookings WHERE identifier = $1`,
    [bookingId],
  );
  const row = rows[0]!;
  const sealed = row.cancelNoteSealed;
  const cancelNote =
    sealed === null ? null : fieldEncryptionFromConfig(t.config).open(sealed, `booking:${bookingId}:cancel-note`);
  return { ...row, cancelNote };
}

/** The booking's status history rows with this status (the note opened as the service opens it). */
export async function historyOf(t: TestApp, bookingId: string, status: BookingStatus) {
  const { rows } = await t.db.$client.query<{
    identifier: string;
    noteSealed: string | null;
    clearNote: string | null;
  }>(
    `SELECT identifier, status, previous_status AS "previousStatus", actor, actor_id AS "actorId", note_sealed AS "noteSealed",
            note AS "clearNote", at
       FROM booking_status_history WHERE booking_id = $1 AND status = $2`,
    [bookingId, status],
  );
  const crypt = fieldEncryptionFromConfig(t.config);
  return rows.map(({ identifier: _id, noteSealed, ...line }) => ({
    ...line,
    note: noteSealed === null ? null : crypt.open(noteSealed, `booking-history:${_id}:note`),
  }));
}

let signIns = 0;
/** Access tokens last 15 minutes on the test clock: after moving it, the world's two users sign in again. */
export async function moveClock(w: World, instant: string): Promise<void> {
  w.t.clock.set(instant);
  for (const who of [w.client, w.provider]) {
    signIns += 1;
    const res = await w.t.request({
      method: 'POST',
      url: '/api/v1/user/login',
      payload: { email: who.email, password: who.password },
      remoteAddress: `10.250.${(signIns >> 8) & 255}.${signIns & 255}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    who.auth = { authorization: `Bearer ${res.json().data.accessToken as string}` };
  }
}

/** Records the `booking.changed` events every instance hears (LISTEN on the domain events' channel) for a booking. */
export async function recordBookingEvents(t: TestApp) {
  const connection = await t.db.$client.connect();
  const heard: Array<Record<string, unknown>> = [];
  connection.on('notification', (n) => {
    const wire = JSON.parse(n.payload ?? '{}') as { n?: string; p?: Record<string, unknown> };
    if (wire.n === 'booking.changed' && wire.p) heard.push(wire.p);
  });
  await connection.query('LISTEN domain_events');
  return {
    /** The events of one booking heard so far, waiting until `count` have arrived. */
    async of(bookingId: string, count: number) {
      await expect
        .poll(() => heard.filter((e) => e.bookingId === bookingId).length, { timeout: 5000 })
        .toBeGreaterThanOrEqual(count);
      return heard.filter((e) => e.bookingId === bookingId);
    },
    async stop() {
      await connection.query('UNLISTEN domain_events');
      connection.release();
    },
  };
}
