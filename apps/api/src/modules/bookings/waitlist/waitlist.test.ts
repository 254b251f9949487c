import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '@therapy/contracts/messages';
import { expectError, validation } from '../../../../test/assertions.ts';
import { bookingWorld, insertBooking, moveClock, slotAt, type World } from '../../../../test/booking-fixtures.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../../test/harness.ts';
import type { WaitlistService } from './waitlist.service.ts';

/**
 * The waitlist (issue 19): bad ranges refused and nothing stored; a slot freed by a cancel is offered to the first in
 * line only, held (busy for everyone else), mailed; many scans at once offer it once; after 30 minutes (test clock) it
 * goes to the next in line; taking it books it, once; someone else's offer is not found.
 */
let t: TestApp;
let w: World;
let waitlist: WaitlistService;
const NOW = '2026-05-04T08:00:00Z';
// Wednesday 6 May 2026, 10:00-11:00 in London (BST): 09:00-10:00 UTC.
const SLOT = '2026-05-06T09:00:00Z';
const window = (providerId: string, over: Record<string, unknown> = {}) => ({
  providerIdentifier: providerId,
  therapyIdentifier: w.categoryId,
  modalityIdentifier: w.modalityId,
  fromDate: '2026-05-06',
  toDate: '2026-05-06',
  fromTime: '10:00',
  toTime: '11:00',
  timezone: 'Europe/London',
  ...over,
});
const join = (who: SignedUp, over: Record<string, unknown> = {}) =>
  t.api('POST', '/waitlist', who, window(w.provider.userId, over));
