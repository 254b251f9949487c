import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';
import { slotAt } from '../../../test/booking-fixtures.ts';
import { createWalletModule } from '../wallet/wallet.module.ts';

/**
 * Issue 48, "the price shown is the price charged": for each kind of fee there is (the general fee standing for a
 * therapy without its own, a therapy's own fee, above and below the general one, a therapy marked free), the
 * directory's card ("from": the lowest bookable price), the public page's price of the therapy (what the booking form
 * shows, from the same endpoint) and what booking and paying that therapy takes from the client's wallet agree.
 * The fee does not depend on the session type: each therapy is booked online and in person, at the one price.
 */
let t: TestApp;
let client: SignedUp;
// A Monday; every provider offers hour-long sessions every day from 08:00 to 20:00 UTC, with no notice.
const NOW = '2027-03-01T07:00:00.000Z';
let hour = 8;
/** A fresh slot each time (one hour after the other on the Tuesday, then the Wednesday). */
const nextStart = () => {
  const h = hour++;
  return new Date(Date.UTC(2027, 2, 2 + Math.floor((h - 8) / 12), 8 + ((h - 8) % 12))).toISOString();
};

const items = async (list: string) =>
  (
    await t.db.$client.query<{ id: string; code: string }>(
      'SELECT identifier AS id, code FROM reference_items WHERE list = $1 ORDER BY sort_order',
      [list],
    )
  ).rows;
const stateId = async (code: string) =>
  (
    await t.db.$client.query<{ id: string }>(
      `SELECT s.identifier AS id FROM states s JOIN countries c ON c.identifier = s.country_id WHERE c.code = 'US' AND s.code = $1`,
      [code],
    )
  ).rows[0]!.id;

interface Fees {
  general: { fee: number; isFree: boolean };
  /** Therapy index -> its own fee. */
  own?: Record<number, { fee: number; isFree: boolean }>;
}
/** A verified US provider listed in Wyoming, offering the therapies (by index) online and in person, with the fees. */
async function practice(last: string, therapies: number[], fees: Fees): Promise<SignedUp> {
  const who = await t.signUp('provider');
  const therapyItems = await items('therapy-category');
  const setup = await t.api('POST', '/provider/setup', who, {
    firstName: 'Price',
    lastName: last,
    phoneNumber: null,
    headline: null,
    title: null,
    officeAddress: '1 Main Street, Cheyenne',
    bio: null,
    zipCode: null,
    countryIdentifier: await t.countryId('US'),
    stateIdentifier: await stateId('WY'),
    dob: null,
    religionIdentifier: null,
    ethnicityIdentifier: (await items('ethnicity'))[0]!.id,
    gender: (await items('gender'))[0]!.code,
    disciplineIdentifier: null,
    therapies: therapies.map((i) => therapyItems[i]!.id),
    modalities: (await items('modality')).map((m) => m.id),
    specialities: [(await items('speciality'))[0]!.id],
  });
  expect(setup.statusCode, setup.body).toBe(200);
  const states = await t.api('POST', '/provider/license-states', who, { stateIdentifiers: [await stateId('WY')] });
  expect(states.statusCode, states.body).toBe(200);
  const general = await t.api('POST', '/provider/booking-fee/general', who, fees.general);
  expect(general.statusCode, general.body).toBe(200);
  for (const [index, fee] of Object.entries(fees.own ?? {})) {
    const own = await t.api('POST', '/provider/booking-fee/therapy', who, {
      therapyCategoryIdentifier: therapyItems[Number(index)]!.id,
      ...fee,
    });
    expect(own.statusCode, own.body).toBe(200);
  }
  const settings = await t.api('PUT', '/provider-availability/settings', who, {
    timezone: 'UTC',
    sessionLengthMinutes: 60,
    bufferMinutes: 0,
    minimumNoticeHours: 0,
  });
  expect(settings.statusCode, settings.body).toBe(200);
  const days = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'].map((identifier) => ({
    identifier,
    isAvailable: true,
    timeSlotsInterval: [{ startTime: '08:00', endTime: '20:00' }],
  }));
  const plan = await t.api('POST', '/provider-availability/days/default', who, { days });
  expect(plan.statusCode, plan.body).toBe(200);
  await t.verifyProvider(who.userId);
  return who;
}

