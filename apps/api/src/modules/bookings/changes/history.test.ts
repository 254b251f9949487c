import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { de, en } from '@therapy/contracts/messages';
import { expectError } from '../../../../test/assertions.ts';
import { buildTestApp, type TestApp } from '../../../../test/harness.ts';
import {
  PRICE,
  bookingRow,
  bookingWorld,
  insertBooking,
  moveClock,
  slotAt,
  type World,
} from '../../../../test/booking-fixtures.ts';

/**
 * Issue 48, "History that tells the truth" (decision 0060): the booking page's history lists every move and request
 * with its times, who and note; a pending request spends no reschedule until it is accepted; its requester withdraws
 * it (race-safe against an acceptance); closed bookings show no meeting link.
 */
let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
// Monday 23 March 2026 (London on GMT): the session is on Thursday the 26th at 10:00.
const NOW = '2026-03-23T07:00:00Z';
const START = '2026-03-26T10:00:00Z';
const at = (iso: string, offsetMs: number) => new Date(new Date(iso).getTime() + offsetMs).toISOString();
const conflict = (message: string) => ({ message, code: 'CONFLICT' });

beforeEach(async () => {
  t.clock.set(NOW);
  w = await bookingWorld(t);
});

const detailsOf = async (bookingId: string, side: 'client' | 'provider') => {
  const res =
    side === 'client'
      ? await t.api('GET', `/booking/${bookingId}/details`, w.client)
      : await t.api('GET', `/appointment/${bookingId}`, w.provider);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const reschedule = async (side: 'client' | 'provider', bookingId: string, start: string, note?: string) =>
  t.api('POST', `/${side === 'client' ? 'booking' : 'appointment'}/${bookingId}/reschedule`, w[side], {
    timeslotIdentifier: await slotAt(t, w.provider.userId, start),
    ...(note ? { note } : {}),
  });
const withdraw = (side: 'client' | 'provider', bookingId: string) =>
  t.api('POST', `/appointment/${bookingId}/reschedule-withdraw`, w[side], {});
const answer = (side: 'client' | 'provider', bookingId: string, status: 'accepted' | 'rejected') =>
  t.api('POST', `/appointment/${bookingId}/reschedule-update`, w[side], { status });

describe('the history after two reschedules', () => {
  it('lists both moves in order with from, to, who and their notes, for the client and the provider alike', async () => {
    const { bookingId } = await insertBooking(w, { status: 'confirmed', start: START });
    const first = await reschedule('client', bookingId, '2026-03-27T11:00:00Z', 'Friday suits me better');
    expect(first.statusCode, first.body).toBe(200);
    await moveClock(w, at(NOW, 10 * MINUTE));
    const second = await reschedule('provider', bookingId, '2026-03-27T14:00:00Z', 'A clash in my diary');
    expect(second.statusCode, second.body).toBe(200);

    const client = await detailsOf(bookingId, 'client');
    expect(client.history).toEqual([
      expect.objectContaining({ kind: 'status', status: 'confirmed', actor: 'client', refundAmount: null }),
      {
        kind: 'move',
        action: 'moved',
        actor: 'client',
        requestedBy: 'client',
        fromStartTime: '2026-03-26T10:00:00.000Z',
        fromEndTime: '2026-03-26T11:00:00.000Z',
        toStartTime: '2026-03-27T11:00:00.000Z',
        toEndTime: '2026-03-27T12:00:00.000Z',
        note: 'Friday suits me better',
        at: expect.stringMatching(/^2026-03-23T07:00/),
      },
      {
        kind: 'move',
        action: 'moved',
        actor: 'provider',
        requestedBy: 'provider',
        fromStartTime: '2026-03-27T11:00:00.000Z',
        fromEndTime: '2026-03-27T12:00:00.000Z',
        toStartTime: '2026-03-27T14:00:00.000Z',
        toEndTime: '2026-03-27T15:00:00.000Z',
        note: 'A clash in my diary',
        at: expect.stringMatching(/^2026-03-23T07:10/),
      },
    ]);
    expect((await detailsOf(bookingId, 'provider')).history).toEqual(client.history);
    expect(client.rescheduleInfo).toMatchObject({ remainingClientReschedule: 1, remainingProviderReschedule: 2 });
  });

  it('a cancellation closes it with who cancelled, the note and the refund; an open request ends unanswered after it', async () => {
    const { bookingId } = await insertBooking(w, { status: 'confirmed', start: START });
    await moveClock(w, at(START, -24 * HOUR));
    expect((await reschedule('provider', bookingId, '2026-03-27T11:00:00Z', 'Could we move?')).statusCode).toBe(200);
    const cancelled = await t.api('POST', `/appointment/${bookingId}/cancel`, w.provider, { note: 'I am ill' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const lines = (await detailsOf(bookingId, 'client')).history;
    expect(lines.map((l: { kind: string; action?: string; status?: string }) => l.action ?? l.status)).toEqual([
      'confirmed',
      'requested',
      'cancelled',
      'closed',
    ]);
    expect(lines[2]).toMatchObject({ actor: 'provider', note: 'I am ill', refundAmount: PRICE });
    expect(lines[3]).toMatchObject({
      actor: 'system',
      requestedBy: 'provider',
      toStartTime: '2026-03-27T11:00:00.000Z',
    });
    // A booking that will not take place has no link anywhere (detail, list).
    expect(cancelled.json().data.meetingLink).toBeNull();
    const list = await t.api('GET', '/booking?statuses=cancelled', w.client);
    expect(list.json().data.map((b: { meetingLink: string | null }) => b.meetingLink)).toEqual([null]);
  });
});

describe('a request inside 48 hours', () => {
  beforeEach(async () => moveClock(w, at(START, -24 * HOUR)));

  it('spends no reschedule until accepted; its requester withdraws it, the other party is told, and the count is whole', async () => {
    const { bookingId } = await insertBooking(w, { status: 'confirmed', start: START });
    const requested = await reschedule('client', bookingId, '2026-03-26T15:00:00Z', 'Later that day?');
    expect(requested.json().message).toBe(en.rescheduleNeedsApproval);
    expect(requested.json().data.rescheduleInfo).toEqual({
      status: 'pending',
      remainingClientReschedule: 2,
      remainingProviderReschedule: 3,
    });
    const policy = await t.api('GET', `/appointment/policy/${bookingId}/reschedule`, w.client);
    expect(policy.json().data).toMatchObject({ remaining: 2, reschedulable: false });

    // Only the requester withdraws: the other party answers instead; someone else's booking is not found.
    expectError(await withdraw('provider', bookingId), 409, conflict(en.noRescheduleRequestToWithdraw));
    const stranger = await t.signUp('client');
    expect((await t.api('POST', `/appointment/${bookingId}/reschedule-withdraw`, stranger, {})).statusCode).toBe(404);
    const unknownField = await t.api('POST', `/appointment/${bookingId}/reschedule-withdraw`, w.client, { why: 'x' });
    expect(unknownField.statusCode, unknownField.body).toBe(400);
    expect(unknownField.json().code).toBe('VALIDATION_ERROR');

    const withdrawn = await withdraw('client', bookingId);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().message).toBe(en.rescheduleWithdrawn);
    expect(withdrawn.json().data).toMatchObject({
      startTime: '2026-03-26T10:00:00.000Z',
      rescheduleInfo: { status: 'withdrawn', remainingClientReschedule: 2 },
    });
    expect((await bookingRow(t, bookingId)).startsAt?.toISOString()).toBe('2026-03-26T10:00:00.000Z');
    const told = await t.api('GET', '/notifications', w.provider);
    expect(
      told.json().data.filter((n: { bookingIdentifier: string }) => n.bookingIdentifier === bookingId),
    ).toContainEqual(expect.objectContaining({ kind: 'reschedule-withdrawn', by: 'client' }));
    // And by mail: the provider, who was asked to answer, hears that nothing is needed; the client who withdrew does not.
    await t.mailSettled();
    const mail = await t.mail.waitFor(w.provider.email, (m) => m.subject.startsWith('New time withdrawn:'));
    expect(mail.text).toMatch(/withdrew the new time they proposed/);
    expect(mail.text).toContain(`/appointments/${bookingId}`);
    expect(
      t.mail.mails.filter((m) => m.to.includes(w.client.email.toLowerCase()) && /withdrawn/i.test(m.subject)),
    ).toEqual([]);
    // Twice, or answered after it: nothing waits any more (in German too).
    const again = await t.request({
      method: 'POST',
      url: `/api/v1/appointment/${bookingId}/reschedule-withdraw`,
      headers: { ...w.client.auth, 'accept-language': 'de' },
      payload: {},
    });
    expectError(again, 409, conflict(de.noRescheduleRequestToWithdraw));
    expectError(await answer('provider', bookingId, 'accepted'), 409, conflict(en.noRescheduleRequest));

    // Asked again and accepted: now one is spent, and the history tells all of it in order.
    expect((await reschedule('client', bookingId, '2026-03-26T16:00:00Z')).statusCode).toBe(200);
    const accepted = await answer('provider', bookingId, 'accepted');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toMatchObject({
      startTime: '2026-03-26T16:00:00.000Z',
      rescheduleInfo: { status: 'accepted', remainingClientReschedule: 1, remainingProviderReschedule: 3 },
    });
    const lines = (await detailsOf(bookingId, 'provider')).history;
    expect(
      lines.map((l: { kind: string; action?: string; status?: string; actor: string }) => [
        l.action ?? l.status,
        l.actor,
      ]),
    ).toEqual([
      ['confirmed', 'client'],
      ['requested', 'client'],
      ['withdrawn', 'client'],
      ['requested', 'client'],
      ['accepted', 'provider'],
    ]);
    expect(lines[1]).toMatchObject({
      fromStartTime: '2026-03-26T10:00:00.000Z',
      toStartTime: '2026-03-26T15:00:00.000Z',
      note: 'Later that day?',
    });
    expect(lines[4]).toMatchObject({
      fromStartTime: '2026-03-26T10:00:00.000Z',
      toStartTime: '2026-03-26T16:00:00.000Z',
    });
  });

  it('a declined request spends nothing; at the last reschedule left a request still may be made and accepted once', async () => {
    const { bookingId } = await insertBooking(w, { status: 'confirmed', start: START, providerReschedulesLeft: 1 });
    expect((await reschedule('provider', bookingId, '2026-03-26T15:00:00Z')).statusCode).toBe(200);
    const declined = await answer('client', bookingId, 'rejected');
    expect(declined.json().data.rescheduleInfo).toMatchObject({ status: 'rejected', remainingProviderReschedule: 1 });
    expect((await detailsOf(bookingId, 'client')).history.at(-1)).toMatchObject({
      kind: 'move',
      action: 'declined',
      actor: 'client',
      requestedBy: 'provider',
    });
    expect((await reschedule('provider', bookingId, '2026-03-26T16:00:00Z')).statusCode).toBe(200);
    expect((await answer('client', bookingId, 'accepted')).json().data.rescheduleInfo).toMatchObject({
      remainingProviderReschedule: 0,
    });
    expectError(
      await reschedule('provider', bookingId, '2026-03-26T17:00:00Z'),
      409,
      conflict(en.rescheduleLimitReached),
    );
  });

  it('a withdrawal and an acceptance sent at once: exactly one wins on each booking, and the booking agrees with it', async () => {
    const bookings: Array<{ id: string; from: string; to: string }> = [];
    for (let i = 0; i < 4; i++) {
      const from = at('2026-03-26T09:00:00Z', i * HOUR);
      const to = at('2026-03-26T14:00:00Z', i * HOUR);
      const { bookingId } = await insertBooking(w, { status: 'confirmed', start: from });
      expect((await reschedule('client', bookingId, to)).json().message).toBe(en.rescheduleNeedsApproval);
      bookings.push({ id: bookingId, from, to });
    }
    const results = await Promise.all(
      bookings.flatMap((b) => [withdraw('client', b.id), answer('provider', b.id, 'accepted')]),
    );
    for (const [i, b] of bookings.entries()) {
      const [withdrew, accepted] = [results[2 * i]!, results[2 * i + 1]!];
      expect([withdrew.statusCode, accepted.statusCode].sort()).toEqual([200, 409]);
      const row = await bookingRow(t, b.id);
      const requests = await t.db.$client.query<{ status: string }>(
        'SELECT status FROM booking_reschedules WHERE booking_id = $1',
        [b.id],
      );
      if (accepted.statusCode === 200) {
        expect(withdrew.json().message).toBe(en.noRescheduleRequestToWithdraw);
        expect(row.startsAt?.toISOString()).toBe(new Date(b.to).toISOString());
        expect(row.clientReschedulesLeft).toBe(1);
        expect(requests.rows.map((r) => r.status)).toEqual(['accepted']);
      } else {
        expect(accepted.json().message).toBe(en.noRescheduleRequest);
        expect(row.startsAt?.toISOString()).toBe(new Date(b.from).toISOString());
        expect(row.clientReschedulesLeft).toBe(2);
        expect(requests.rows.map((r) => r.status)).toEqual(['withdrawn']);
      }
    }
  });
});