const mine = async (who: SignedUp) => {
  const res = await t.api('GET', '/waitlist', who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Array<{
    identifier: string;
    status: string;
    offer: { identifier: string; startsAt: string; expiresAt: string; status: string } | null;
  }>;
};
const openOffers = async () =>
  Number((await t.db.$client.query(`SELECT count(*) AS n FROM waitlist_offers WHERE status = 'open'`)).rows[0].n);
const dayTimes = async () => {
  const res = await t.api('GET', `/providers-availability/${w.provider.userId}/timeslot/2026-05-06`, undefined);
  return (res.json().data.items as Array<{ timeSlot: Array<{ startTime: string }> }>).flatMap((i) =>
    i.timeSlot.map((s) => new Date(s.startTime).toISOString()),
  );
};
const clientNow = () => t.signUp('client');
let signIns = 0;
/** A fresh token after the clock moved (the old one ran out). */
async function again(who: SignedUp): Promise<SignedUp> {
  signIns += 1;
  const res = await t.request({
    method: 'POST',
    url: '/api/v1/user/login',
    payload: { email: who.email, password: who.password },
    remoteAddress: `10.251.0.${signIns}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...who, auth: { authorization: `Bearer ${res.json().data.accessToken as string}` } };
}

beforeAll(async () => {
  t = await buildTestApp({}, { clockWork: (work) => (waitlist = work.waitlist) });
  t.clock.set(NOW);
  w = await bookingWorld(t);
  await moveClock(w, NOW);
  // The provider offers every therapy and modality, for a fee (as bookings.test.ts sets it up).
  await t.db.$client.query(
    `INSERT INTO provider_profile_items (user_id, list, item_id) SELECT $1, list, identifier FROM reference_items WHERE list IN ('therapy-category', 'modality') ON CONFLICT DO NOTHING`,
    [w.provider.userId],
  );
  const fee = await t.api('POST', '/provider/booking-fee/general', w.provider, { fee: 6500, isFree: false });
  expect(fee.statusCode, fee.body).toBe(200);
});
afterAll(async () => t.close());

describe('joining', () => {
  it('refuses a range in the past, past the horizon, out of order, a stranger provider; nothing is stored', async () => {
    const client = await clientNow();
    expectError(await join(client, { fromDate: '2026-05-03', toDate: '2026-05-06' }), 400, validation(en.waitlistPast));
    expectError(
      await join(client, { toDate: '2026-07-04' }),
      400,
      validation(en.waitlistHorizon.replace('{days}', '60')),
    );
    expectError(
      await join(client, { fromDate: '2026-05-07', toDate: '2026-05-06' }),
      400,
      validation(en.waitlistDatesOrder),
    );
    expectError(await join(client, { fromTime: '11:00', toTime: '10:00' }), 400, validation(en.waitlistTimesOrder));
    expectError(await join(client, { fromDate: 'soon' }), 400, validation(en.waitlistDatesRequired));
    expect((await t.api('POST', '/waitlist', client, window(client.userId))).statusCode).toBe(404);
    expect((await t.api('POST', '/waitlist', w.provider, window(w.provider.userId))).statusCode).toBe(403);
    expect(await t.count('waitlist_entries')).toBe(0);
  });
});

describe('offers', () => {
  let booking: string;
  let first: SignedUp;
  let second: SignedUp;

  it('waits while the time is booked; a cancel offers it to the first in line only, held and mailed', async () => {
    booking = (await insertBooking(w, { status: 'confirmed', start: SLOT })).bookingId;
    first = await clientNow();
    second = await clientNow();
    const joined = await join(first);
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json().message).toBe(en.waitlistJoined);
    expect(joined.json().data).toMatchObject({ status: 'waiting', offer: null, fromTime: '10:00', toTime: '11:00' });
    expectError(await join(first), 409, { message: en.waitlistAlready, code: 'CONFLICT' });
    expect((await join(second)).statusCode).toBe(201);

    const cancelled = await t.api('POST', `/booking/${booking}/cancel`, w.client, { note: 'Cannot make it' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // The scan runs once the cancel has committed, before the cancel answers: the offer is there at once.
    const [place] = await mine(first);
    expect(place).toMatchObject({
      status: 'offered',
      offer: { startsAt: '2026-05-06T09:00:00.000Z', expiresAt: expect.stringMatching(/^2026-05-04T08:30:0/) },
    });
    expect((await mine(second))[0]).toMatchObject({ status: 'waiting', offer: null });
    // Held: nobody else sees the time.
    expect(await dayTimes()).not.toContain('2026-05-06T09:00:00.000Z');
    const mail = await t.mail.waitFor(first.email, (m) => m.subject === 'A time with Theo Provider is free for you');
    expect(mail.text).toContain(`${t.config.appOrigin}/waitlist?offer=${place!.offer!.identifier}`);
  });

  it('after 30 minutes the hold ends and the slot goes to the next in line; the first keeps waiting, without it', async () => {
    await moveClock(w, '2026-05-04T08:29:00Z');
    expect(await waitlist.sweep()).toBe(0);
    await moveClock(w, '2026-05-04T08:31:00Z');
    expect(await waitlist.sweep()).toBe(1);
    first = await again(first);
    second = await again(second);
    expect((await mine(first))[0]).toMatchObject({ status: 'waiting', offer: null });
    expect((await mine(second))[0]).toMatchObject({
      status: 'offered',
      offer: { startsAt: '2026-05-06T09:00:00.000Z', status: 'open' },
    });
    expect(await openOffers()).toBe(1);
  });

  let takenBooking: string;
  it('taking the offer books it, once; the first client cannot take it; a second take is refused', async () => {
    const offerId = (await mine(second))[0]!.offer!.identifier;
    expect((await t.api('POST', `/waitlist/offers/${offerId}/accept`, first)).statusCode).toBe(404);
    const taken = await t.api('POST', `/waitlist/offers/${offerId}/accept`, second);
    expect(taken.statusCode, taken.body).toBe(201);
    takenBooking = taken.json().data.identifier;
    expect(taken.json().message).toBe(en.waitlistOfferBooked);
    expect(taken.json().data).toMatchObject({ status: 'pending', startTime: '2026-05-06T09:00:00.000Z' });
    expectError(await t.api('POST', `/waitlist/offers/${offerId}/accept`, second), 409, {
      message: en.waitlistOfferGone,
      code: 'CONFLICT',
    });
    expect((await mine(second))[0]).toMatchObject({ status: 'booked' });
    expect(await openOffers()).toBe(0);
    expect(
      Number(
        (await t.db.$client.query(`SELECT count(*) AS n FROM bookings WHERE client_id = $1`, [second.userId])).rows[0]
          .n,
      ),
    ).toBe(1);
  });

  it('an offer that ran out cannot be taken; leaving ends a place', async () => {
    const late = await clientNow();
    // A free slot that fits: offered at once on joining.
    const joined = await join(late, { fromTime: '11:00', toTime: '12:00' });
    expect(joined.json().data).toMatchObject({ status: 'offered', offer: { startsAt: '2026-05-06T10:00:00.000Z' } });
    await moveClock(w, '2026-05-04T09:02:00Z');
    const fresh = await again(late);
    expectError(await t.api('POST', `/waitlist/offers/${joined.json().data.offer.identifier}/accept`, fresh), 409, {
      message: en.waitlistOfferGone,
      code: 'CONFLICT',
    });
    const left = await t.api('DELETE', `/waitlist/${joined.json().data.identifier}`, fresh);
    expect(left.statusCode, left.body).toBe(200);
    expect(await mine(fresh)).toEqual([]);
    expect((await t.api('DELETE', `/waitlist/${joined.json().data.identifier}`, fresh)).statusCode).toBe(404);
    await slotAt(t, w.provider.userId, '2026-05-06T10:00:00Z');
  });

  it('a time taken from the waitlist but not paid in time: the place waits again, in the list, saying so, never Booked (issue 48)', async () => {
    // The booking's 30-minute hold (from 08:31) has run out; paying now expires it (the expiry job would too).
    second = await again(second);
    const paid = await t.request({
      method: 'POST',
      url: `/api/v1/booking/${takenBooking}/pay`,
      headers: { ...second.auth, 'idempotency-key': crypto.randomUUID() },
    });
    expectError(paid, 409, { message: en.bookingExpired, code: 'CONFLICT' });
    const places = await mine(second);
    expect(places).toHaveLength(1);
    expect(places[0]).toMatchObject({
      status: 'waiting',
      offer: null,
      lapsedOffer: { startsAt: '2026-05-06T09:00:00.000Z', endsAt: '2026-05-06T10:00:00.000Z' },
    });
    // Back in line at its own place: the next free time that fits it is offered to it (not the lapsed one again).
    const line = await t.db.$client.query<{ status: string }>(
      `SELECT status FROM waitlist_entries WHERE client_id = $1`,
      [second.userId],
    );
    expect(line.rows.map((r) => r.status)).toEqual(['waiting']);
    // Leaving still works, and one open place per client and provider holds: joining again is refused while it waits.
    expectError(await join(second), 409, { message: en.waitlistAlready, code: 'CONFLICT' });
  });

  it('a client who joined the line again meanwhile: the old place ends as left (one open place each), the new one stays', async () => {
    const client = await clientNow();
    // A place booked from an offer, then a new place of the same client, then the booking expires.
    const { bookingId } = await insertBooking(w, { status: 'pending', start: '2026-05-08T09:00:00Z', client });
    const old = await t.db.$client.query<{ id: string }>(
      `INSERT INTO waitlist_entries (identifier, client_id, provider_id, therapy_category_id, modality_id, from_date, to_date, from_minute, to_minute, timezone, status)
       VALUES (gen_random_uuid(), $1, $2, $3, $4, '2026-05-08', '2026-05-08', 600, 660, 'Europe/London', 'booked') RETURNING identifier AS id`,
      [client.userId, w.provider.userId, w.categoryId, w.modalityId],
    );
    await t.db.$client.query(
      `INSERT INTO waitlist_offers (identifier, entry_id, provider_id, starts_at, ends_at, expires_at, status, booking_id)
       VALUES (gen_random_uuid(), $1, $2, '2026-05-08T09:00:00Z', '2026-05-08T10:00:00Z', now(), 'accepted', $3)`,
      [old.rows[0]!.id, w.provider.userId, bookingId],
    );
    expect((await join(client, { fromDate: '2026-05-09', toDate: '2026-05-09' })).statusCode).toBe(201);
    await moveClock(w, '2026-05-04T09:40:00Z');
    const fresh = await again(client);
    const paid = await t.request({
      method: 'POST',
      url: `/api/v1/booking/${bookingId}/pay`,
      headers: { ...fresh.auth, 'idempotency-key': crypto.randomUUID() },
    });
    expectError(paid, 409, { message: en.bookingExpired, code: 'CONFLICT' });
    const rows = await t.db.$client.query<{ id: string; status: string }>(
      `SELECT identifier AS id, status FROM waitlist_entries WHERE client_id = $1`,
      [client.userId],
    );
    expect(rows.rows.find((r) => r.id === old.rows[0]!.id)?.status).toBe('left');
    expect(rows.rows.filter((r) => r.status === 'waiting' || r.status === 'offered')).toHaveLength(1);
    expect((await mine(fresh)).map((p) => p.status)).not.toContain('booked');
  });
});

describe('a race', () => {
  it('a slot freed with three clients waiting and ten scans at once (two instances would do the same) is offered once, to the first', async () => {
    // Thursday 7 May, 10:00 London: booked, then freed without an event, so only the scans below see it.
    const { bookingId } = await insertBooking(w, { status: 'confirmed', start: '2026-05-07T09:00:00Z' });
    const line = [await clientNow(), await clientNow(), await clientNow()];
    for (const who of line)
      expect((await join(who, { fromDate: '2026-05-07', toDate: '2026-05-07' })).statusCode).toBe(201);
    await t.db.$client.query(
      `UPDATE bookings SET status = 'cancelled', cancelled_at = now(), cancelled_by = 'client' WHERE identifier = $1`,
      [bookingId],
    );
    await Promise.all(Array.from({ length: 10 }, () => waitlist.scan(w.provider.userId)));
    const offers = await t.db.$client.query<{ entry_id: string }>(
      `SELECT entry_id FROM waitlist_offers WHERE starts_at = '2026-05-07T09:00:00Z' AND status = 'open'`,
    );
    expect(offers.rows).toHaveLength(1);
    expect((await mine(line[0]!))[0]).toMatchObject({
      status: 'offered',
      offer: { startsAt: '2026-05-07T09:00:00.000Z' },
    });
    for (const who of line.slice(1)) expect((await mine(who))[0]).toMatchObject({ status: 'waiting', offer: null });
  });
});
