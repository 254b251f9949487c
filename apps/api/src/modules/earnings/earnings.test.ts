import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderEarnings } from '@therapy/contracts/earnings';
import { bookingWorld, insertBooking, moveClock, type World } from '../../../test/booking-fixtures.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';

/** GET /provider/earnings (issue 46): where a provider's money is, read from the bookings, the ledger and the payouts. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const earningsOf = async (who: SignedUp): Promise<ProviderEarnings> => {
  const res = await t.api('GET', '/provider/earnings', who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ProviderEarnings;
};
const inCurrency = (e: ProviderEarnings, currency: string) => e.currencies.find((c) => c.currency === currency);
const setCountry = (userId: string, country: string) =>
  t.db.$client.query('UPDATE users SET country_code = $1 WHERE identifier = $2', [country, userId]);

/** A German provider (own currency EUR) with a verified practice and a client, as the booking tests use. */
async function germanWorld(): Promise<World> {
  const w = await bookingWorld(t);
  await setCountry(w.provider.userId, 'DE');
  await t.db.$client.query("UPDATE users SET first_name = 'Anna', last_name = 'kowalski' WHERE identifier = $1", [
    w.client.userId,
  ]);
  return w;
}

describe('GET /provider/earnings', () => {
  it('a paid €80 session is pending, then available once completed, on its way in a payout, then paid out', async () => {
    t.clock.set('2027-03-10T12:00:00Z');
    const w = await germanWorld();
    await moveClock(w, '2027-03-10T12:00:00Z');
    const { bookingId } = await insertBooking(w, {
      status: 'confirmed',
      start: '2027-03-11T10:00:00Z',
      price: 8_000,
      currency: 'EUR',
    });

    const pending = await earningsOf(w.provider);
    expect(pending.currencies[0]).toEqual({
      currency: 'EUR',
      pending: 8_000,
      available: 0,
      onItsWay: 0,
      paidOut: 0,
      nextPayout: { plan: 'bankTransfer', date: null },
      destination: null,
    });
    expect(pending.sessions).toEqual([
      {
        bookingIdentifier: bookingId,
        startTime: '2027-03-11T10:00:00.000Z',
        therapy: expect.objectContaining({ code: expect.any(String), name: expect.any(String) }),
        clientName: 'Anna K.',
        amount: 8_000,
        currency: 'EUR',
        state: 'pending',
        bookingStatus: 'confirmed',
      },
    ]);

    // The session ends; the minute's job completes it and releases the money to the provider's earnings.
    await moveClock(w, '2027-03-11T11:05:00Z');
    expect(await t.completeEndedSessions()).toBe(1);
    const available = await earningsOf(w.provider);
    expect(inCurrency(available, 'EUR')).toMatchObject({ pending: 0, available: 8_000, onItsWay: 0, paidOut: 0 });
    expect(available.sessions).toEqual([
      expect.objectContaining({ bookingIdentifier: bookingId, state: 'available', bookingStatus: 'completed' }),
    ]);

    // The operator's EUR bank transfer takes it (the account registered for bank-file payouts), then marks it paid.
    await t.db.$client.query(
      `INSERT INTO payout_recipients (identifier, provider_id, gateway, recipient_code, currency_code, account_name, account_number, bank_code, bank_name)
       VALUES (gen_random_uuid(), $1, 'bank-file', $2, 'EUR', 'Theo Provider', 'DE89370400440532013000', '', 'Commerzbank')`,
      [w.provider.userId, `EUR::DE89370400440532013000:${w.provider.userId}`],
    );
    // Signed in now: tokens last 15 minutes on the test clock.
    const operator = await t.signUpOperator();
    const batch = await t.api('POST', '/operator/payout-batches', operator, { currency: 'EUR' });
    expect(batch.statusCode, batch.body).toBe(201);
    const onItsWay = await earningsOf(w.provider);
    expect(inCurrency(onItsWay, 'EUR')).toMatchObject({ available: 0, onItsWay: 8_000, paidOut: 0 });
    expect(onItsWay.sessions[0]).toMatchObject({ state: 'inPayout' });
    expect(onItsWay.payouts).toEqual([
      expect.objectContaining({ amount: 8_000, currency: 'EUR', status: 'started', accountLast4: '3000' }),
    ]);

    const paid = await t.api('POST', `/operator/payout-batches/${batch.json().data.identifier}/paid`, operator);
    expect(paid.statusCode, paid.body).toBe(200);
    const paidOut = await earningsOf(w.provider);
    expect(inCurrency(paidOut, 'EUR')).toMatchObject({ pending: 0, available: 0, onItsWay: 0, paidOut: 8_000 });
    expect(paidOut.sessions[0]).toMatchObject({ state: 'paidOut', amount: 8_000 });
    expect(paidOut.payouts[0]).toMatchObject({ status: 'paid', bankName: 'Commerzbank' });
  });

  it('newer earnings are available while older ones went in a payout (the oldest money leaves first)', async () => {
    t.clock.set('2027-04-05T12:00:00Z');
    const w = await germanWorld();
    await moveClock(w, '2027-04-05T12:00:00Z');
    const first = await insertBooking(w, {
      status: 'confirmed',
      start: '2027-04-06T09:00:00Z',
      price: 8_000,
      currency: 'EUR',
    });
    await moveClock(w, '2027-04-06T10:05:00Z');
    await t.completeEndedSessions();
    await t.db.$client.query(
      `INSERT INTO payout_recipients (identifier, provider_id, gateway, recipient_code, currency_code, account_name, account_number, bank_code, bank_name)
       VALUES (gen_random_uuid(), $1, 'bank-file', $2, 'EUR', 'Theo Provider', 'DE89370400440532013000', '', NULL)`,
      [w.provider.userId, `EUR::DE89370400440532013000:${w.provider.userId}`],
    );
    const operator = await t.signUpOperator();
    expect((await t.api('POST', '/operator/payout-batches', operator, { currency: 'EUR' })).statusCode).toBe(201);
    const second = await insertBooking(w, {
      status: 'confirmed',
      start: '2027-04-07T09:00:00Z',
      price: 6_000,
      currency: 'EUR',
    });
    await moveClock(w, '2027-04-07T10:05:00Z');
    await t.completeEndedSessions();

    const e = await earningsOf(w.provider);
    expect(inCurrency(e, 'EUR')).toMatchObject({ available: 6_000, onItsWay: 8_000 });
    const stateOf = (id: string) => e.sessions.find((s) => s.bookingIdentifier === id)?.state;
    expect(stateOf(second.bookingId)).toBe('available');
    expect(stateOf(first.bookingId)).toBe('inPayout');
  });

  it("shows where GBP goes (the bank details' account) and the next weekly payout for a gateway currency", async () => {
    t.clock.set('2027-03-10T12:00:00Z');
    const gb = await t.signUp('provider');
    await setCountry(gb.userId, 'GB');
    const saved = await t.api('PUT', '/provider/bank-details', gb, {
      form: 'gb',
      accountName: 'Jane Smith',
      bankCode: '204514',
      bankName: 'Barclays Bank',
      accountNumber: '41234567',
      address: '10 Downing Street, London',
      postalCode: 'SW1A 2AA',
      accountType: 'checking',
      accountOwnership: 'personal',
      dateOfBirth: '1980-04-12',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const e = await earningsOf(gb);
    expect(e.currencies).toEqual([
      expect.objectContaining({
        currency: 'GBP',
        nextPayout: { plan: 'bankTransfer', date: null },
        destination: { bankName: 'Barclays Bank', accountLast4: '4567' },
      }),
    ]);

    const ng = await t.signUp('provider');
    await setCountry(ng.userId, 'NG');
    // PAYOUT_SCHEDULE is Mondays 06:00 UTC: from Wednesday 10 March 2027, Monday the 15th.
    expect((await earningsOf(ng)).currencies[0]).toMatchObject({
      currency: 'NGN',
      nextPayout: { plan: 'weekly', date: '2027-03-15T06:00:00.000Z' },
      destination: null,
    });
  });

  it("never shows another provider's sessions or money; a client gets 403, nobody 401", async () => {
    t.clock.set('2027-05-03T12:00:00Z');
    const w = await germanWorld();
    await moveClock(w, '2027-05-03T12:00:00Z');
    await insertBooking(w, { status: 'confirmed', start: '2027-05-04T09:00:00Z', price: 8_000, currency: 'EUR' });
    const other = await t.signUp('provider');
    await setCountry(other.userId, 'DE');
    const theirs = await earningsOf(other);
    expect(theirs.sessions).toEqual([]);
    expect(theirs.payouts).toEqual([]);
    expect(theirs.currencies).toEqual([expect.objectContaining({ currency: 'EUR', pending: 0, available: 0 })]);

    const asClient = await t.api('GET', '/provider/earnings', w.client);
    expect(asClient.statusCode).toBe(403);
    expect(asClient.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await t.api('GET', '/provider/earnings', undefined)).statusCode).toBe(401);
  });
});