type Price = { amount: number; currencyCode: string; isFree: boolean };
/** The provider's card in the Wyoming directory (searched by their unique last name). */
async function card(last: string): Promise<(Price & { varies: boolean }) | null> {
  const res = await t.request({ method: 'GET', url: `/api/v1/therapists?state=WY&q=${last}` });
  expect(res.statusCode, res.body).toBe(200);
  const entry = (res.json().data as Array<{ lastName: string; fee: (Price & { varies: boolean }) | null }>).find(
    (e) => e.lastName === last,
  );
  expect(entry, `${last} is listed`).toBeDefined();
  return entry!.fee;
}
/** The public page's prices, by therapy identifier (the booking form shows the chosen therapy's from here). */
async function pagePrices(providerId: string): Promise<Map<string, Price>> {
  const res = await t.request({ method: 'GET', url: `/api/v1/therapists/${providerId}` });
  expect(res.statusCode, res.body).toBe(200);
  const prices = res.json().data.prices as Array<{ therapy: { identifier: string }; fee: Price }>;
  return new Map(prices.map((p) => [p.therapy.identifier, p.fee]));
}

const wallet = () => createWalletModule({ db: t.db, clock: t.clock });
const balance = (currency: string) => wallet().balanceOf(client.userId, currency);

/** Books (and pays, unless free) the therapy in the modality: what the booking says it costs and what left the wallet. */
async function bookAndPay(
  provider: SignedUp,
  therapyId: string,
  modalityId: string,
  currency: string,
): Promise<{ price: { amount: number; currencyCode: string }; status: string; debited: number }> {
  const before = await balance(currency);
  const res = await t.api('POST', '/booking', client, {
    modalityIdentifier: modalityId,
    therapyIdentifier: therapyId,
    timeslotIdentifier: await slotAt(t, provider.userId, nextStart()),
  });
  expect(res.statusCode, res.body).toBe(201);
  const booking = res.json().data as {
    identifier: string;
    status: string;
    price: { amount: number; currencyCode: string };
  };
  if (booking.status === 'pending') {
    const paid = await t.request({
      method: 'POST',
      url: `/api/v1/booking/${booking.identifier}/pay`,
      headers: { ...client.auth, 'idempotency-key': crypto.randomUUID() },
    });
    expect(paid.statusCode, paid.body).toBe(200);
  }
  const status = (await t.api('GET', `/booking/${booking.identifier}`, client)).json().data.status as string;
  return { price: booking.price, status, debited: before - (await balance(currency)) };
}

let therapy: Array<{ id: string; code: string }>;
let modality: Array<{ id: string; code: string }>;
const lastName = {
  mixed: 'Mixedfee',
  ownOnly: 'Ownonly',
  freeTherapy: 'Freetherapy',
  generalFree: 'Generalfree',
} as const;
let providers: Record<keyof typeof lastName, SignedUp>;
beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(NOW);
  therapy = await items('therapy-category');
  modality = await items('modality');
  expect(modality.length).toBeGreaterThan(1);
  providers = {
    // The general fee for therapy 0, its own (higher) fee for therapy 1.
    mixed: await practice(lastName.mixed, [0, 1], {
      general: { fee: 6000, isFree: false },
      own: { 1: { fee: 8000, isFree: false } },
    }),
    // Lena Hoffmann's case: her only therapy has its own fee, above the general one nothing can be booked at.
    ownOnly: await practice(lastName.ownOnly, [1], {
      general: { fee: 6000, isFree: false },
      own: { 1: { fee: 8000, isFree: false } },
    }),
    // A therapy marked free below a general fee, and a therapy's own fee below the general one.
    freeTherapy: await practice(lastName.freeTherapy, [0, 1, 2], {
      general: { fee: 9000, isFree: false },
      own: { 0: { fee: 0, isFree: true }, 2: { fee: 4500, isFree: false } },
    }),
    // The general fee marked free.
    generalFree: await practice(lastName.generalFree, [0], { general: { fee: 0, isFree: true } }),
  };
  client = await t.signUp('client');
  // Enough dollars for every paid booking below.
  await wallet().creditTopup({
    userId: client.userId,
    amount: 1_000_000,
    currencyCode: 'USD',
    reference: `test-topup-${crypto.randomUUID()}`,
    description: 'Test top-up',
  });
}, 180_000);
afterAll(async () => t?.close());

