import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { de, en } from '@therapy/contracts/messages';
import type { ProviderBookingFees, WorkHistory } from '@therapy/contracts/practice-details';
import { expectError, validation } from '../../../test/assertions.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';
import { profileFixtures } from '../../../test/profile-test-helpers.ts';
import { createPracticeDetailsModule } from './practice-details.module.ts';

let t: TestApp;
let fx: ReturnType<typeof profileFixtures>;
beforeAll(async () => {
  t = await buildTestApp();
  fx = profileFixtures(t);
});
afterAll(async () => t.close());

const api: TestApp['api'] = (...args) => t.api(...args);
const forbidden = { message: 'You are not allowed to do this', code: 'FORBIDDEN' };
const notFound = { message: 'Not found', code: 'NOT_FOUND' };
const unknownId = '0190a6f4-0000-7000-8000-000000000000';

/** The module's face over the test database; its faces read only their own tables, so the ports are never called. */
const notUsed = (): never => {
  throw new Error('the faces do not use this port');
};
const face = () =>
  createPracticeDetailsModule(
    // A face subscribes to account deletion; these tests delete no account, so nothing is ever delivered.
    { db: t.db, events: { subscribeInTransaction: () => undefined } as never },
    { users: { findActiveUser: notUsed }, availability: { categoriesOf: notUsed }, wallet: { currencyOf: notUsed } },
  );

const job = (overrides: Record<string, unknown> = {}) => ({
  companyName: 'Harbor Clinic',
  jobTitle: 'Family Therapist',
  startDate: '2015-03',
  endDate: '2019-11',
  currentlyWorksHere: false,
  description: 'Couples and family sessions.',
  ...overrides,
});

