import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { calendarPreview, type CalendarPreview } from '@therapy/contracts/availability';
import { de, en } from '@therapy/contracts/messages';
import { expectError, validation } from '../../../test/assertions.ts';
import { bookingWorld, insertBooking } from '../../../test/booking-fixtures.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';

/** "See your calendar as clients do" before verification (issue 47): her own free times, never anyone else's. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());
beforeEach(() => t.clock.set('2026-03-23T07:59:00Z'));

const week = () =>
  ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'].map((identifier) => ({
    identifier,
    isAvailable: identifier === 'MONDAY',
    timeSlotsInterval: identifier === 'MONDAY' ? [{ startTime: '09:30', endTime: '12:20' }] : [],
  }));

/** A provider with a 50-minute hour on Mondays from 09:30 (Berlin), verified or not. */
async function providerWithPlan(verified: boolean): Promise<SignedUp> {
  return planFor(await t.signUp('provider', {}, { verified }));
}
async function planFor(provider: SignedUp): Promise<SignedUp> {
  const settings = await t.api('PUT', '/provider-availability/settings', provider, {
    timezone: 'Europe/Berlin',
    sessionLengthMinutes: 50,
    bufferMinutes: 10,
    minimumNoticeHours: 0,
  });
  expect(settings.statusCode, settings.body).toBe(200);
  const plan = await t.api('POST', '/provider-availability/days/default', provider, { days: week() });
  expect(plan.statusCode, plan.body).toBe(200);
  return provider;
}

const preview = async (who: SignedUp, date = '2026-03', query = ''): Promise<CalendarPreview> => {
  const res = await t.api('GET', `/provider/calendar-preview/${date}${query}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return calendarPreview.parse(res.json().data);
};
const starts = (cal: { items: Array<{ timeSlot: Array<{ startTime: string }> }> }) =>
  cal.items.flatMap((i) => i.timeSlot.map((s) => s.startTime));
const publicStarts = async (providerId: string, date = '2026-03') => {
  const res = await t.api('GET', `/providers-availability/${providerId}/timeslot/${date}`, undefined);
  expect(res.statusCode, res.body).toBe(200);
  return starts(res.json().data);
};
const mondays = ['2026-03-23', '2026-03-30'].flatMap((d) =>
  // 23 March is CET (UTC+1), 30 March CEST (UTC+2): 09:30, 10:30 and 11:30 in Berlin.
  (d === '2026-03-23' ? ['08:30', '09:30', '10:30'] : ['07:30', '08:30', '09:30']).map((h) => `${d}T${h}:00Z`),
);

describe('GET /provider/calendar-preview/{date}', () => {
  it('shows an unverified provider her own free times, which clients do not see yet and cannot book', async () => {
    const provider = await providerWithPlan(false);
    const cal = await preview(provider);
    expect(cal.visibleToClients).toBe(false);
    expect(cal).toMatchObject({
      providerTimezone: 'Europe/Berlin',
      firstDate: '2026-03-23',
      calendarSetupType: 'GENERAL',
    });
    expect(starts(cal)).toEqual(mondays);
    expect(cal.items.find((i) => i.date.date === '2026-03-23')?.date.isAvailable).toBe(true);
    // Clients, visitors and other providers get the public answer: no free times before verification.
    expect(await publicStarts(provider.userId)).toEqual([]);
    // Nothing can be booked from a preview: its identifiers are no timeslot identifiers.
    const client = await t.signUp('client');
    const slot = cal.items[0]!.timeSlot[0]!.identifier;
    const check = await t.api('GET', `/provider-availability/timeslot/${encodeURIComponent(slot)}`, client);
    expectError(check, 400, validation(en.timeslotInvalid));
    // Once approved, the same preview says clients see it now.
    await t.verifyProvider(provider.userId);
    expect(await preview(provider)).toMatchObject({ visibleToClients: true });
  });

  it('answers in the viewer zone and for one day, like the public calendar', async () => {
    const provider = await providerWithPlan(false);
    const day = await preview(provider, '2026-03-30', '?timezone=America/New_York');
    expect(day.timezone).toBe('America/New_York');
    expect(day.items.map((i) => i.date.date)).toEqual(['2026-03-30']);
    expect(starts(day)).toEqual(['2026-03-30T07:30:00Z', '2026-03-30T08:30:00Z', '2026-03-30T09:30:00Z']);
  });

  it('leaves out what is booked, as clients would see it, and the public calendar once verified is the same', async () => {
    const w = await bookingWorld(t);
    // 10:30-11:30 Berlin on 23 March: with the 10-minute gap the 10:30 and 11:30 sessions are taken. Inserted before
    // the plan is saved: the fixture writes the row directly, without the change signal that refreshes cached slots.
    await insertBooking(w, { status: 'confirmed', start: '2026-03-23T09:30:00Z' });
    await planFor(w.provider);
    const cal = await preview(w.provider);
    expect(cal.visibleToClients).toBe(true);
    expect(starts(cal)).toEqual(mondays.filter((s) => !['2026-03-23T09:30:00Z', '2026-03-23T10:30:00Z'].includes(s)));
    expect(await publicStarts(w.provider.userId)).toEqual(starts(cal));
  });

  it('is the signed-in provider’s own: clients get 403, visitors 401, and no one can ask for another’s', async () => {
    const provider = await providerWithPlan(false);
    const other = await providerWithPlan(false);
    const client = await t.signUp('client');
    expect((await t.api('GET', '/provider/calendar-preview/2026-03', client)).statusCode).toBe(403);
    expect((await t.api('GET', '/provider/calendar-preview/2026-03', undefined)).statusCode).toBe(401);
    // The other provider's preview is hers alone; a provider id in the query is refused, not followed.
    const theirs = await preview(other);
    expect(theirs.visibleToClients).toBe(false);
    const res = await t.api('GET', `/provider/calendar-preview/2026-03?providerId=${provider.userId}`, other);
    expect(res.statusCode).toBe(400);
  });

  it('refuses a bad date or zone with 400 and the messages of the public calendar', async () => {
    const provider = await providerWithPlan(false);
    for (const date of ['2026-13', '2026-02-30', 'march', '2026-3']) {
      const res = await t.api('GET', `/provider/calendar-preview/${date}`, provider);
      expectError(res, 400, validation(en.dateInvalid));
    }
    const zone = await t.request({
      method: 'GET',
      url: '/api/v1/provider/calendar-preview/2026-03?timezone=Mars/Olympus',
      headers: { ...provider.auth, 'accept-language': 'de' },
    });
    expect(zone.statusCode).toBe(400);
    expect(JSON.stringify(zone.json())).toContain(de.timezoneInvalid);
  });
});