describe('the price shown is the price charged (issue 48)', () => {
  it('the card shows the lowest bookable price, "from" when another therapy costs more; never a fee nothing is booked at', async () => {
    expect(await card('Mixedfee')).toEqual({ amount: 6000, currencyCode: 'USD', isFree: false, varies: true });
    // Not the general €60 she cannot be booked at: her only therapy's €80.
    expect(await card('Ownonly')).toEqual({ amount: 8000, currencyCode: 'USD', isFree: false, varies: false });
    expect(await card('Freetherapy')).toEqual({ amount: 0, currencyCode: 'USD', isFree: true, varies: true });
    expect(await card('Generalfree')).toEqual({ amount: 0, currencyCode: 'USD', isFree: true, varies: false });
  });

  it('the price filters and the price sort go by that same lowest bookable price, not the general fee', async () => {
    const names = async (query: string) => {
      const res = await t.request({ method: 'GET', url: `/api/v1/therapists?state=WY&currency=USD&${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as Array<{ lastName: string }>)
        .map((e) => e.lastName)
        .filter((n) => (Object.values(lastName) as string[]).includes(n));
    };
    // Her general fee is 60.00, but nothing is booked at it: "from 70" keeps her (80.00), "up to 70" does not.
    expect(await names('priceMin=7000')).toEqual(['Ownonly']);
    expect((await names('priceMax=7000')).sort()).toEqual(['Freetherapy', 'Generalfree', 'Mixedfee']);
    const sorted = await names('sort=price');
    expect(sorted.indexOf('Mixedfee')).toBeLessThan(sorted.indexOf('Ownonly'));
    expect(sorted.at(-1)).toBe('Ownonly');
  });

  const cases = [
    { who: 'mixed', therapy: 0, kind: 'the general fee', expected: 6000 },
    { who: 'mixed', therapy: 1, kind: "a therapy's own fee above the general one", expected: 8000 },
    { who: 'ownOnly', therapy: 1, kind: "the only therapy's own fee", expected: 8000 },
    { who: 'freeTherapy', therapy: 0, kind: 'a therapy marked free', expected: 0 },
    { who: 'freeTherapy', therapy: 1, kind: 'the general fee beside free and lower ones', expected: 9000 },
    { who: 'freeTherapy', therapy: 2, kind: "a therapy's own fee below the general one", expected: 4500 },
    { who: 'generalFree', therapy: 0, kind: 'the general fee marked free', expected: 0 },
  ] as const;
  it.each(cases)('$kind: page, form and charge agree ($expected), in every session type', async (c) => {
    const provider = providers[c.who];
    const therapyId = therapy[c.therapy]!.id;
    const shown = (await pagePrices(provider.userId)).get(therapyId);
    expect(shown).toEqual({ amount: c.expected, currencyCode: 'USD', isFree: c.expected === 0 });
    // The card's "from" is the lowest of the page's prices.
    const prices = [...(await pagePrices(provider.userId)).values()].map((p) => p.amount);
    expect((await card(lastName[c.who]))!.amount).toBe(Math.min(...prices));
    for (const m of modality) {
      const booked = await bookAndPay(provider, therapyId, m.id, 'USD');
      expect(booked.price, `${m.code}`).toEqual({ amount: c.expected, currencyCode: 'USD' });
      expect(booked.debited, `${m.code}`).toBe(c.expected);
      expect(booked.status, `${m.code}`).toBe('confirmed');
    }
  });

  it('a new fee for a therapy shows at once on the card and the page, and is what the next booking charges', async () => {
    const provider = providers.ownOnly;
    const changed = await t.api('POST', '/provider/booking-fee/therapy', provider, {
      therapyCategoryIdentifier: therapy[1]!.id,
      fee: 7500,
      isFree: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await card('Ownonly')).toEqual({ amount: 7500, currencyCode: 'USD', isFree: false, varies: false });
    expect((await pagePrices(provider.userId)).get(therapy[1]!.id)).toEqual({
      amount: 7500,
      currencyCode: 'USD',
      isFree: false,
    });
    const booked = await bookAndPay(provider, therapy[1]!.id, modality[0]!.id, 'USD');
    expect(booked.debited).toBe(7500);
  });

  it('the page lists a price for each therapy offered, in the order of its therapies, and only those', async () => {
    const res = await t.request({ method: 'GET', url: `/api/v1/therapists/${providers.freeTherapy.userId}` });
    const body = res.json().data as {
      therapies: Array<{ identifier: string }>;
      prices: Array<{ therapy: { identifier: string } }>;
    };
    expect(body.prices.map((p) => p.therapy.identifier)).toEqual(body.therapies.map((x) => x.identifier));
    expect(body.prices).toHaveLength(3);
  });
});