/** A provider whose practice profile is saved (in the US, offering individual therapy). */
const provider = async (overrides: Record<string, unknown> = {}): Promise<SignedUp> => {
  const p = await t.signUp('provider');
  const res = await api('POST', '/provider/update/info', p, await fx.providerInfo(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return p;
};

describe('work history: /provider/experience', () => {
  it('adds an entry ("Work History Saved"), lists it, updates it ("Work History Updated") and deletes it', async () => {
    const p = await t.signUp('provider');
    expect((await api('GET', '/provider/experience', p)).json().data).toEqual([]);

    const added = await api('POST', '/provider/experience', p, job());
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().message).toBe('Work History Saved');
    const entry = added.json().data as WorkHistory;
    expect(entry).toEqual({ identifier: expect.any(String), ...job() });
    expect(await t.count('work_history', { provider_id: p.userId })).toBe(1);

    const updated = await api(
      'PUT',
      `/provider/experience/${entry.identifier}`,
      p,
      job({ jobTitle: 'Lead Therapist', description: '' }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().message).toBe('Work History Updated');
    expect(updated.json().data).toEqual({ ...entry, jobTitle: 'Lead Therapist', description: null });
    expect((await api('GET', '/provider/experience', p)).json().data).toEqual([updated.json().data]);

    const deleted = await api('DELETE', `/provider/experience/${entry.identifier}`, p);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().message).toBe('Work History Deleted');
    expect(await t.count('work_history', { provider_id: p.userId })).toBe(0);
    expectError(await api('DELETE', `/provider/experience/${entry.identifier}`, p), 404, notFound);
  });

  it('answers in German with x-locale: de', async () => {
    const p = await t.signUp('provider');
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/provider/experience',
      headers: { ...p.auth, 'x-locale': 'de' },
      payload: job(),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(de.workHistorySaved);
  });

  it('ticking currentlyWorksHere clears the end month, on add and on update', async () => {
    const p = await t.signUp('provider');
    const added = await api('POST', '/provider/experience', p, job({ currentlyWorksHere: true, endDate: '2019-11' }));
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data).toMatchObject({ currentlyWorksHere: true, endDate: null });
    const id = (added.json().data as WorkHistory).identifier;
    const row = await t.db.$client.query(
      'SELECT end_date, currently_works_here FROM work_history WHERE identifier = $1',
      [id],
    );
    expect(row.rows[0]).toEqual({ end_date: null, currently_works_here: true });

    const ended = await api('PUT', `/provider/experience/${id}`, p, job());
    expect(ended.json().data).toMatchObject({ currentlyWorksHere: false, endDate: '2019-11' });
    const current = await api('PUT', `/provider/experience/${id}`, p, job({ currentlyWorksHere: true }));
    expect(current.json().data).toMatchObject({ currentlyWorksHere: true, endDate: null });
  });

  it('lists current positions first, then the latest', async () => {
    const p = await t.signUp('provider');
    await api('POST', '/provider/experience', p, job({ companyName: 'Old', startDate: '2001-01', endDate: '2004-01' }));
    await api(
      'POST',
      '/provider/experience',
      p,
      job({ companyName: 'Now', startDate: '2010-01', endDate: null, currentlyWorksHere: true }),
    );
    await api(
      'POST',
      '/provider/experience',
      p,
      job({ companyName: 'Later', startDate: '2005-01', endDate: '2009-12' }),
    );
    const names = ((await api('GET', '/provider/experience', p)).json().data as WorkHistory[]).map(
      (e) => e.companyName,
    );
    expect(names).toEqual(['Now', 'Later', 'Old']);
  });

  it('accepts the first and last months of the range', async () => {
    const p = await t.signUp('provider');
    const res = await api('POST', '/provider/experience', p, job({ startDate: '1900-01', endDate: '2099-12' }));
    expect(res.statusCode, res.body).toBe(201);
  });

  const bad: Array<[string, Record<string, unknown>, string]> = [
    ['a start month 1899-12', { startDate: '1899-12' }, en.monthInvalid],
    ['a start month 2100-01', { startDate: '2100-01' }, en.monthInvalid],
    ['a start month 99-01', { startDate: '99-01' }, en.monthInvalid],
    ['an end month 1899-12', { endDate: '1899-12' }, en.monthInvalid],
    ['an end month 2100-01', { endDate: '2100-01' }, en.monthInvalid],
    ['an end month 99-01', { endDate: '99-01' }, en.monthInvalid],
    ['month 13', { startDate: '2015-13' }, en.monthInvalid],
    ['a full date', { startDate: '2015-03-01' }, en.monthInvalid],
    ['an end before the start', { startDate: '2015-03', endDate: '2015-02' }, en.endBeforeStart],
    ['no end month while not current', { endDate: null }, en.endDateRequired],
    ['an empty company name', { companyName: '   ' }, en.companyNameRequired],
    ['a company name of 101 characters', { companyName: 'x'.repeat(101) }, en.companyNameMax],
    ['an empty job title', { jobTitle: '' }, en.jobTitleRequired],
    ['a job title of 101 characters', { jobTitle: 'x'.repeat(101) }, en.jobTitleMax],
    ['a description of 1001 characters', { description: 'x'.repeat(1001) }, en.workDescriptionMax],
  ];
  it.each(bad)(
    'refuses %s with its message, on add and on update, and stores nothing',
    async (_name, overrides, text) => {
      const p = await t.signUp('provider');
      expectError(await api('POST', '/provider/experience', p, job(overrides)), 400, validation(text));
      expect(await t.count('work_history', { provider_id: p.userId })).toBe(0);
      const id = ((await api('POST', '/provider/experience', p, job())).json().data as WorkHistory).identifier;
      expectError(await api('PUT', `/provider/experience/${id}`, p, job(overrides)), 400, validation(text));
      expect((await api('GET', '/provider/experience', p)).json().data).toEqual([{ identifier: id, ...job() }]);
    },
  );

  it('refuses unknown fields (an owner, an identifier) and a missing flag', async () => {
    const p = await t.signUp('provider');
    expect((await api('POST', '/provider/experience', p, { ...job(), providerId: unknownId })).statusCode).toBe(400);
    const { currentlyWorksHere: _flag, ...noFlag } = job();
    expect((await api('POST', '/provider/experience', p, noFlag)).statusCode).toBe(400);
    expect(await t.count('work_history', { provider_id: p.userId })).toBe(0);
  });

  it("another provider's entry answers 404 to update and delete, and stays as it was; a bad id is 404 too", async () => {
    const owner = await t.signUp('provider');
    const other = await t.signUp('provider');
    const id = ((await api('POST', '/provider/experience', owner, job())).json().data as WorkHistory).identifier;
    expectError(await api('PUT', `/provider/experience/${id}`, other, job({ companyName: 'Hijack' })), 404, notFound);
    expectError(await api('DELETE', `/provider/experience/${id}`, other), 404, notFound);
    expect((await api('GET', '/provider/experience', other)).json().data).toEqual([]);
    expect((await api('GET', '/provider/experience', owner)).json().data).toEqual([{ identifier: id, ...job() }]);
    expectError(await api('PUT', `/provider/experience/${unknownId}`, owner, job()), 404, notFound);
    expect((await api('DELETE', '/provider/experience/not-a-uuid', owner)).statusCode).toBe(400);
  });

  it('is for providers only: a client gets 403, without a token 401', async () => {
    const c = await t.signUp('client');
    expectError(await api('GET', '/provider/experience', c), 403, forbidden);
    expectError(await api('POST', '/provider/experience', c, job()), 403, forbidden);
    expectError(await api('PUT', `/provider/experience/${unknownId}`, c, job()), 403, forbidden);
    expectError(await api('DELETE', `/provider/experience/${unknownId}`, c), 403, forbidden);
    expect(await t.count('work_history', { provider_id: c.userId })).toBe(0);
    expect((await api('GET', '/provider/experience', undefined)).statusCode).toBe(401);
  });
});

