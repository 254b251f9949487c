import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { de, en } from '@therapy/contracts/messages';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';
import { multipart, png } from '../../../test/profile-test-helpers.ts';
import { buildApp } from '../../app.ts';
import { createEventBus } from '../../platform/events.ts';
import { createPgRealtime } from '../../platform/realtime.ts';
import { createWalletModule } from '../wallet/wallet.module.ts';
import { createBookingJobs } from './booking-jobs.ts';
import { bookingWorld, moveClock, slotAt, type World } from '../../../test/booking-fixtures.ts';

/**
 * The bookings core on the real PostgreSQL (issue 15): book, pay, list, schedule a provider's appointment, the races
 * (one slot, one pay), expiry and completion on the test clock, and the bad input, each changing nothing.
 */
let t: TestApp;
let w: World;
let currency: string;
const FEE = 25_000;
// A Monday; the provider's plan is weekdays 09:00-18:00 London time, 60-minute sessions, no notice.
const NOW = '2027-03-01T07:00:00.000Z';
const at = (day: number, hour: number) => new Date(Date.UTC(2027, 2, day, hour)).toISOString();

async function offerEverything(provider: SignedUp) {
  await t.db.$client.query(
    `INSERT INTO provider_profile_items (user_id, list, item_id) SELECT $1, list, identifier FROM reference_items WHERE list IN ('therapy-category', 'modality') ON CONFLICT DO NOTHING`,
    [provider.userId],
  );
  const fee = await t.api('POST', '/provider/booking-fee/general', provider, { fee: FEE, isFree: false });
  expect(fee.statusCode, fee.body).toBe(200);
  return fee.json().data.currencyCode as string;
}

const wallet = () => createWalletModule({ db: t.db, clock: t.clock });
async function fund(who: SignedUp, amount: number) {
  await wallet().creditTopup({
    userId: who.userId,
    amount,
    currencyCode: currency,
    reference: `test-topup-${crypto.randomUUID()}`,
    description: 'Test top-up',
  });
}
const balance = (who: SignedUp) => wallet().balanceOf(who.userId, currency);
const online = async () =>
  (
    await t.db.$client.query<{ id: string }>(
      `SELECT identifier AS id FROM reference_items WHERE list = 'modality' AND code = 'online'`,
    )
  ).rows[0]!.id;

async function book(who: SignedUp, start: string, extra: Record<string, unknown> = {}) {
  return t.api('POST', '/booking', who, {
    modalityIdentifier: await online(),
    therapyIdentifier: w.categoryId,
    timeslotIdentifier: await slotAt(t, w.provider.userId, start),
    ...extra,
  });
}
const pay = (who: SignedUp, id: string, key = crypto.randomUUID()) =>
  t.request({ method: 'POST', url: `/api/v1/booking/${id}/pay`, headers: { ...who.auth, 'idempotency-key': key } });
