import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/harness.ts';
import { bookingWorld, CURRENCY, insertBooking, PRICE, type World } from '../../../../test/booking-fixtures.ts';
import { calendarBounds } from './overview.service.ts';

/**
 * The /overview dashboards on the real PostgreSQL (issue 16): the client's next session, sessions to review and
 * therapists seen; the provider's day in their own zone, the requests waiting and this month's earnings from the
 * ledger. Only the signed-in user's own bookings count, and each dashboard is for its own role.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const overview = (w: World, role: 'client' | 'provider') =>
  t.api('GET', `/overview/${role}`, role === 'client' ? w.client : w.provider);
const ids = (list: Array<{ identifier: string }>) => list.map((b) => b.identifier);

describe('calendarBounds', () => {
  it("is the provider's local day and month, across a DST change", () => {
    // 30 March 2026 00:30 in London is 29 March 23:30 UTC; the clocks went forward on 29 March.
    const b = calendarBounds(new Date('2026-03-29T23:30:00Z'), 'Europe/London');
    expect(b.dayStart.toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(b.dayEnd.toISOString()).toBe('2026-03-30T23:00:00.000Z');
    expect(b.monthStart.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(b.monthEnd.toISOString()).toBe('2026-03-31T23:00:00.000Z');
    const tokyo = calendarBounds(new Date('2026-12-31T16:00:00Z'), 'Asia/Tokyo');
    expect(tokyo.dayStart.toISOString()).toBe('2026-12-31T15:00:00.000Z');
    // 1 January 2027, 01:00 in Tokyo: a new day, month and year there.
    expect(tokyo.monthStart.toISOString()).toBe('2026-12-31T15:00:00.000Z');
    expect(tokyo.monthEnd.toISOString()).toBe('2027-01-31T15:00:00.000Z');
  });
});

describe("the client's dashboard", () => {
  it('the next session, how many are coming, completed sessions not reviewed (newest first) and the therapists seen', async () => {
    t.clock.set('2026-03-23T07:00:00Z');
    const w = await bookingWorld(t);
    const other = await bookingWorld(t);
    const empty = await overview(w, 'client');
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().data).toEqual({
      nextSession: null,
      upcomingCount: 0,
      toReview: [],
      toReviewCount: 0,
      therapists: [],
    });

    const next = await insertBooking(w, { status: 'confirmed', start: '2026-03-24T10:00:00Z' });
    await insertBooking(w, { status: 'confirmed', start: '2026-03-26T10:00:00Z' });
    await insertBooking(w, { status: 'pending', start: '2026-03-25T10:00:00Z' });
    await insertBooking(w, { status: 'cancelled', start: '2026-03-24T14:00:00Z' });
    const older = await insertBooking(w, { status: 'completed', start: '2026-03-13T10:00:00Z' });
    const newer = await insertBooking(w, { status: 'completed', start: '2026-03-20T10:00:00Z' });
    const reviewed = await insertBooking(w, { status: 'completed', start: '2026-03-06T10:00:00Z' });
    await t.db.$client.query('UPDATE booking_participants SET feedback_provided = true WHERE identifier = $1', [
      reviewed.participantId,
    ]);
    // The same client with a second therapist, most recently; and that therapist's own client, who is not ours.
    await insertBooking(other, { status: 'completed', start: '2026-03-21T10:00:00Z', client: w.client });
    await insertBooking(other, { status: 'confirmed', start: '2026-03-24T09:00:00Z' });

    const data = (await overview(w, 'client')).json().data;
    expect(data.nextSession.identifier).toBe(next.bookingId);
    expect(data.nextSession.startTime).toBe('2026-03-24T10:00:00.000Z');
    expect(data.upcomingCount).toBe(2);
    expect(ids(data.toReview)).toEqual([expect.any(String), newer.bookingId, older.bookingId]);
    expect(data.toReview[0].provider.identifier).toBe(other.provider.userId);
    expect(data.toReviewCount).toBe(3);
    expect(ids(data.therapists)).toEqual([other.provider.userId, w.provider.userId]);

    // A session that has ended is no longer next.
    t.clock.set('2026-03-24T11:30:00Z');
    await signInAgain(w);
    expect((await overview(w, 'client')).json().data.upcomingCount).toBe(1);
  });

  it('each dashboard is for its own role (403 for the other)', async () => {
    t.clock.set('2026-03-23T07:00:00Z');
    const w = await bookingWorld(t);
    expect((await t.api('GET', '/overview/provider', w.client)).statusCode).toBe(403);
    expect((await t.api('GET', '/overview/client', w.provider)).statusCode).toBe(403);
    expect((await t.api('GET', '/overview/client', undefined)).statusCode).toBe(401);
  });
});

describe("the provider's dashboard", () => {
  it("today's sessions in the provider's zone, the requests waiting, and this month's earnings from the ledger", async () => {
    // The ledger stamps entries with the database's clock: this test runs on the real time.
    const now = new Date();
    t.clock.set(now.toISOString());
    const w = await bookingWorld(t);
    await t.db.$client.query(`UPDATE users SET timezone = 'Europe/London' WHERE identifier = $1`, [w.provider.userId]);
    const { dayStart, dayEnd } = calendarBounds(now, 'Europe/London');
    const at = (base: Date, hours: number) => new Date(base.getTime() + hours * 3_600_000).toISOString();

    const first = await insertBooking(w, { status: 'confirmed', start: at(dayStart, 0) });
    const second = await insertBooking(w, { status: 'requested', start: at(dayStart, 2) });
    await insertBooking(w, { status: 'cancelled', start: at(dayStart, 4) });
    await insertBooking(w, { status: 'confirmed', start: at(dayEnd, 1) });
    const later = await insertBooking(w, { status: 'requested', start: at(dayEnd, 72) });
    const latest = await insertBooking(w, { status: 'requested', start: at(dayEnd, 96) });

    const res = await overview(w, 'provider');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.timezone).toBe('Europe/London');
    expect(ids(data.today)).toEqual([first.bookingId, second.bookingId]);
    const waiting = [...(new Date(at(dayStart, 2)) > now ? [second.bookingId] : []), later.bookingId, latest.bookingId];
    expect(ids(data.requests)).toEqual(waiting);
    expect(data.requestsCount).toBe(waiting.length);
    expect(data.earningsThisMonth).toEqual([]);

    await w.wallet.transfer({
      userId: w.provider.userId,
      amount: PRICE,
      currencyCode: CURRENCY,
      reference: `booking-earning:${first.bookingId}`,
      description: 'Earning',
      commissionRate: 0.2,
    });
    expect((await overview(w, 'provider')).json().data.earningsThisMonth).toEqual([
      { amount: PRICE * 0.8, currencyCode: CURRENCY },
    ]);
    // Another provider's sessions and earnings are not in it.
    const stranger = await bookingWorld(t);
    expect((await overview(stranger, 'provider')).json().data).toMatchObject({
      today: [],
      requests: [],
      requestsCount: 0,
      earningsThisMonth: [],
    });
  });
});

async function signInAgain(w: World) {
  for (const who of [w.client, w.provider]) {
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/user/login',
      payload: { email: who.email, password: who.password },
      remoteAddress: `10.251.0.${Math.floor(Math.random() * 250) + 1}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    who.auth = { authorization: `Bearer ${res.json().data.accessToken as string}` };
  }
}