describe('booking fees: /provider/booking-fee', () => {
  it("sets the general fee in minor units in the provider's country's currency, and marks it free", async () => {
    const p = await provider();
    const individual = await fx.refId('therapy-category', 'individual');
    const empty = await api('GET', '/provider/booking-fee', p);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().data).toEqual({
      currencyCode: 'USD',
      general: null,
      therapies: [{ therapyCategoryIdentifier: individual, code: 'individual', name: expect.any(String), fee: null }],
    });

    const set = await api('POST', '/provider/booking-fee/general', p, { fee: 6000, isFree: false });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().message).toBe('Fee Successfully Saved');
    expect((set.json().data as ProviderBookingFees).general).toEqual({ fee: 6000, isFree: false, currencyCode: 'USD' });

    const free = await api('POST', '/provider/booking-fee/general', p, { fee: 0, isFree: true });
    expect(free.statusCode, free.body).toBe(200);
    expect((free.json().data as ProviderBookingFees).general).toEqual({ fee: 0, isFree: true, currencyCode: 'USD' });
    expect(await t.count('provider_booking_fees', { provider_id: p.userId })).toBe(1);
    expect((await api('GET', '/provider/booking-fee', p)).json().data).toEqual(free.json().data);
  });

  it('uses the currency of the country: GB pays in GBP, DE in EUR, NG in NGN', async () => {
    for (const [country, state, currency] of [
      ['GB', 'ENG', 'GBP'],
      ['DE', 'BE', 'EUR'],
      ['NG', 'LA', 'NGN'],
    ] as const) {
      const p = await provider({
        countryIdentifier: await t.countryId(country),
        stateIdentifier: await fx.stateId(country, state),
      });
      const res = await api('POST', '/provider/booking-fee/general', p, { fee: 500000, isFree: false });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        currencyCode: currency,
        general: { fee: 500000, currencyCode: currency },
      });
    }
  });

  it('sets a fee for a therapy the provider offers; feeOf charges it, else the general fee', async () => {
    const p = await provider();
    const individual = await fx.refId('therapy-category', 'individual');
    const res = await api('POST', '/provider/booking-fee/therapy', p, {
      therapyCategoryIdentifier: individual,
      fee: 9000,
      isFree: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Fee Successfully Saved');
    expect((res.json().data as ProviderBookingFees).therapies).toEqual([
      {
        therapyCategoryIdentifier: individual,
        code: 'individual',
        name: expect.any(String),
        fee: { fee: 9000, isFree: false, currencyCode: 'USD' },
      },
    ]);
    const again = await api('POST', '/provider/booking-fee/therapy', p, {
      therapyCategoryIdentifier: individual,
      fee: 0,
      isFree: true,
    });
    expect((again.json().data as ProviderBookingFees).therapies[0]!.fee).toEqual({
      fee: 0,
      isFree: true,
      currencyCode: 'USD',
    });
    expect(await t.count('provider_booking_fees', { provider_id: p.userId })).toBe(1);

    const details = face();
    expect(await details.feeOf(p.userId)).toBeNull();
    await api('POST', '/provider/booking-fee/general', p, { fee: 6000, isFree: false });
    expect(await details.feeOf(p.userId)).toEqual({ amount: 6000, currencyCode: 'USD', isFree: false });
    expect(await details.feeOf(p.userId, individual)).toEqual({ amount: 0, currencyCode: 'USD', isFree: true });
    expect(await details.feeOf(p.userId, await fx.refId('therapy-category', 'couples'))).toEqual({
      amount: 6000,
      currencyCode: 'USD',
      isFree: false,
    });
  });

  const badFees: Array<[string, unknown, string]> = [
    ['a fee with letters', '60ab', en.feeDigits],
    ['a fee as a digit string', '6000', en.feeDigits],
    ['a negative fee', -100, en.feeDigits],
    ['a fraction of a minor unit', 60.5, en.feeDigits],
    ['a fee above 10,000,000', 1_000_000_001, en.feeTooLarge],
    ['a fee beyond a bigint', 1e20, en.feeTooLarge],
  ];
  it.each(badFees)('refuses %s on both fee routes, and stores nothing', async (_name, fee, text) => {
    const p = await provider();
    const individual = await fx.refId('therapy-category', 'individual');
    expectError(await api('POST', '/provider/booking-fee/general', p, { fee, isFree: false }), 400, validation(text));
    expectError(
      await api('POST', '/provider/booking-fee/therapy', p, {
        therapyCategoryIdentifier: individual,
        fee,
        isFree: false,
      }),
      400,
      validation(text),
    );
    expect(await t.count('provider_booking_fees', { provider_id: p.userId })).toBe(0);
  });

  it('refuses a free fee that is not 0, and the upper bound itself is accepted', async () => {
    const p = await provider();
    expectError(
      await api('POST', '/provider/booking-fee/general', p, { fee: 100, isFree: true }),
      400,
      validation(en.feeFreeNotZero),
    );
    expect(await t.count('provider_booking_fees', { provider_id: p.userId })).toBe(0);
    expect(
      (await api('POST', '/provider/booking-fee/general', p, { fee: 1_000_000_000, isFree: false })).statusCode,
    ).toBe(200);
  });

  it('refuses an unknown therapy category, one the provider does not offer, and one from another list', async () => {
    const p = await provider();
    for (const therapyCategoryIdentifier of [
      unknownId,
      await fx.refId('therapy-category', 'couples'),
      await fx.refId('modality', 'online'),
      'not-a-uuid',
    ]) {
      expectError(
        await api('POST', '/provider/booking-fee/therapy', p, { therapyCategoryIdentifier, fee: 5000, isFree: false }),
        400,
        validation(en.therapyNotOffered),
      );
    }
    expect(await t.count('provider_booking_fees', { provider_id: p.userId })).toBe(0);
  });

  it('is for providers only: a client gets 403', async () => {
    const c = await t.signUp('client');
    expectError(await api('GET', '/provider/booking-fee', c), 403, forbidden);
    expectError(await api('POST', '/provider/booking-fee/general', c, { fee: 6000, isFree: false }), 403, forbidden);
    expectError(
      await api('POST', '/provider/booking-fee/therapy', c, {
        therapyCategoryIdentifier: unknownId,
        fee: 6000,
        isFree: false,
      }),
      403,
      forbidden,
    );
    expect(await t.count('provider_booking_fees', { provider_id: c.userId })).toBe(0);
  });
});