/** Signs a user in again (access tokens last 15 minutes on the test clock). */
async function fresh(who: SignedUp) {
  const res = await t.request({
    method: 'POST',
    url: '/api/v1/user/login',
    payload: { email: who.email, password: who.password },
    remoteAddress: `10.251.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  who.auth = { authorization: `Bearer ${res.json().data.accessToken as string}` };
}
let jobs: ReturnType<typeof createBookingJobs>;
let events: ReturnType<typeof createEventBus>;
const count = async (where = '') =>
  Number((await t.db.$client.query(`SELECT count(*) AS n FROM bookings ${where}`)).rows[0].n);

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(NOW);
  w = await bookingWorld(t);
  await moveClock(w, NOW);
  currency = await offerEverything(w.provider);
  events = createEventBus({ db: t.db, realtime: createPgRealtime(t.db), log: { error: () => undefined } });
  jobs = createBookingJobs(
    { db: t.db, clock: t.clock, events, config: t.config, jobs: undefined as never },
    { wallet: wallet() },
  );
}, 60_000);
afterAll(async () => {
  await events?.close();
  await t?.close();
});

describe('booking a slot', () => {
  it('a client books a slot: pending for 30 minutes, online with a meeting link, on both lists and the detail page', async () => {
    const res = await book(w.client, at(2, 9), { note: 'First session' });
    expect(res.statusCode, res.body).toBe(201);
    const b = res.json().data;
    expect(res.json().message).toBe(en.bookingCreated);
    expect(b).toMatchObject({
      status: 'pending',
      startTime: at(2, 9),
      endTime: at(2, 10),
      note: 'First session',
      price: { amount: FEE, currencyCode: currency },
      createdBy: 'client',
    });
    expect(Math.abs(Date.parse(b.holdExpiresAt) - (t.clock.now().getTime() + 30 * 60_000))).toBeLessThan(5_000);
    expect(b.meetingLink).toBe(`${t.config.appOrigin}/session/${b.identifier}`);
    expect(b.rescheduleInfo).toEqual({ status: null, remainingClientReschedule: 2, remainingProviderReschedule: 3 });
    // The answer is built from what the booking read and stored before its commit: it is what reading it gives.
    expect((await t.api('GET', `/booking/${b.identifier}`, w.client)).json().data).toEqual(b);

    const mine = await t.api('GET', '/booking?statuses=pending,confirmed', w.client);
    expect(mine.json().data.map((x: { identifier: string }) => x.identifier)).toContain(b.identifier);
    const theirs = await t.api('GET', '/appointment', w.provider);
    expect(theirs.json().data.map((x: { identifier: string }) => x.identifier)).toContain(b.identifier);
    const details = await t.api('GET', `/booking/${b.identifier}/details`, w.client);
    expect(details.json().data.statusHistory).toMatchObject([
      { status: 'pending', actor: 'client', note: 'First session' },
    ]);
    // The slot is gone from the public calendar.
    await expect(slotAt(t, w.provider.userId, at(2, 9))).rejects.toThrow(/no slot/);
  });

  it("shows both parties' pictures: the client's chosen avatar, the provider's uploaded photo (a signed URL)", async () => {
    const client = await t.signUp('client');
    await t.api('GET', '/client', client);
    const avatar = (await t.api('GET', '/client/avatars', client)).json().data[0] as {
      identifier: string;
      photoUrl: string;
    };
    expect((await t.api('POST', `/client/avatar/${avatar.identifier}`, client)).statusCode).toBe(200);
    const body = multipart(await png(200));
    const photo = await t.request({
      method: 'POST',
      url: '/api/v1/provider/update/photo',
      headers: { ...w.provider.auth, ...body.headers },
      payload: body.payload,
    });
    expect(photo.statusCode, photo.body).toBe(200);
    const b = (await book(client, at(2, 16))).json().data;
    expect(b.client.picture).toBe(avatar.photoUrl);
    expect(b.provider.picture).toMatch(/^\/api\/v1\/files\/[0-9a-f-]+\?expires=\d+&signature=/);
    // The same booking read again; a signed URL carries the second it was signed in, so only its path must match.
    const again = (await t.api('GET', `/booking/${b.identifier}`, client)).json().data;
    const unsigned = (x: { provider: { picture: string } }) => ({
      ...x,
      provider: { ...x.provider, picture: x.provider.picture.split('?')[0] },
    });
    expect(unsigned(again)).toEqual(unsigned(b));
    const seen = await t.api('GET', `/appointment/${b.identifier}`, w.provider);
    expect(seen.json().data.client.picture).toBe(avatar.photoUrl);
    const clients = (await t.api('GET', '/appointment/clients', w.provider)).json().data as Array<{
      identifier: string;
      picture: string | null;
    }>;
    expect(clients.find((c) => c.identifier === client.userId)?.picture).toBe(avatar.photoUrl);
  });

  it("another user's booking is not found, and each role keeps to its own routes", async () => {
    const b = (await book(w.client, at(2, 10))).json().data;
    const stranger = await t.signUp('client');
    expect((await t.api('GET', `/booking/${b.identifier}`, stranger)).statusCode).toBe(404);
    expect((await pay(stranger, b.identifier)).statusCode).toBe(404);
    expect((await t.api('GET', `/booking/${b.identifier}`, w.provider)).statusCode).toBe(403);
    expect((await t.api('GET', `/appointment/${b.identifier}`, w.client)).statusCode).toBe(403);
    const otherProvider = await t.signUp('provider', {}, { verified: true });
    expect((await t.api('GET', `/appointment/${b.identifier}`, otherProvider)).statusCode).toBe(404);
  });

  it('refuses bad input with its message and stores nothing', async () => {
    const before = await count();
    const long = await book(w.client, at(2, 11), { note: 'x'.repeat(401) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(en.bookingNoteMax);
    const missing = await t.api('POST', '/booking', w.client, {
      modalityIdentifier: '',
      therapyIdentifier: '',
      timeslotIdentifier: '',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual(
      expect.arrayContaining([en.modalityRequired, en.therapyRequired, en.timeslotRequired]),
    );
    const forged = await t.api('POST', '/booking', w.client, {
      modalityIdentifier: await online(),
      therapyIdentifier: w.categoryId,
      timeslotIdentifier: 'forged.token.value',
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(en.timeslotInvalid);
    const otherTherapy = (
      await t.db.$client.query<{ id: string }>(
        `SELECT identifier AS id FROM reference_items WHERE list = 'speciality' LIMIT 1`,
      )
    ).rows[0]!.id;
    const notOffered = await book(w.client, at(2, 11), { therapyIdentifier: otherTherapy });
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json().message).toBe(en.therapyNotOfferedByProvider);
    expect(await count()).toBe(before);
  });

  it('an unverified provider cannot be booked', async () => {
    const token = await slotAt(t, w.provider.userId, at(2, 12));
    await t.db.$client.query(
      `UPDATE provider_verifications SET status = 'rejected', note = 'test' WHERE provider_id = $1`,
      [w.provider.userId],
    );
    try {
      const res = await t.api('POST', '/booking', w.client, {
        modalityIdentifier: await online(),
        therapyIdentifier: w.categoryId,
        timeslotIdentifier: token,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(en.providerNotBookable);
    } finally {
      await t.verifyProvider(w.provider.userId);
    }
  });

  it('a US client books only a provider licensed in their state', async () => {
    const us = await t.signUp('client');
    const ny = (
      await t.db.$client.query<{ id: string }>(
        `SELECT s.identifier AS id FROM states s JOIN countries c ON c.identifier = s.country_id WHERE c.code = 'US' AND s.code = 'NY'`,
      )
    ).rows[0]!.id;
    await t.db.$client.query(`UPDATE users SET country_code = 'US' WHERE identifier = $1`, [us.userId]);
    const noState = await book(us, at(2, 13));
    expect(noState.json().message).toBe(en.stateRequiredToBook);
    await t.db.$client.query(
      `INSERT INTO client_profiles (user_id, state_id) VALUES ($1, $2) ON CONFLICT (user_id) DO UPDATE SET state_id = $2`,
      [us.userId, ny],
    );
    const refused = await book(us, at(2, 13));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(en.notLicensedInState.replace('{state}', 'New York'));
    const german = await t.request({
      method: 'POST',
      url: '/api/v1/booking',
      headers: { ...us.auth, 'accept-language': 'de' },
      payload: {
        modalityIdentifier: await online(),
        therapyIdentifier: w.categoryId,
        timeslotIdentifier: await slotAt(t, w.provider.userId, at(2, 13)),
      },
    });
    expect(german.json().message).toBe(de.notLicensedInState.replace('{state}', 'New York'));
    const licence = await t.api('POST', '/provider/license-states', w.provider, { stateIdentifiers: [ny] });
    expect(licence.statusCode, licence.body).toBe(200);
    // Claimed by a verified practice but not yet approved (issue 45): still not bookable from New York.
    expect((await book(us, at(2, 13))).json().message).toBe(en.notLicensedInState.replace('{state}', 'New York'));
    await t.verifyProvider(w.provider.userId);
    expect((await book(us, at(2, 13))).statusCode).toBe(201);
  });

  it('a client holds at most 3 unpaid bookings', async () => {
    const busy = await t.signUp('client');
    for (const hour of [9, 10, 11]) expect((await book(busy, at(3, hour))).statusCode).toBe(201);
    const fourth = await book(busy, at(3, 12));
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().message).toBe(en.tooManyUnpaid);
  });

  it('8 concurrent bookings by one client: exactly 3 are held, the rest 409 tooManyUnpaid and leave nothing behind', async () => {
    const eager = await t.signUp('client');
    const answers = await Promise.all([9, 10, 11, 12, 13, 14, 15, 16].map((hour) => book(eager, at(10, hour))));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409))
      expect(refused.json().message).toBe(en.tooManyUnpaid);
    expect(await count(`WHERE client_id = '${eager.userId}'`)).toBe(3);
    expect(
      Number(
        (
          await t.db.$client.query(
            `SELECT count(*) AS n FROM booking_status_history h JOIN bookings b ON b.identifier = h.booking_id WHERE b.client_id = $1`,
            [eager.userId],
          )
        ).rows[0].n,
      ),
    ).toBe(3);
  });
});

describe('paying', () => {
  it('short: 409 and nothing moves; funded: confirmed, the wallet debited once, a retry with the same key answers the same', async () => {
    const payer = await t.signUp('client');
    const b = (await book(payer, at(4, 9))).json().data;
    const short = await pay(payer, b.identifier);
    expect(short.statusCode).toBe(409);
    expect(short.json().code).toBe('INSUFFICIENT_FUNDS');
    await fund(payer, 30_000);
    const key = crypto.randomUUID();
    const paid = await pay(payer, b.identifier, key);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ status: 'confirmed', previousStatus: 'pending', holdExpiresAt: null });
    expect(await balance(payer)).toBe(5_000);
    expect((await pay(payer, b.identifier, key)).statusCode).toBe(200);
    const again = await pay(payer, b.identifier);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(en.bookingAlreadyPaid);
    expect(await balance(payer)).toBe(5_000);
  });

  it('10 concurrent pays of one booking debit it once', async () => {
    const payer = await t.signUp('client');
    await fund(payer, 100_000);
    const b = (await book(payer, at(4, 10))).json().data;
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(payer, b.identifier)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(9);
    expect(await balance(payer)).toBe(100_000 - FEE);
  });
});

describe('one Idempotency-Key, two bookings', () => {
  it('paying two bookings at once with one key pays one; the other gets 409, never a 5xx', async () => {
    const payer = await t.signUp('client');
    await fund(payer, 100_000);
    const first = (await book(payer, at(4, 12))).json().data;
    const second = (await book(payer, at(4, 13))).json().data;
    const key = crypto.randomUUID();
    const answers = await Promise.all([pay(payer, first.identifier, key), pay(payer, second.identifier, key)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await balance(payer)).toBe(100_000 - FEE);
  });
});

describe('races on one slot', () => {
  it('50 clients book one slot at once: exactly one booking, 49 get 409, no 5xx', async () => {
    const clients: SignedUp[] = [];
    for (let i = 0; i < 50; i += 1) clients.push(await t.signUp('client'));
    const token = await slotAt(t, w.provider.userId, at(5, 9));
    const modality = await online();
    const answers = await Promise.all(
      clients.map((c) =>
        t.api('POST', '/booking', c, {
          modalityIdentifier: modality,
          therapyIdentifier: w.categoryId,
          timeslotIdentifier: token,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array<number>(49).fill(409)]);
    expect(answers.every((a) => a.statusCode < 500)).toBe(true);
    expect(
      await count(`WHERE provider_id = '${w.provider.userId}' AND starts_at = '${at(5, 9)}' AND status <> 'expired'`),
    ).toBe(1);
  }, 120_000);

  it('clients book overlapping but different intervals at once (two therapies, 90-minute sessions, plans an hour apart): one wins, no 5xx', async () => {
    const provider = await t.signUp('provider', {}, { verified: true });
    await offerEverything(provider);
    await t.api('PUT', '/provider-availability/settings', provider, {
      timezone: 'Europe/London',
      sessionLengthMinutes: 90,
      bufferMinutes: 0,
      minimumNoticeHours: 0,
    });
    const therapies = (
      await t.db.$client.query<{ id: string }>(
        `SELECT identifier AS id FROM reference_items WHERE list = 'therapy-category' ORDER BY sort_order LIMIT 2`,
      )
    ).rows.map((r) => r.id);
    expect(
      (await t.api('POST', '/provider/availability-setting', provider, { calendarSetupType: 'BY_CATEGORY' }))
        .statusCode,
    ).toBe(200);
    const plan = (categoryIdentifier: string, startTime: string, endTime: string) =>
      t.api('POST', '/provider-availability/days/recurring', provider, {
        categoryIdentifier,
        days: [{ identifier: 'MONDAY', isAvailable: true, timeSlotsInterval: [{ startTime, endTime }] }],
      });
    expect((await plan(therapies[0]!, '09:00', '12:00')).statusCode).toBe(200);
    const secondPlan = await plan(therapies[1]!, '10:00', '13:00');
    expect(secondPlan.statusCode, secondPlan.body).toBe(200);
    const slot = async (category: string, start: string) => {
      const res = await t.api(
        'GET',
        `/providers-availability/${provider.userId}/timeslot/${start.slice(0, 10)}?category=${category}`,
        undefined,
      );
      const found = (res.json().data.items as Array<{ timeSlot: Array<{ identifier: string; startTime: string }> }>)
        .flatMap((i) => i.timeSlot)
        .find((s) => Date.parse(s.startTime) === Date.parse(start));
      expect(found, res.body).toBeDefined();
      return found!.identifier;
    };
    // 10:30-12:00 of the first therapy and 10:00-11:30 of the second overlap by an hour.
    const first = await slot(therapies[0]!, '2027-03-08T10:30:00Z');
    const second = await slot(therapies[1]!, '2027-03-08T10:00:00Z');
    const modality = await online();
    const clients: SignedUp[] = [];
    for (let i = 0; i < 20; i += 1) clients.push(await t.signUp('client'));
    const answers = await Promise.all(
      clients.map((c, i) =>
        t.api('POST', '/booking', c, {
          modalityIdentifier: modality,
          therapyIdentifier: therapies[i % 2]!,
          timeslotIdentifier: i % 2 ? second : first,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort(), answers.find((a) => a.statusCode >= 500)?.body).toEqual([
      201,
      ...Array<number>(19).fill(409),
    ]);
    const loser = answers.find((a) => a.statusCode === 409)!;
    expect(loser.json().message).toBe(en.timeslotTaken);
    expect(await count(`WHERE provider_id = '${provider.userId}' AND status <> 'expired'`)).toBe(1);
  }, 120_000);

  it("the slot check sees a booking as far away as the widest buffer: after the provider widens it to 120 minutes, a slot starting two hours after a booking's start is taken", async () => {
    const provider = await t.signUp('provider', {}, { verified: true });
    await offerEverything(provider);
    const settings = (bufferMinutes: number) =>
      t.api('PUT', '/provider-availability/settings', provider, {
        timezone: 'Europe/London',
        sessionLengthMinutes: 60,
        bufferMinutes,
        minimumNoticeHours: 0,
      });
    expect((await settings(0)).statusCode).toBe(200);
    // Identifiers signed under the plan without a buffer; 12:00 and 15:00 are slots of the plan with 120 minutes too.
    const [ten, noon, three] = [
      await slotAt(t, provider.userId, at(8, 10)),
      await slotAt(t, provider.userId, at(8, 12)),
      await slotAt(t, provider.userId, at(8, 15)),
    ];
    const modality = await online();
    const bookSlot = async (timeslotIdentifier: string) =>
      t.api('POST', '/booking', await t.signUp('client'), {
        modalityIdentifier: modality,
        therapyIdentifier: w.categoryId,
        timeslotIdentifier,
      });
    expect((await bookSlot(ten)).statusCode).toBe(201);
    expect((await settings(120)).statusCode).toBe(200);
    // 10:00-11:00 with 120 minutes on either side blocks until 13:00.
    const refused = await bookSlot(noon);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(en.timeslotTaken);
    expect((await bookSlot(three)).statusCode).toBe(201);
  });

  it('the database itself refuses two active bookings of a provider whose times overlap', async () => {
    const b = (await book(w.client, at(5, 11))).json().data;
    const row = (await t.db.$client.query(`SELECT * FROM bookings WHERE identifier = $1`, [b.identifier])).rows[0];
    const overlapping = t.db.$client.query(
      `INSERT INTO bookings (identifier, client_id, provider_id, therapy_category_id, modality_id, status, starts_at, ends_at, price_amount, currency_code, hold_expires_at, created_by, client_reschedules_left, provider_reschedules_left)
       VALUES (gen_random_uuid(), $1, $2, $3, $4, 'confirmed', $5, $6, 0, $7, NULL, 'client', 2, 3)`,
      [
        row.client_id,
        row.provider_id,
        row.therapy_category_id,
        row.modality_id,
        at(5, 11).replace(':00:00', ':30:00'),
        at(5, 13),
        row.currency_code,
      ],
    );
    await expect(overlapping).rejects.toMatchObject({ code: '23P01' });
  });
});

describe('two instances on one database', () => {
  it("a booking made on one instance takes its slot off the other instance's cached calendar (LISTEN/NOTIFY)", async () => {
    const second = await buildApp({ config: t.config, db: t.db, clock: t.clock, logger: false });
    try {
      const date = at(9, 9).slice(0, 10);
      const url = `/api/v1/providers-availability/${w.provider.userId}/timeslot/${date}`;
      const startsOnSecond = async () => {
        const res = await second.inject({ method: 'GET', url });
        return (res.json().data.items as Array<{ timeSlot: Array<{ startTime: string }> }>)
          .flatMap((i) => i.timeSlot)
          .map((s) => Date.parse(s.startTime));
      };
      // Wait until the second instance listens, then fill its cache with the slot still free.
      await expect.poll(async () => (await startsOnSecond()).includes(Date.parse(at(9, 9)))).toBe(true);
      expect((await book(await t.signUp('client'), at(9, 9))).statusCode).toBe(201);
      await expect
        .poll(async () => (await startsOnSecond()).includes(Date.parse(at(9, 9))), { timeout: 5000 })
        .toBe(false);
    } finally {
      await second.close();
    }
  });
});

describe('a weekly series', () => {
  it('books every week, or nothing when one week collides (the 7th)', async () => {
    const seriesClient = await t.signUp('client');
    const other = await t.signUp('client');
    await fund(other, 100_000);
    // Someone already holds the slot six weeks on (the 7th occurrence): 14:00 in London is 13:00 UTC once summer time starts.
    const seventh = '2027-04-19T13:00:00.000Z';
    t.clock.set('2027-03-08T07:00:00Z');
    await moveClock(w, '2027-03-08T07:00:00Z');
    await fresh(other);
    await fresh(seriesClient);
    const blocker = await t.api('POST', '/booking', other, {
      modalityIdentifier: await online(),
      therapyIdentifier: w.categoryId,
      timeslotIdentifier: await slotAt(t, w.provider.userId, seventh),
    });
    expect(blocker.statusCode, blocker.body).toBe(201);
    const before = await count();
    const input = {
      modalityIdentifier: await online(),
      therapyIdentifier: w.categoryId,
      timeslotIdentifier: await slotAt(t, w.provider.userId, at(8, 14)),
    };
    const refused = await t.api('POST', '/booking/series', seriesClient, { ...input, occurrences: 8 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(en.seriesCollides.replace('{occurrence}', '7').replace('{date}', '2027-04-19'));
    expect(await count()).toBe(before);
    const booked = await t.api('POST', '/booking/series', seriesClient, { ...input, occurrences: 3 });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().data.map((b: { startTime: string }) => b.startTime)).toEqual([
      at(8, 14),
      at(15, 14),
      at(22, 14),
    ]);
    const series = await t.api('GET', `/booking/${booked.json().data[0].identifier}/series`, seriesClient);
    expect(series.json().data).toHaveLength(3);
    for (const b of booked.json().data as Array<{ identifier: string }>)
      expect((await t.api('GET', `/booking/${b.identifier}`, seriesClient)).json().data).toEqual(b);
  });
});

describe('the clock', () => {
  it('an unpaid hold expires after 30 minutes: paying then is refused and another client gets the slot', async () => {
    const start = '2027-03-08T07:00:00Z';
    t.clock.set(start);
    await moveClock(w, start);
    const late = (await book(w.client, at(9, 15))).json().data;
    const token = await slotAt(t, w.provider.userId, at(9, 15)).catch(() => null);
    expect(token).toBeNull();
    await moveClock(w, '2027-03-08T07:31:00Z');
    // The expiry job (every minute) expires the hold and announces it: the slot is offered again.
    await jobs.expireHolds();
    const other = await t.signUp('client');
    expect((await book(other, at(9, 15))).statusCode).toBe(201);
    const refused = await pay(w.client, late.identifier);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(en.bookingExpired);
    const details = await t.api('GET', `/booking/${late.identifier}/details`, w.client);
    expect(details.json().data.status).toBe('expired');
  });

  it('the jobs expire stale holds and complete ended sessions, moving the money to the provider and closing an open reschedule request', async () => {
    {
      const start = '2027-03-15T07:00:00Z';
      await moveClock(w, start);
      const payer = await t.signUp('client');
      await fund(payer, FEE * 2);
      const paid = (await book(payer, at(16, 9))).json().data;
      expect((await pay(payer, paid.identifier)).statusCode).toBe(200);
      // Inside 48 h: the client's reschedule is a request the provider never answers before the session.
      const asked = await t.api('POST', `/booking/${paid.identifier}/reschedule`, payer, {
        timeslotIdentifier: await slotAt(t, w.provider.userId, at(16, 15)),
      });
      expect(asked.json().message, asked.body).toBe(en.rescheduleNeedsApproval);
      const unpaid = (await book(payer, at(16, 10))).json().data;
      // Earlier tests' holds and sessions first, so the figures below are this test's alone.
      await jobs.expireHolds();
      await jobs.completeEnded();
      const earningsBefore = await wallet().earningsOf(w.provider.userId, currency);

      t.clock.set('2027-03-15T07:29:00Z');
      expect(await jobs.expireHolds()).toBe(0);
      t.clock.set('2027-03-15T07:31:00Z');
      expect(await jobs.expireHolds()).toBeGreaterThanOrEqual(1);
      expect(
        (await t.db.$client.query(`SELECT status FROM bookings WHERE identifier = $1`, [unpaid.identifier])).rows[0]
          .status,
      ).toBe('expired');

      t.clock.set(at(16, 9).replace('09:00', '09:59'));
      await jobs.completeEnded();
      expect(
        (await t.db.$client.query(`SELECT status FROM bookings WHERE identifier = $1`, [paid.identifier])).rows[0]
          .status,
      ).toBe('confirmed');
      t.clock.set(at(16, 10));
      expect(await jobs.completeEnded()).toBeGreaterThanOrEqual(1);
      expect(
        (await t.db.$client.query(`SELECT status FROM bookings WHERE identifier = $1`, [paid.identifier])).rows[0]
          .status,
      ).toBe('completed');
      // The open request is closed with the session (rejected, as a cancel closes it).
      expect(
        (
          await t.db.$client.query(`SELECT status FROM booking_reschedules WHERE booking_id = $1`, [paid.identifier])
        ).rows.map((r) => r.status),
      ).toEqual(['rejected']);
      expect(await wallet().earningsOf(w.provider.userId, currency)).toBe(earningsBefore + FEE);
      // Again: nothing more moves.
      await jobs.completeEnded();
      expect(await wallet().earningsOf(w.provider.userId, currency)).toBe(earningsBefore + FEE);
    }
  });
});

describe("a provider's appointment", () => {
  it('for a client who booked before, without a time: the client schedules it and pays', async () => {
    const start = '2027-03-22T07:00:00Z';
    await moveClock(w, start);
    const clients = await t.api('GET', '/appointment/clients', w.provider);
    expect(clients.json().data.map((c: { identifier: string }) => c.identifier)).toContain(w.client.userId);
    const stranger = await t.signUp('client');
    const refused = await t.api('POST', '/appointment', w.provider, {
      clientIdentifier: stranger.userId,
      modalityIdentifier: await online(),
      therapyIdentifier: w.categoryId,
    });
    expect(refused.json().message).toBe(en.clientNotYours);

    const made = await t.api('POST', '/appointment', w.provider, {
      clientIdentifier: w.client.userId,
      modalityIdentifier: await online(),
      therapyIdentifier: w.categoryId,
      note: 'Follow-up',
    });
    expect(made.statusCode, made.body).toBe(201);
    const a = made.json().data;
    expect(a).toMatchObject({ status: 'pending', startTime: null, createdBy: 'provider' });
    const scheduled = await t.api('POST', `/booking/${a.identifier}/schedule`, w.client, {
      timeslotIdentifier: await slotAt(t, w.provider.userId, at(23, 9)),
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json().data).toMatchObject({ status: 'pending', startTime: at(23, 9) });
    const twice = await t.api('POST', `/booking/${a.identifier}/schedule`, w.client, {
      timeslotIdentifier: await slotAt(t, w.provider.userId, at(23, 10)),
    });
    expect(twice.statusCode).toBe(409);
    await fund(w.client, FEE);
    expect((await pay(w.client, a.identifier)).json().data.status).toBe('confirmed');
  });

  it('the approval setting makes bookings requests', async () => {
    expect((await t.api('PUT', '/appointment/settings', w.provider, { requiresApproval: true })).statusCode).toBe(200);
    try {
      const res = await book(w.client, at(24, 9));
      expect(res.json().data.status).toBe('requested');
      expect(res.json().message).toBe(en.bookingRequested);
    } finally {
      await t.api('PUT', '/appointment/settings', w.provider, { requiresApproval: false });
    }
  });
});
