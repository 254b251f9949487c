import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarView, type CalendarView } from '@therapy/contracts/calendar-view';
import { de, en } from '@therapy/contracts/messages';
import { expectError, validation } from '../../../../test/assertions.ts';
import { bookingWorld, insertBooking, moveClock, slotAt, type World } from '../../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../../test/harness.ts';

/**
 * The provider's calendar to look at (issue 47): one read of a date range with bookings, requests, holds and blocked
 * days in the provider's zone; bad ranges are 400s; another provider sees nothing of it. And the 50-minute hour
 * through the booking paths: a client books 09:30, the provider moves it through the reschedule rules.
 */
let t: TestApp;
let w: World;
// A Monday, 07:00 London time (the world's provider works weekdays in Europe/London, no notice).
const NOW = '2027-03-01T07:00:00.000Z';

const view = async (query: string, who = w.provider) => t.api('GET', `/provider/calendar-view?${query}`, who);
const read = async (query: string, who = w.provider): Promise<CalendarView> => {
  const res = await view(query, who);
  expect(res.statusCode, res.body).toBe(200);
  return calendarView.parse(res.json().data);
};

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(NOW);
  w = await bookingWorld(t);
  await moveClock(w, NOW);
}, 60_000);
afterAll(async () => t?.close());

describe('GET /provider/calendar-view', () => {
  it('shows bookings, requests and live holds of the range, each as its kind, and the days off', async () => {
    const confirmed = await insertBooking(w, { status: 'confirmed', start: '2027-03-02T09:00:00.000Z' });
    const requested = await insertBooking(w, { status: 'requested', start: '2027-03-03T10:00:00.000Z' });
    const held = await insertBooking(w, { status: 'pending', start: '2027-03-04T11:00:00.000Z' });
    const cancelled = await insertBooking(w, { status: 'cancelled', start: '2027-03-04T13:00:00.000Z' });
    // Outside the range (the next Monday, London time): not shown.
    const later = await insertBooking(w, { status: 'confirmed', start: '2027-03-08T09:00:00.000Z' });
    const off = await t.api('POST', '/provider-availability/days/custom', w.provider, {
      date: '2027-03-05',
      isAvailable: false,
      timeSlotsInterval: [],
    });
    expect(off.statusCode, off.body).toBe(201);

    const cal = await read('from=2027-03-01&to=2027-03-08');
    expect(cal).toMatchObject({ timezone: 'Europe/London', from: '2027-03-01', to: '2027-03-08' });
    expect(cal.events.map((e) => [e.identifier, e.kind, e.startTime])).toEqual([
      [confirmed.bookingId, 'booking', '2027-03-02T09:00:00.000Z'],
      [requested.bookingId, 'request', '2027-03-03T10:00:00.000Z'],
      [held.bookingId, 'hold', '2027-03-04T11:00:00.000Z'],
    ]);
    expect(cal.events.map((e) => e.identifier)).not.toContain(cancelled.bookingId);
    expect(cal.events.map((e) => e.identifier)).not.toContain(later.bookingId);
    expect(cal.events[0]).toMatchObject({
      endTime: '2027-03-02T10:00:00.000Z',
      therapy: { identifier: w.categoryId },
      reschedulePending: false,
      remainingProviderReschedule: 3,
    });
    expect(cal.events[0]!.clientName.length).toBeGreaterThan(0);
    expect(cal.blocked).toEqual([
      { identifier: off.json().data.identifier, date: '2027-03-05', categoryIdentifier: null },
    ]);

    // A hold whose payment time ran out frees its time: it is gone at once, before the minute's job marks it.
    await moveClock(w, '2027-03-01T07:31:00.000Z');
    expect((await read('from=2027-03-01&to=2027-03-08')).events.map((e) => e.kind)).toEqual(['booking', 'request']);
    await moveClock(w, NOW);
  });

  it("cuts the range at midnight in the provider's zone, not UTC", async () => {
    const provider = await t.signUp('provider', {}, { verified: true });
    await t.api('PUT', '/provider-availability/settings', provider, {
      timezone: 'America/New_York',
      sessionLengthMinutes: 50,
      bufferMinutes: 10,
      minimumNoticeHours: 0,
    });
    const other: World = { ...w, provider };
    // 2027-03-10 23:30 in New York is 03:30Z on the 11th: it belongs to the 10th there.
    const late = await insertBooking(other, { status: 'confirmed', start: '2027-03-11T03:30:00.000Z' });
    expect((await read('from=2027-03-10&to=2027-03-11', provider)).events.map((e) => e.identifier)).toEqual([
      late.bookingId,
    ]);
    expect((await read('from=2027-03-11&to=2027-03-12', provider)).events).toEqual([]);
  });

  it('gives another provider nothing of yours, and is for providers only', async () => {
    await insertBooking(w, { status: 'confirmed', start: '2027-03-16T09:00:00.000Z' });
    const stranger = await t.signUp('provider');
    const theirs = await read('from=2027-03-15&to=2027-03-22', stranger);
    expect(theirs.events).toEqual([]);
    expect(theirs.blocked).toEqual([]);
    expect((await read('from=2027-03-15&to=2027-03-22')).events).toHaveLength(1);
    expect((await view('from=2027-03-15&to=2027-03-22', w.client)).statusCode).toBe(403);
    expect((await t.api('GET', '/provider/calendar-view?from=2027-03-15&to=2027-03-22', undefined)).statusCode).toBe(
      401,
    );
  });

  it.each([
    ['an end before the start', 'from=2027-03-08&to=2027-03-01', en.calendarRangeOrder],
    ['an empty range', 'from=2027-03-08&to=2027-03-08', en.calendarRangeOrder],
    ['a range of 43 days', 'from=2027-03-01&to=2027-04-13', en.calendarRangeTooLong],
    ['a date that is none', 'from=2027-02-30&to=2027-03-08', en.dateInvalid],
    ['no end', 'from=2027-03-01', en.dateInvalid],
    ['an unknown field', 'from=2027-03-01&to=2027-03-08&provider=x', undefined],
  ])('refuses %s with 400', async (_name, query, message) => {
    const res = await view(query);
    expect(res.statusCode, res.body).toBe(400);
    if (message) expectError(res, 400, validation(message));
  });

  it('takes 42 days, and says the range rule in German', async () => {
    expect((await view('from=2027-03-01&to=2027-04-12')).statusCode).toBe(200);
    const res = await t.request({
      method: 'GET',
      url: '/api/v1/provider/calendar-view?from=2027-03-01&to=2027-05-01',
      headers: { ...w.provider.auth, 'accept-language': 'de' },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(de.calendarRangeTooLong);
  });
});

describe('the 50-minute hour through the booking paths', () => {
  it('a client books the 09:30 session of a 50 + 10 plan; the provider moves it through the reschedule rules', async () => {
    const provider = await t.signUp('provider', {}, { verified: true });
    const settings = await t.api('PUT', '/provider-availability/settings', provider, {
      timezone: 'Europe/London',
      sessionLengthMinutes: 50,
      bufferMinutes: 10,
      minimumNoticeHours: 0,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const weekday = (identifier: string) => ({
      identifier,
      isAvailable: true,
      timeSlotsInterval: [{ startTime: '09:30', endTime: '13:30' }],
    });
    const plan = await t.api('POST', '/provider-availability/days/default', provider, {
      days: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'].map(weekday),
    });
    expect(plan.statusCode, plan.body).toBe(200);
    await t.db.$client.query(
      `INSERT INTO provider_profile_items (user_id, list, item_id) SELECT $1, list, identifier FROM reference_items WHERE list IN ('therapy-category', 'modality') ON CONFLICT DO NOTHING`,
      [provider.userId],
    );
    const fee = await t.api('POST', '/provider/booking-fee/general', provider, { fee: 25_000, isFree: false });
    expect(fee.statusCode, fee.body).toBe(200);
    const online = (
      await t.db.$client.query<{ id: string }>(
        `SELECT identifier AS id FROM reference_items WHERE list = 'modality' AND code = 'online'`,
      )
    ).rows[0]!.id;

    // Tuesday 2 March 2027 (GMT): 09:30, 10:30, 11:30, 12:30, each 50 minutes.
    const day = async () =>
      (await t.api('GET', `/providers-availability/${provider.userId}/timeslot/2027-03-02`, undefined)).json().data
        .items[0].timeSlot as Array<{ startTime: string; endTime: string }>;
    expect((await day()).map((s) => [s.startTime, s.endTime])).toEqual([
      ['2027-03-02T09:30:00Z', '2027-03-02T10:20:00Z'],
      ['2027-03-02T10:30:00Z', '2027-03-02T11:20:00Z'],
      ['2027-03-02T11:30:00Z', '2027-03-02T12:20:00Z'],
      ['2027-03-02T12:30:00Z', '2027-03-02T13:20:00Z'],
    ]);
    const booked = await t.api('POST', '/booking', w.client, {
      modalityIdentifier: online,
      therapyIdentifier: w.categoryId,
      timeslotIdentifier: await slotAt(t, provider.userId, '2027-03-02T09:30:00Z'),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const id = booked.json().data.identifier as string;
    expect(booked.json().data).toMatchObject({
      startTime: '2027-03-02T09:30:00.000Z',
      endTime: '2027-03-02T10:20:00.000Z',
    });
    // The gap after the booking ends at 10:30: the next session is still offered, the booked one is not.
    expect((await day()).map((s) => s.startTime)).toEqual([
      '2027-03-02T10:30:00Z',
      '2027-03-02T11:30:00Z',
      '2027-03-02T12:30:00Z',
    ]);
    expect((await read('from=2027-03-01&to=2027-03-08', provider)).events).toMatchObject([
      { identifier: id, kind: 'hold', startTime: '2027-03-02T09:30:00.000Z', endTime: '2027-03-02T10:20:00.000Z' },
    ]);

    // The provider moves it to 11:30 (what the calendar's drag sends): the reschedule endpoint's rules apply.
    const moved = await t.api('POST', `/appointment/${id}/reschedule`, provider, {
      timeslotIdentifier: await slotAt(t, provider.userId, '2027-03-02T11:30:00Z'),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await read('from=2027-03-01&to=2027-03-08', provider);
    // Within 48 hours of the session, but it is not confirmed (a hold): applied at once.
    expect(after.events).toMatchObject([{ identifier: id, startTime: '2027-03-02T11:30:00.000Z' }]);
    expect((await day()).map((s) => s.startTime)).toEqual([
      '2027-03-02T09:30:00Z',
      '2027-03-02T10:30:00Z',
      '2027-03-02T12:30:00Z',
    ]);
    // A time the plan does not offer (10:00 is between the 50 + 10 steps) has no slot to send at all.
    await expect(slotAt(t, provider.userId, '2027-03-02T10:00:00Z')).rejects.toThrow(/no slot at/);
  });
});
