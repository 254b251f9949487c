import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { de, en } from '@therapy/contracts/messages';
import { expectError, validation } from '../../../../test/assertions.ts';
import { buildTestApp, type TestApp } from '../../../../test/harness.ts';
import {
  CURRENCY,
  PRICE,
  bookingRow,
  bookingWorld,
  historyOf,
  insertBooking,
  moveClock,
  recordBookingEvents,
  slotAt,
  type World,
} from '../../../../test/booking-fixtures.ts';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
// Monday 23 March 2026 (London is on GMT until the 29th): the sessions below are on Thursday the 26th.
const NOW = '2026-03-23T07:00:00Z';
const START = '2026-03-26T10:00:00Z';
const at = (iso: string, offsetMs: number) => new Date(new Date(iso).getTime() + offsetMs).toISOString();
const conflict = (message: string) => ({ message, code: 'CONFLICT' });

beforeEach(async () => {
  t.clock.set(NOW);
  w = await bookingWorld(t);
});

const balance = () => w.wallet.balanceOf(w.client.userId, CURRENCY);
const earnings = () => w.wallet.earningsOf(w.provider.userId, CURRENCY);

describe('cancel', () => {
  it('a client 48 h and 1 minute ahead: full refund to the wallet, stored with its history (APPOINTMENT CANCELLED SUCCESSFULLY)', async () => {
    const { bookingId } = await insertBooking(w, { status: 'confirmed', start: START });
    expect(await balance()).toBe(0);
    await moveClock(w, at(START, -48 * HOUR - MINUTE));
    const res = await t.api('POST', `/booking/${bookingId}/cancel`, w.client, { note: '  Feeling unwell  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(en.appointmentCancelled);
    expect(res.json().data).toMatchObject({ identifier: bookingId, status: 'cancelled', previousStatus: 'confirmed' });
    expect(await balance()).toBe(PRICE);
    const row = await bookingRow(t, bookingId);
    expect(row).toMatchObject({
      status: 'cancelled',
      previousStatus: 'confirmed',
      cancelledBy: 'client',
      cancelNote: 'Feeling unwell',
      refundAmount: PRICE,
    });
    const cancelledAfter = row.cancelledAt!.getTime() - Date.parse(at(START, -48 * HOUR - MINUTE));
    expect(cancelledAfter).toBeGreaterThanOrEqual(0);
    expect(cancelledAfter).toBeLessThan(MINUTE);
    expect(await historyOf(t, bookingId, 'cancelled')).toEqual([
      expect.objectContaining({
        previousStatus: 'confirmed',
        actor: 'client',
        actorId: w.client.userId,
        note: 'Feeling unwell',
      }),
    ]);
  });

  it('a client 47 h 59 min ahead: no refund (the no-refund message), the provider keeps the fee', async () => {
    const { bookingId } = await insertBooking(w, { status: 'confirmed', start: START });
    await moveClock(w, at(START, -48 * HOUR + MINUTE));
    const res = await t.api('POST', `/booking/${bookingId}/cancel`, w.client, { note: 'Too late, sorry' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(en.appointmentCancelledNoRefund);
    expect(await balance()).toBe(0);
    expect(await earnings()).toBe(PRICE);
    expect(await bookingRow(t, bookingId)).toMatchObject({ status: 'cancelled', refundAmount: 0 });
  });

  it("the provider, even an hour ahead: full refund, in the caller's language", async () => {
    const { bookingId } = await insertBooking(w, { status: 'confirmed', start: START });
    await moveClock(w, at(START, -HOUR));
    const res = await t.request({
      method: 'POST',
      url: `/api/v1/appointment/${bookingId}/cancel`,
      headers: { ...w.provider.auth, 'accept-language': 'de' },
      payload: { note: 'Ich bin krank' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(de.appointmentCancelled);
    expect(await balance()).toBe(PRICE);
    expect(await bookingRow(t, bookingId)).toMatchObject({ cancelledBy: 'provider', refundAmount: PRICE });
  });

  it('unpaid bookings: a request (Booking Request Cancelled Successfully) and a pending one, nothing to refund', async () => {
    const requested = await insertBooking(w, { status: 'requested', start: START });
    const pending = await insertBooking(w, { status: 'pending', start: at(START, 2 * HOUR) });
    const a = await t.api('POST', `/booking/${requested.bookingId}/cancel`, w.client, { note: 'Changed my mind' });
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json().message).toBe(en.bookingRequestCancelled);
    const b = await t.api('POST', `/booking/${pending.bookingId}/cancel`, w.client, { note: 'Changed my mind' });
    expect(b.json().message).toBe(en.appointmentCancelled);
    expect(await bookingRow(t, pending.bookingId)).toMatchObject({
      status: 'cancelled',
      refundAmount: 0,
      holdExpiresAt: null,
    });
    expect(await balance()).toBe(0);
  });

  it('twice: 409 bookingAlreadyCancelled and no second refund; completed, expired and rejected ones are not cancellable', async () => {
    const { bookingId } = await insertBooking(w, { status: 'confirmed', start: START });
    expect((await t.api('POST', `/booking/${bookingId}/cancel`, w.client, { note: 'Once' })).statusCode).toBe(200);
    expectError(
      await t.api('POST', `/booking/${bookingId}/cancel`, w.client, { note: 'Twice' }),
      409,
      conflict(en.bookingAlreadyCancelled),
    );
    expectError(
      await t.api('POST', `/appointment/${bookingId}/cancel`, w.provider, { note: 'Thrice' }),
      409,
      conflict(en.bookingAlreadyCancelled),
    );
    expect(await balance()).toBe(PRICE);
    for (const status of ['completed', 'expired', 'rejected'] as const) {
      const other = await insertBooking(w, { status, start: at(START, 24 * HOUR) });
      expectError(
        await t.api('POST', `/booking/${other.bookingId}/cancel`, w.client, { note: 'Why not' }),
        409,
        conflict(en.bookingNotCancellable),
      );
      expect((await bookingRow(t, other.bookingId)).status).toBe(status);
    }
  });

  it('ten concurrent cancels: one succeeds, the others get 409, and the client is refunded once', async () => {
    const { bookingId } = await insertBooking(w, { status: 'confirmed', start: START });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.api('POST', `/booking/${bookingId}/cancel`, w.client, { note: `Attempt ${i}` }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
    expect(await balance()).toBe(PRICE);
    expect(await historyOf(t, bookingId, 'cancelled')).toHaveLength(1);
  });

  it('a missing, blank or too long note: 400 with the spec text, nothing stored', async () => {
    const { bookingId } = await insertBooking(w, { status: 'confirmed', start: START });
    expectError(
      await t.api('POST', `/booking/${bookingId}/cancel`, w.client, {}),
      400,
      validation(en.cancelNoteRequired),
    );
    expectError(
      await t.api('POST', `/booking/${bookingId}/cancel`, w.client, { note: '   ' }),
      400,
      validation(en.cancelNoteRequired),
    );
    expectError(
      await t.api('POST', `/booking/${bookingId}/cancel`, w.client, { note: 'x'.repeat(401) }),
      400,
      validation(en.bookingNoteMax),
    );
    expect((await bookingRow(t, bookingId)).status).toBe('confirmed');
    expect(await balance()).toBe(0);
  });

  it("another user's booking is not found; the other role's route is forbidden", async () => {
    const { bookingId } = await insertBooking(w, { status: 'confirmed', start: START });
    const stranger = await t.signUp('client');
    const otherProvider = await t.signUp('provider');
    expectError(await t.api('POST', `/booking/${bookingId}/cancel`, stranger, { note: 'Mine now' }), 404, {
      message: en.notFound,
      code: 'NOT_FOUND',
    });
    expectError(await t.api('POST', `/appointment/${bookingId}/cancel`, otherProvider, { note: 'Mine now' }), 404, {
      message: en.notFound,
      code: 'NOT_FOUND',
    });
    expect((await t.api('POST', `/booking/${bookingId}/cancel`, w.provider, { note: 'Wrong door' })).statusCode).toBe(
      403,
    );
    expect((await t.api('POST', `/appointment/${bookingId}/cancel`, w.client, { note: 'Wrong door' })).statusCode).toBe(
      403,
    );
    expect((await bookingRow(t, bookingId)).status).toBe('confirmed');
  });
});

describe('policies', () => {
  it('cancellation: refunded until 48 h before the start for the client, always for the provider', async () => {
    const { bookingId } = await insertBooking(w, { status: 'confirmed', start: START });
    const cutoffAt = at(START, -48 * HOUR);
    await moveClock(w, at(START, -48 * HOUR - MINUTE));
    const early = await t.api('GET', `/appointment/policy/${bookingId}/cancellation`, w.client);
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json().data).toEqual({
      cancelationStatus: true,
      refundAmount: PRICE,
      currencyCode: CURRENCY,
      cutoffAt,
      cancellable: true,
    });
    await moveClock(w, at(START, -48 * HOUR + MINUTE));
    expect((await t.api('GET', `/appointment/policy/${bookingId}/cancellation`, w.client)).json().data).toEqual({
      cancelationStatus: false,
      refundAmount: 0,
      currencyCode: CURRENCY,
      cutoffAt,
      cancellable: true,
    });
    expect((await t.api('GET', `/appointment/policy/${bookingId}/cancellation`, w.provider)).json().data).toMatchObject(
      { cancelationStatus: true, refundAmount: PRICE },
    );
    const done = await insertBooking(w, { status: 'completed', start: at(START, 24 * HOUR) });
    expect(
      (await t.api('GET', `/appointment/policy/${done.bookingId}/cancellation`, w.client)).json().data,
    ).toMatchObject({ cancellable: false, cancelationStatus: false, refundAmount: 0 });
    expectError(await t.api('GET', `/appointment/policy/${bookingId}/cancellation`, await t.signUp('client')), 404, {
      message: en.notFound,
      code: 'NOT_FOUND',
    });
  });

  it("reschedule: what is left for the viewer's side, and approval from 48 h before a confirmed session", async () => {
    const { bookingId } = await insertBooking(w, { status: 'confirmed', start: START, clientReschedulesLeft: 1 });
    const approvalFrom = at(START, -48 * HOUR);
    await moveClock(w, at(START, -48 * HOUR - MINUTE));
    expect((await t.api('GET', `/appointment/policy/${bookingId}/reschedule`, w.client)).json().data).toEqual({
      reschedulable: true,
      remaining: 1,
      needsApproval: false,
      approvalFrom,
    });
    expect((await t.api('GET', `/appointment/policy/${bookingId}/reschedule`, w.provider)).json().data).toEqual({
      reschedulable: true,
      remaining: 3,
      needsApproval: false,
      approvalFrom,
    });
    await moveClock(w, approvalFrom);
    expect((await t.api('GET', `/appointment/policy/${bookingId}/reschedule`, w.client)).json().data).toMatchObject({
      needsApproval: true,
    });
    const spent = await insertBooking(w, { status: 'pending', start: at(START, 3 * HOUR), clientReschedulesLeft: 0 });
    expect((await t.api('GET', `/appointment/policy/${spent.bookingId}/reschedule`, w.client)).json().data).toEqual({
      reschedulable: false,
      remaining: 0,
      needsApproval: false,
      approvalFrom: null,
    });
    expectError(await t.api('GET', `/appointment/policy/${bookingId}/reschedule`, await t.signUp('provider')), 404, {
      message: en.notFound,
      code: 'NOT_FOUND',
    });
  });
});

describe('reschedule', () => {
  const NEW = '2026-03-27T11:00:00Z';

  it('a pending booking moves at once, keeps being pending with a fresh 30-minute hold, and spends one of 2', async () => {
    const { bookingId } = await insertBooking(w, { status: 'pending', start: START });
    await moveClock(w, at(NOW, 20 * MINUTE));
    const res = await t.api('POST', `/booking/${bookingId}/reschedule`, w.client, {
      timeslotIdentifier: await slotAt(t, w.provider.userId, NEW),
      note: 'Friday suits me better',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(en.rescheduled);
    const data = res.json().data;
    expect(data).toMatchObject({
      status: 'pending',
      startTime: '2026-03-27T11:00:00.000Z',
      endTime: '2026-03-27T12:00:00.000Z',
    });
    expect(Date.parse(data.holdExpiresAt) - Date.parse(at(NOW, 50 * MINUTE))).toBeGreaterThanOrEqual(0);
    expect(Date.parse(data.holdExpiresAt) - Date.parse(at(NOW, 50 * MINUTE))).toBeLessThan(MINUTE);
    expect(data.rescheduleInfo).toEqual({
      status: 'applied',
      remainingClientReschedule: 1,
      remainingProviderReschedule: 3,
    });
    expect(data.reschedules).toEqual([
      expect.objectContaining({
        status: 'applied',
        requestedBy: 'client',
        fromStartTime: '2026-03-26T10:00:00.000Z',
        toStartTime: '2026-03-27T11:00:00.000Z',
        note: 'Friday suits me better',
      }),
    ]);
  });

  it('a pending booking whose hold ran out is not revived by a reschedule (409 bookingExpired)', async () => {
    const { bookingId } = await insertBooking(w, { status: 'pending', start: START });
    await moveClock(w, at(NOW, 31 * MINUTE));
    expectError(
      await t.api('POST', `/booking/${bookingId}/reschedule`, w.client, {
        timeslotIdentifier: await slotAt(t, w.provider.userId, NEW),
      }),
      409,
      conflict(en.bookingExpired),
    );
    expect(await bookingRow(t, bookingId)).toMatchObject({ startsAt: new Date(START), clientReschedulesLeft: 2 });
  });

  it('limits: the client twice, the provider three times, then 409 "Rescheduling limit reached."', async () => {
    const { bookingId } = await insertBooking(w, { status: 'confirmed', start: START });
    const hours = [
      '2026-03-27T09:00:00Z',
      '2026-03-27T10:00:00Z',
      '2026-03-27T11:00:00Z',
      '2026-03-27T12:00:00Z',
      '2026-03-27T13:00:00Z',
      '2026-03-27T14:00:00Z',
    ];
    for (const h of hours.slice(0, 2))
      expect(
        (
          await t.api('POST', `/booking/${bookingId}/reschedule`, w.client, {
            timeslotIdentifier: await slotAt(t, w.provider.userId, h),
          })
        ).statusCode,
      ).toBe(200);
    const third = await t.api('POST', `/booking/${bookingId}/reschedule`, w.client, {
      timeslotIdentifier: await slotAt(t, w.provider.userId, hours[2]!),
    });
    expectError(third, 409, conflict(en.rescheduleLimitReached));
    expect(en.rescheduleLimitReached).toBe('Rescheduling limit reached.');
    for (const h of hours.slice(2, 5))
      expect(
        (
          await t.api('POST', `/appointment/${bookingId}/reschedule`, w.provider, {
            timeslotIdentifier: await slotAt(t, w.provider.userId, h),
          })
        ).statusCode,
      ).toBe(200);
    expectError(
      await t.api('POST', `/appointment/${bookingId}/reschedule`, w.provider, {
        timeslotIdentifier: await slotAt(t, w.provider.userId, hours[5]!),
      }),
      409,
      conflict(en.rescheduleLimitReached),
    );
    expect(await bookingRow(t, bookingId)).toMatchObject({
      clientReschedulesLeft: 0,
      providerReschedulesLeft: 0,
      startsAt: new Date(hours[4]!),
    });
  });

  it('the approval boundary: 48 h and 1 minute ahead it applies; 47 h 59 min ahead it is a request the other party answers', async () => {
    const { bookingId } = await insertBooking(w, { status: 'confirmed', start: START });
    await moveClock(w, at(START, -48 * HOUR - MINUTE));
    const applied = await t.api('POST', `/booking/${bookingId}/reschedule`, w.client, {
      timeslotIdentifier: await slotAt(t, w.provider.userId, '2026-03-26T11:00:00Z'),
    });
    expect(applied.json().message).toBe(en.rescheduled);
    // Now 47 h 59 min before the new start (11:00).
    await moveClock(w, at('2026-03-26T11:00:00Z', -48 * HOUR + MINUTE));
    const requested = await t.api('POST', `/booking/${bookingId}/reschedule`, w.client, {
      timeslotIdentifier: await slotAt(t, w.provider.userId, NEW),
      note: 'Please',
    });
    expect(requested.statusCode, requested.body).toBe(200);
    expect(requested.json().message).toBe(en.rescheduleNeedsApproval);
    expect(requested.json().data).toMatchObject({
      startTime: '2026-03-26T11:00:00.000Z',
      // A request spends nothing until it is accepted (decision 0060).
      rescheduleInfo: { status: 'pending', remainingClientReschedule: 1 },
    });
    // One request at a time; the requester cannot answer it; the provider accepts and the booking moves.
    expectError(
      await t.api('POST', `/appointment/${bookingId}/reschedule`, w.provider, {
        timeslotIdentifier: await slotAt(t, w.provider.userId, '2026-03-27T14:00:00Z'),
      }),
      409,
      conflict(en.rescheduleRequestPending),
    );
    expectError(
      await t.api('POST', `/appointment/${bookingId}/reschedule-update`, w.client, { status: 'accepted' }),
      409,
      conflict(en.ownRescheduleRequest),
    );
    const accepted = await t.api('POST', `/appointment/${bookingId}/reschedule-update`, w.provider, {
      status: 'accepted',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().message).toBe(en.rescheduleAccepted);
    expect(accepted.json().data).toMatchObject({
      status: 'confirmed',
      startTime: '2026-03-27T11:00:00.000Z',
      rescheduleInfo: { status: 'accepted', remainingClientReschedule: 0 },
    });
    expectError(
      await t.api('POST', `/appointment/${bookingId}/reschedule-update`, w.provider, { status: 'rejected' }),
      409,
      conflict(en.noRescheduleRequest),
    );
  });

  it('a rejected request keeps the time (and spends no reschedule: decision 0060)', async () => {
    const { bookingId } = await insertBooking(w, { status: 'confirmed', start: START });
    await moveClock(w, at(START, -HOUR * 24));
    const req = await t.api('POST', `/appointment/${bookingId}/reschedule`, w.provider, {
      timeslotIdentifier: await slotAt(t, w.provider.userId, NEW),
    });
    expect(req.json().message).toBe(en.rescheduleNeedsApproval);
    const res = await t.api('POST', `/appointment/${bookingId}/reschedule-update`, w.client, { status: 'rejected' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(en.rescheduleRejected);
    expect(res.json().data).toMatchObject({
      startTime: '2026-03-26T10:00:00.000Z',
      rescheduleInfo: { status: 'rejected', remainingProviderReschedule: 3 },
    });
    expectError(
      await t.api('POST', `/appointment/${bookingId}/reschedule-update`, w.client, { status: 'maybe' }),
      400,
      validation(en.noRescheduleRequest),
    );
  });

  it('accepting after the slot was taken meanwhile: 409 timeslotTaken, the booking keeps its time', async () => {
    const { bookingId } = await insertBooking(w, { status: 'confirmed', start: START });
    await moveClock(w, at(START, -HOUR * 24));
    await t.api('POST', `/booking/${bookingId}/reschedule`, w.client, {
      timeslotIdentifier: await slotAt(t, w.provider.userId, NEW),
    });
    await insertBooking(w, { status: 'pending', start: NEW, client: await t.signUp('client') });
    expectError(
      await t.api('POST', `/appointment/${bookingId}/reschedule-update`, w.provider, { status: 'accepted' }),
      409,
      conflict(en.timeslotTaken),
    );
    expect((await bookingRow(t, bookingId)).startsAt?.toISOString()).toBe('2026-03-26T10:00:00.000Z');
  });

  it("refuses another provider's slot, the same time, a forged identifier, and a slot an active booking holds (never a 5xx)", async () => {
    // An identifier of the booking's own time, read before the booking holds it (the calendar then no longer offers it).
    const sameTime = await slotAt(t, w.provider.userId, START);
    const { bookingId } = await insertBooking(w, { status: 'pending', start: START });
    const other = await bookingWorld(t);
    expectError(
      await t.api('POST', `/booking/${bookingId}/reschedule`, w.client, {
        timeslotIdentifier: await slotAt(t, other.provider.userId, NEW),
      }),
      400,
      validation(en.timeslotOtherProvider),
    );
    expectError(
      await t.api('POST', `/booking/${bookingId}/reschedule`, w.client, { timeslotIdentifier: sameTime }),
      400,
      validation(en.sameTimeslot),
    );
    expectError(
      await t.api('POST', `/booking/${bookingId}/reschedule`, w.client, { timeslotIdentifier: 'not-a-real-slot' }),
      400,
      validation(en.timeslotInvalid),
    );
    expectError(
      await t.api('POST', `/booking/${bookingId}/reschedule`, w.client, {}),
      400,
      validation(en.timeslotRequired),
    );
    await insertBooking(w, { status: 'confirmed', start: NEW, client: await t.signUp('client') });
    expectError(
      await t.api('POST', `/booking/${bookingId}/reschedule`, w.client, {
        timeslotIdentifier: await slotAt(t, w.provider.userId, NEW),
      }),
      409,
      conflict(en.timeslotTaken),
    );
    expect(await bookingRow(t, bookingId)).toMatchObject({ startsAt: new Date(START), clientReschedulesLeft: 2 });
    const done = await insertBooking(w, { status: 'completed', start: '2026-03-25T10:00:00Z' });
    expectError(
      await t.api('POST', `/booking/${done.bookingId}/reschedule`, w.client, {
        timeslotIdentifier: await slotAt(t, w.provider.userId, '2026-03-27T15:00:00Z'),
      }),
      409,
      conflict(en.bookingNotReschedulable),
    );
  });

  it('a booking may move into a slot that overlaps only its own time (its time is not busy for itself)', async () => {
    // 90-minute sessions: Thursday's slots are 09:00, 10:30, 12:00...; a 60-minute booking at 10:00 (made before the
    // change) meets the 10:30 slot, which only it blocks.
    const settings = await t.api('PUT', '/provider-availability/settings', w.provider, {
      timezone: 'Europe/London',
      sessionLengthMinutes: 90,
      bufferMinutes: 0,
      minimumNoticeHours: 0,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const next = await slotAt(t, w.provider.userId, '2026-03-26T10:30:00Z');
    const { bookingId } = await insertBooking(w, { status: 'pending', start: START });
    const res = await t.api('POST', `/booking/${bookingId}/reschedule`, w.client, { timeslotIdentifier: next });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      startTime: '2026-03-26T10:30:00.000Z',
      endTime: '2026-03-26T12:00:00.000Z',
    });
    // Another booking's time still counts: a second booking cannot take the slot the first one now holds.
    const someone = await t.signUp('client');
    const other = await insertBooking(w, { status: 'pending', start: '2026-03-26T14:00:00Z', client: someone });
    expectError(
      await t.api('POST', `/booking/${other.bookingId}/reschedule`, someone, { timeslotIdentifier: next }),
      409,
      conflict(en.timeslotTaken),
    );
  });

  it('eight bookings rescheduled into one slot at once: exactly one wins, the others get 409', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 8; i++)
      ids.push(
        (
          await insertBooking(w, {
            status: 'pending',
            start: at('2026-03-24T09:00:00Z', i * HOUR),
            client: await t.signUp('client'),
          })
        ).bookingId,
      );
    const slot = await slotAt(t, w.provider.userId, NEW);
    const results = await Promise.all(
      ids.map((id) => t.api('POST', `/appointment/${id}/reschedule`, w.provider, { timeslotIdentifier: slot })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array<number>(7).fill(409)]);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().message).toBe(en.timeslotTaken);
  });
});

describe('acknowledge and reject a requested booking', () => {
  it('acknowledge by participant id: pending with a 24-hour hold; by booking id too; a second time 409', async () => {
    const { bookingId, participantId } = await insertBooking(w, { status: 'requested', start: START });
    const res = await t.api('POST', `/appointment/participant/${participantId}/acknowledge`, w.provider);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(en.bookingAcknowledged);
    expect(res.json().data).toMatchObject({ status: 'pending', previousStatus: 'requested' });
    const held = Date.parse(res.json().data.holdExpiresAt) - Date.parse(at(NOW, 24 * HOUR));
    expect(held).toBeGreaterThanOrEqual(0);
    expect(held).toBeLessThan(MINUTE);
    expect(await historyOf(t, bookingId, 'pending')).toEqual([
      expect.objectContaining({ actor: 'provider', previousStatus: 'requested' }),
    ]);
    expectError(
      await t.api('POST', `/appointment/participant/${bookingId}/acknowledge`, w.provider),
      409,
      conflict(en.bookingNotRequested),
    );
    const soon = await insertBooking(w, { status: 'requested', start: at(NOW, 5 * HOUR) });
    expect(
      (await t.api('POST', `/appointment/participant/${soon.bookingId}/acknowledge`, w.provider)).json().data
        .holdExpiresAt,
    ).toBe(at(NOW, 5 * HOUR));
    const free = await insertBooking(w, { status: 'requested', start: at(START, 5 * HOUR), price: 0 });
    expect(
      (await t.api('POST', `/appointment/participant/${free.participantId}/acknowledge`, w.provider)).json().data,
    ).toMatchObject({ status: 'confirmed', holdExpiresAt: null });
  });

  it('reject: rejected, and the slot is free for another booking', async () => {
    const { bookingId, participantId } = await insertBooking(w, { status: 'requested', start: START });
    const res = await t.api('POST', `/appointment/participant/${participantId}/reject-booking`, w.provider, {
      reason: 'Fully booked that week',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(en.bookingRejected);
    expect(await bookingRow(t, bookingId)).toMatchObject({ status: 'rejected', previousStatus: 'requested' });
    await expect(
      insertBooking(w, { status: 'pending', start: START, client: await t.signUp('client') }),
    ).resolves.toBeTruthy();
    expectError(
      await t.api('POST', `/appointment/participant/${participantId}/reject-booking`, w.provider, {
        reason: 'Fully booked that week',
      }),
      409,
      conflict(en.bookingNotRequested),
    );
  });

  it("only the booking's provider: another provider 404, a client 403", async () => {
    const { participantId, bookingId } = await insertBooking(w, { status: 'requested', start: START });
    const otherProvider = await t.signUp('provider');
    expectError(await t.api('POST', `/appointment/participant/${participantId}/acknowledge`, otherProvider), 404, {
      message: en.notFound,
      code: 'NOT_FOUND',
    });
    expectError(
      await t.api('POST', `/appointment/participant/${participantId}/reject-booking`, otherProvider, {
        reason: 'x',
      }),
      404,
      {
        message: en.notFound,
        code: 'NOT_FOUND',
      },
    );
    expect((await t.api('POST', `/appointment/participant/${participantId}/acknowledge`, w.client)).statusCode).toBe(
      403,
    );
    expect((await bookingRow(t, bookingId)).status).toBe('requested');
  });
});

describe('events', () => {
  it('every change publishes booking.changed in its transaction (with previousStartTime when the time moved); a refused one publishes nothing', async () => {
    const events = await recordBookingEvents(t);
    try {
      const moved = await insertBooking(w, { status: 'confirmed', start: START });
      // Who made the booking, its hold (none: paid) and who made each change (issue 47: the other side is told).
      const base = {
        bookingId: moved.bookingId,
        clientId: w.client.userId,
        providerId: w.provider.userId,
        createdBy: 'client',
        holdExpiresAt: null,
      };
      expect(
        (
          await t.api('POST', `/booking/${moved.bookingId}/reschedule`, w.client, {
            timeslotIdentifier: await slotAt(t, w.provider.userId, '2026-03-27T09:00:00Z'),
          })
        ).statusCode,
      ).toBe(200);
      await moveClock(w, at('2026-03-27T09:00:00Z', -24 * HOUR));
      await t.api('POST', `/appointment/${moved.bookingId}/reschedule`, w.provider, {
        timeslotIdentifier: await slotAt(t, w.provider.userId, '2026-03-27T10:00:00Z'),
      });
      await t.api('POST', `/appointment/${moved.bookingId}/reschedule-update`, w.client, { status: 'rejected' });
      await t.api('POST', `/booking/${moved.bookingId}/reschedule`, w.client, {
        timeslotIdentifier: await slotAt(t, w.provider.userId, '2026-03-27T11:00:00Z'),
      });
      await t.api('POST', `/appointment/${moved.bookingId}/reschedule-update`, w.provider, { status: 'accepted' });
      expectError(await t.api('POST', `/booking/${moved.bookingId}/cancel`, w.provider, { note: 'Wrong door' }), 403, {
        message: en.forbidden,
        code: 'FORBIDDEN',
      });
      await t.api('POST', `/appointment/${moved.bookingId}/cancel`, w.provider, { note: 'Closed that day' });
      const heard = await events.of(moved.bookingId, 6);
      const first = { startTime: '2026-03-26T10:00:00.000Z' };
      expect(heard).toEqual([
        {
          ...base,
          change: 'rescheduled',
          by: 'client',
          status: 'confirmed',
          previousStatus: null,
          startTime: '2026-03-27T09:00:00.000Z',
          endTime: '2026-03-27T10:00:00.000Z',
          previousStartTime: first.startTime,
        },
        {
          ...base,
          change: 'reschedule-requested',
          by: 'provider',
          status: 'confirmed',
          previousStatus: null,
          startTime: '2026-03-27T09:00:00.000Z',
          endTime: '2026-03-27T10:00:00.000Z',
          previousStartTime: '2026-03-27T09:00:00.000Z',
        },
        {
          ...base,
          change: 'reschedule-rejected',
          by: 'client',
          status: 'confirmed',
          previousStatus: null,
          startTime: '2026-03-27T09:00:00.000Z',
          endTime: '2026-03-27T10:00:00.000Z',
          previousStartTime: '2026-03-27T09:00:00.000Z',
        },
        {
          ...base,
          change: 'reschedule-requested',
          by: 'client',
          status: 'confirmed',
          previousStatus: null,
          startTime: '2026-03-27T09:00:00.000Z',
          endTime: '2026-03-27T10:00:00.000Z',
          previousStartTime: '2026-03-27T09:00:00.000Z',
        },
        {
          ...base,
          change: 'reschedule-accepted',
          by: 'provider',
          status: 'confirmed',
          previousStatus: null,
          startTime: '2026-03-27T11:00:00.000Z',
          endTime: '2026-03-27T12:00:00.000Z',
          previousStartTime: '2026-03-27T09:00:00.000Z',
        },
        {
          ...base,
          change: 'cancelled',
          by: 'provider',
          status: 'cancelled',
          previousStatus: 'confirmed',
          startTime: '2026-03-27T11:00:00.000Z',
          endTime: '2026-03-27T12:00:00.000Z',
        },
      ]);
      const asked = await insertBooking(w, { status: 'requested', start: '2026-03-30T10:00:00Z' });
      await t.api('POST', `/appointment/participant/${asked.participantId}/acknowledge`, w.provider);
      const declined = await insertBooking(w, { status: 'requested', start: '2026-03-30T12:00:00Z' });
      await t.api('POST', `/appointment/participant/${declined.participantId}/reject-booking`, w.provider, {
        reason: 'Away that day',
      });
      expect((await events.of(asked.bookingId, 1)).map((e) => [e.change, e.status, e.previousStatus])).toEqual([
        ['acknowledged', 'pending', 'requested'],
      ]);
      expect((await events.of(declined.bookingId, 1)).map((e) => [e.change, e.status, e.previousStatus])).toEqual([
        ['rejected', 'rejected', 'requested'],
      ]);
      // The refused second cancel above and a refused reschedule published nothing more.
      expectError(
        await t.api('POST', `/booking/${moved.bookingId}/cancel`, w.client, { note: 'Again' }),
        409,
        conflict(en.bookingAlreadyCancelled),
      );
      await new Promise((r) => setTimeout(r, 300));
      expect(await events.of(moved.bookingId, 6)).toHaveLength(6);
    } finally {
      await events.stop();
    }
  });
});