describe('licence states: /provider/license-states', () => {
  it('replaces the list with US states and reads it back by name', async () => {
    const p = await t.signUp('provider');
    expect((await api('GET', '/provider/license-states', p)).json().data).toEqual([]);
    const [ny, ca, tx] = [await fx.stateId('US', 'NY'), await fx.stateId('US', 'CA'), await fx.stateId('US', 'TX')];
    const set = await api('POST', '/provider/license-states', p, { stateIdentifiers: [ny, ca, ny] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().message).toBe(en.licenseStatesSaved);
    // Claimed, not yet reviewed (issue 45): pending and not listed until an operator approves the practice.
    expect(set.json().data).toEqual([
      { identifier: ca, code: 'CA', name: 'California', review: 'pending', listed: false },
      { identifier: ny, code: 'NY', name: 'New York', review: 'pending', listed: false },
    ]);
    const replaced = await api('POST', '/provider/license-states', p, { stateIdentifiers: [tx] });
    expect(replaced.json().data).toEqual([
      { identifier: tx, code: 'TX', name: 'Texas', review: 'pending', listed: false },
    ]);
    expect((await api('GET', '/provider/license-states', p)).json().data).toEqual(replaced.json().data);
    const details = face();
    expect(await details.listedStatesOf(p.userId)).toEqual([]);
    expect((await api('POST', '/provider/license-states', p, { stateIdentifiers: [] })).json().data).toEqual([]);
  });

  it('refuses an unknown state id, a state of another country and a malformed list; the list stays', async () => {
    const p = await t.signUp('provider');
    const ny = await fx.stateId('US', 'NY');
    await api('POST', '/provider/license-states', p, { stateIdentifiers: [ny] });
    for (const stateIdentifiers of [
      [ny, unknownId],
      [await fx.stateId('NG', 'LA')],
      ['NY'],
      'NY',
      Array.from({ length: 61 }, () => ny),
    ]) {
      expectError(
        await api('POST', '/provider/license-states', p, { stateIdentifiers }),
        400,
        validation(en.licenseStateInvalid),
      );
    }
    expect((await api('GET', '/provider/license-states', p)).json().data).toEqual([
      { identifier: ny, code: 'NY', name: 'New York', review: 'pending', listed: false },
    ]);
  });

  it('is for providers only: a client gets 403', async () => {
    const c = await t.signUp('client');
    expectError(await api('GET', '/provider/license-states', c), 403, forbidden);
    expectError(
      await api('POST', '/provider/license-states', c, { stateIdentifiers: [await fx.stateId('US', 'NY')] }),
      403,
      forbidden,
    );
    expect(await t.count('provider_license_states', { provider_id: c.userId })).toBe(0);
  });
});

describe('set-up steps', () => {
  it("'fees' is complete once the general fee is set or free; 'licenseStates' with at least one state", async () => {
    const p = await provider();
    const details = face();
    const step = (key: string) => details.setupSteps.find((s) => s.key === key)!;
    expect(details.setupSteps.map((s) => s.key)).toEqual(['fees', 'licenseStates']);
    expect(await step('fees').isComplete(p.userId)).toBe(false);
    await api('POST', '/provider/booking-fee/therapy', p, {
      therapyCategoryIdentifier: await fx.refId('therapy-category', 'individual'),
      fee: 5000,
      isFree: false,
    });
    expect(await step('fees').isComplete(p.userId)).toBe(false);
    await api('POST', '/provider/booking-fee/general', p, { fee: 0, isFree: true });
    expect(await step('fees').isComplete(p.userId)).toBe(true);

    expect(await step('licenseStates').isComplete(p.userId)).toBe(false);
    await api('POST', '/provider/license-states', p, { stateIdentifiers: [await fx.stateId('US', 'NY')] });
    expect(await step('licenseStates').isComplete(p.userId)).toBe(true);
    await api('POST', '/provider/license-states', p, { stateIdentifiers: [] });
    expect(await step('licenseStates').isComplete(p.userId)).toBe(false);
  });
});
