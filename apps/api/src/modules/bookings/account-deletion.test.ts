import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { en } from '@therapy/contracts/messages';
import { expectError } from '../../../test/assertions.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';
import { bookingWorld, insertBooking, moveClock, type World } from '../../../test/booking-fixtures.ts';

/**
 * Decision 0016 left this to bookings: an account is not deleted while it has upcoming sessions (someone relies on
 * them, and money may be held for them). The user cancels them first, under the refund policy.
 */
let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => {
  t.clock.set('2026-03-23T07:00:00Z');
  w = await bookingWorld(t);
});

const preview = (user: SignedUp) =>
  t.request({ method: 'GET', url: '/api/v1/user/profile/delete-account', headers: user.auth });
const del = (user: SignedUp) =>
  t.request({
    method: 'DELETE',
    url: '/api/v1/user/profile/delete-account',
    headers: user.auth,
    payload: { password: user.password },
  });
const isLive = async (user: SignedUp) =>
  (await t.db.$client.query('SELECT deleted_at FROM users WHERE identifier = $1', [user.userId])).rows[0].deleted_at ===
  null;

describe('deleting an account with upcoming sessions', () => {
  it('is refused for the client and the provider of a confirmed session; the preview counts it; nothing is deleted', async () => {
    await insertBooking(w, { status: 'confirmed', start: '2026-03-26T10:00:00Z' });
    for (const user of [w.client, w.provider]) {
      expect((await preview(user)).json().data.upcomingSessions).toBe(1);
      expectError(await del(user), 409, { code: 'CONFLICT', message: en.accountHasUpcomingSessions });
      expect(await isLive(user)).toBe(true);
    }
  });

  it('counts requested and held pending bookings, not ended, cancelled, expired or run-out ones', async () => {
    await insertBooking(w, { status: 'requested', start: '2026-03-26T10:00:00Z' });
    await insertBooking(w, { status: 'pending', start: '2026-03-26T12:00:00Z' });
    await insertBooking(w, { status: 'completed', start: '2026-03-20T10:00:00Z' });
    await insertBooking(w, { status: 'cancelled', start: '2026-03-27T10:00:00Z' });
    await insertBooking(w, { status: 'expired', start: '2026-03-27T12:00:00Z' });
    expect((await preview(w.client)).json().data.upcomingSessions).toBe(2);
    // The pending hold runs out after 30 minutes: it no longer holds anyone back.
    await moveClock(w, '2026-03-23T07:31:00Z');
    expect((await preview(w.client)).json().data.upcomingSessions).toBe(1);
  });

  it('goes ahead once the session is cancelled', async () => {
    const { bookingId } = await insertBooking(w, { status: 'confirmed', start: '2026-03-30T10:00:00Z' });
    expectError(await del(w.client), 409, { code: 'CONFLICT', message: en.accountHasUpcomingSessions });
    const cancelled = await t.api('POST', `/booking/${bookingId}/cancel`, w.client, { note: 'Moving away' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await preview(w.client)).json().data.upcomingSessions).toBe(0);
    expect((await del(w.client)).statusCode).toBe(200);
    expect(await isLive(w.client)).toBe(false);
  });
});
