import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  availabilityCalendar,
  type AvailabilityCalendar,
  type AvailabilityDayInput,
  type CustomDay,
  type WeeklyPlan,
} from '@therapy/contracts/availability';
import { de, en } from '@therapy/contracts/messages';
import { expectError, validation } from '../../../test/assertions.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';
import { buildApp } from '../../app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const day = (
  identifier: AvailabilityDayInput['identifier'],
  isAvailable: boolean,
  ...intervals: Array<[string, string]>
): AvailabilityDayInput => ({
  identifier,
  isAvailable,
  timeSlotsInterval: intervals.map(([startTime, endTime]) => ({ startTime, endTime })),
});
const week = (overrides: AvailabilityDayInput[] = []): AvailabilityDayInput[] =>
  (['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const).map(
    (d) => overrides.find((o) => o.identifier === d) ?? day(d, false, ['09:00', '18:00']),
  );
/** Every row of a provider's plan, to show a refused request changed nothing. */
const planRows = async (providerId: string) =>
  (
    await t.db.$client.query(
      `SELECT d.category_id, d.weekday, d.date, d.is_available, i.start_minute, i.end_minute
         FROM availability_days d LEFT JOIN availability_intervals i ON i.day_id = d.identifier
        WHERE d.provider_id = $1 ORDER BY d.weekday, d.date, i.start_minute`,
      [providerId],
    )
  ).rows;
const settingsBody = { timezone: 'Europe/Berlin', sessionLengthMinutes: 60, bufferMinutes: 0, minimumNoticeHours: 0 };
const calendar = async (providerId: string, path = '', query = '') => {
  const res = await t.api('GET', `/providers-availability/${providerId}/timeslot${path}${query}`, undefined);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  // The route sends a cached, already serialised body: the contract's shape is checked here instead.
  return availabilityCalendar.parse(res.json().data);
};
const startsOn = (cal: AvailabilityCalendar, date: string) =>
  cal.items.find((i) => i.date.date === date)?.timeSlot.map((s) => s.startTime) ?? [];
const therapyIds = async (...codes: string[]) =>
  (
    await t.db.$client.query<{ identifier: string }>(
      `SELECT identifier FROM reference_items WHERE list = 'therapy-category' AND code = ANY($1) ORDER BY code`,
      [codes],
    )
  ).rows.map((r) => r.identifier);
const giveTherapies = async (providerId: string, ids: string[]) => {
  for (const id of ids) {
    await t.db.$client.query(
      `INSERT INTO provider_profile_items (user_id, list, item_id) VALUES ($1, 'therapy-category', $2)`,
      [providerId, id],
    );
  }
};

// Monday 23 March 2026, 07:59 UTC: Berlin is still on CET (UTC+1) until Sunday 29 March; New York is on EDT (UTC-4).
beforeEach(() => t.clock.set('2026-03-23T07:59:00Z'));

describe('weekly plan', () => {
  let provider: SignedUp;
  beforeEach(async () => {
    provider = await t.signUp('provider');
  });

  it('starts with 09:00-18:00 on weekdays and the weekend unavailable', async () => {
    const res = await t.api('GET', '/provider-availability/days/default', provider);
    expect(res.statusCode).toBe(200);
    const plan = res.json().data as WeeklyPlan;
    expect(plan.categoryIdentifier).toBeNull();
    expect(plan.days.map((d) => [d.identifier, d.isAvailable])).toEqual([
      ['MONDAY', true],
      ['TUESDAY', true],
      ['WEDNESDAY', true],
      ['THURSDAY', true],
      ['FRIDAY', true],
      ['SATURDAY', false],
      ['SUNDAY', false],
    ]);
    expect(
      plan.days.every(
        (d) => JSON.stringify(d.timeslotIntervals) === JSON.stringify([{ startTime: '09:00', endTime: '18:00' }]),
      ),
    ).toBe(true);
  });

  it('saves intervals and unavailable days, and keeps the intervals of an unavailable day', async () => {
    const res = await t.api('POST', '/provider-availability/days/default', provider, {
      days: [
        day('MONDAY', true, ['13:00', '17:00'], ['09:00', '12:00']),
        day('TUESDAY', false, ['10:00', '11:00']),
        day('SUNDAY', true, ['20:00', '24:00']),
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(en.dataSaved);
    const plan = (await t.api('GET', '/provider-availability/days/default', provider)).json().data as WeeklyPlan;
    expect(plan.days[0]).toEqual({
      identifier: 'MONDAY',
      isAvailable: true,
      timeslotIntervals: [
        { startTime: '09:00', endTime: '12:00' },
        { startTime: '13:00', endTime: '17:00' },
      ],
    });
    expect(plan.days[1]).toEqual({
      identifier: 'TUESDAY',
      isAvailable: false,
      timeslotIntervals: [{ startTime: '10:00', endTime: '11:00' }],
    });
    expect(plan.days[6]).toEqual({
      identifier: 'SUNDAY',
      isAvailable: true,
      timeslotIntervals: [{ startTime: '20:00', endTime: '24:00' }],
    });
    // Days not sent keep their plan (here: the default).
    expect(plan.days[2]!.isAvailable).toBe(true);
    expect(await t.count('availability_days', { provider_id: provider.userId })).toBe(3);
  });

  const bad: Array<[string, AvailabilityDayInput[] | unknown, string]> = [
    ['overlapping intervals', [day('MONDAY', true, ['09:00', '12:00'], ['11:00', '13:00'])], en.intervalsOverlap],
    ['an interval that ends before it starts', [day('MONDAY', true, ['12:00', '09:00'])], en.intervalEndAfterStart],
    ['an empty interval', [day('MONDAY', true, ['09:00', '09:00'])], en.intervalEndAfterStart],
    ['a time that is no clock time', [day('MONDAY', true, ['9am', '12:00'])], en.intervalTimeInvalid],
    ['a minute past 59', [day('MONDAY', true, ['09:60', '12:00'])], en.intervalTimeInvalid],
    ['seconds', [day('MONDAY', true, ['09:30:00', '12:00'])], en.intervalTimeInvalid],
    [
      'overlapping intervals to the minute',
      [day('MONDAY', true, ['09:30', '12:07'], ['12:06', '13:00'])],
      en.intervalsOverlap,
    ],
    ['an interval past midnight', [day('MONDAY', true, ['22:00', '25:00'])], en.intervalPastMidnight],
    [
      'an interval starting at midnight of the next day',
      [day('MONDAY', true, ['24:00', '25:00'])],
      en.intervalPastMidnight,
    ],
    ['an available day without intervals', [day('MONDAY', true)], en.intervalRequired],
    ['a weekday twice', [day('MONDAY', true, ['09:00', '10:00']), day('MONDAY', false)], en.weekdayDuplicate],
    ['an unknown weekday', [{ identifier: 'FUNDAY', isAvailable: false, timeSlotsInterval: [] }], en.weekdayInvalid],
    ['no days at all', [], en.weekdayInvalid],
  ];
  it.each(bad)('refuses %s with its message and changes nothing', async (_name, days, message) => {
    await t.api('POST', '/provider-availability/days/default', provider, {
      days: [day('MONDAY', true, ['08:00', '10:00'])],
    });
    const before = await planRows(provider.userId);
    const res = await t.api('POST', '/provider-availability/days/default', provider, { days });
    expectError(res, 400, validation(message));
    expect(await planRows(provider.userId)).toEqual(before);
  });

  it('refuses an unknown category, and the category plan without a category', async () => {
    const [unknown] = await therapyIds('individual');
    const res = await t.api('POST', '/provider-availability/days/recurring', provider, {
      categoryIdentifier: unknown,
      days: week(),
    });
    expectError(res, 400, validation(en.categoryUnknown));
    const none = await t.api('POST', '/provider-availability/days/recurring', provider, { days: week() });
    expectError(none, 400, validation(en.therapyRequired));
    expectError(
      await t.api('GET', '/provider-availability/days/recurring?category=not-a-uuid', provider),
      400,
      validation(en.categoryUnknown),
    );
    expect(await planRows(provider.userId)).toEqual([]);
  });

  it('refuses server-owned and unknown fields', async () => {
    const res = await t.api('POST', '/provider-availability/days/default', provider, {
      days: [{ ...day('MONDAY', false), providerId: provider.userId }],
    });
    expect(res.statusCode).toBe(400);
    expect(await planRows(provider.userId)).toEqual([]);
  });

  it('is for providers: a client gets 403, nobody signed in 401', async () => {
    const client = await t.signUp('client');
    expect((await t.api('POST', '/provider-availability/days/default', client, { days: week() })).statusCode).toBe(403);
    expect((await t.api('GET', '/provider-availability/settings', undefined)).statusCode).toBe(401);
    expect(await planRows(client.userId)).toEqual([]);
  });

  it('serialises 20 concurrent saves: one whole plan wins, never a mix, never a duplicate day', async () => {
    const saves = Array.from({ length: 20 }, (_, k) =>
      t.api('POST', '/provider-availability/days/default', provider, {
        days: week([
          day('MONDAY', true, [`${String(k).padStart(2, '0')}:00`, '21:00']),
          day('TUESDAY', true, [`${String(k).padStart(2, '0')}:00`, '22:00']),
        ]),
      }),
    );
    const results = await Promise.all(saves);
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const rows = await planRows(provider.userId);
    expect(rows).toHaveLength(7);
    const monday = rows.find((r) => r.weekday === 1)!;
    const tuesday = rows.find((r) => r.weekday === 2)!;
    expect(monday.start_minute).toBe(tuesday.start_minute);
  });

  it('the database refuses overlapping intervals of one day even without the service', async () => {
    await t.api('POST', '/provider-availability/days/default', provider, {
      days: [day('MONDAY', true, ['09:00', '12:00'])],
    });
    const { rows } = await t.db.$client.query<{ identifier: string }>(
      'SELECT identifier FROM availability_days WHERE provider_id = $1',
      [provider.userId],
    );
    await expect(
      t.db.$client.query(
        'INSERT INTO availability_intervals (identifier, day_id, start_minute, end_minute) VALUES (gen_random_uuid(), $1, 660, 720)',
        [rows[0]!.identifier],
      ),
    ).rejects.toThrow(/availability_intervals_no_overlap/);
    await expect(
      t.db.$client.query(
        'INSERT INTO availability_intervals (identifier, day_id, start_minute, end_minute) VALUES (gen_random_uuid(), $1, 1380, 1500)',
        [rows[0]!.identifier],
      ),
    ).rejects.toThrow(/availability_intervals_bounds/);
  });
});

describe('settings', () => {
  it('reads the defaults and saves valid settings', async () => {
    const provider = await t.signUp('provider');
    const before = (await t.api('GET', '/provider-availability/settings', provider)).json().data;
    // A new provider has no zone yet: the web app saves the browser's (decision 0054).
    expect(before).toMatchObject({
      timezoneSaved: false,
      sessionLengthMinutes: 60,
      bufferMinutes: 0,
      minimumNoticeHours: 12,
      calendarSetupType: 'GENERAL',
      horizonDays: 60,
    });
    const res = await t.api('PUT', '/provider-availability/settings', provider, {
      timezone: 'America/New_York',
      sessionLengthMinutes: 45,
      bufferMinutes: 15,
      minimumNoticeHours: 24,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      timezone: 'America/New_York',
      timezoneSaved: true,
      sessionLengthMinutes: 45,
      bufferMinutes: 15,
      minimumNoticeHours: 24,
      calendarSetupType: 'GENERAL',
      horizonDays: 60,
    });
  });

  it('takes any whole minutes: a 50-minute session with a 10-minute gap, and the limits 15/180 and 0/120', async () => {
    const provider = await t.signUp('provider');
    for (const [sessionLengthMinutes, bufferMinutes] of [
      [50, 10],
      [17, 3],
      [15, 0],
      [180, 120],
    ] as const) {
      const res = await t.api('PUT', '/provider-availability/settings', provider, {
        timezone: 'Europe/Berlin',
        sessionLengthMinutes,
        bufferMinutes,
        minimumNoticeHours: 0,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ sessionLengthMinutes, bufferMinutes });
    }
  });

  it('the database refuses a session over 180 minutes, whatever the code does', async () => {
    const provider = await t.signUp('provider');
    await t.api('PUT', '/provider-availability/settings', provider, settingsBody);
    await expect(
      t.db.$client.query('UPDATE availability_settings SET session_minutes = 181 WHERE provider_id = $1', [
        provider.userId,
      ]),
    ).rejects.toThrow(/availability_settings_session/);
  });

  it.each([
    [{ timezone: 'Mars/Olympus_Mons' }, en.timezoneInvalid],
    [{ sessionLengthMinutes: 14 }, en.sessionLengthInvalid],
    [{ sessionLengthMinutes: 0 }, en.sessionLengthInvalid],
    [{ sessionLengthMinutes: 181 }, en.sessionLengthInvalid],
    [{ sessionLengthMinutes: 50.5 }, en.sessionLengthInvalid],
    [{ sessionLengthMinutes: '50' }, en.sessionLengthInvalid],
    [{ bufferMinutes: 121 }, en.bufferInvalid],
    [{ bufferMinutes: 7.5 }, en.bufferInvalid],
    [{ bufferMinutes: -5 }, en.bufferInvalid],
    [{ minimumNoticeHours: 169 }, en.noticeInvalid],
    [{ minimumNoticeHours: 1.5 }, en.noticeInvalid],
    [{ minimumNoticeHours: '12' }, en.noticeInvalid],
  ])('refuses %j', async (change, message) => {
    const provider = await t.signUp('provider');
    const res = await t.api('PUT', '/provider-availability/settings', provider, { ...settingsBody, ...change });
    expectError(res, 400, validation(message));
    expect(await t.count('availability_settings', { provider_id: provider.userId })).toBe(0);
  });
});

describe('custom days', () => {
  let provider: SignedUp;
  beforeEach(async () => {
    provider = await t.signUp('provider');
    await t.api('PUT', '/provider-availability/settings', provider, settingsBody);
  });

  it('adds, replaces, lists and deletes a custom day', async () => {
    const add = await t.api('POST', '/provider-availability/days/custom', provider, {
      date: '2026-03-25',
      isAvailable: true,
      timeSlotsInterval: [{ startTime: '10:00', endTime: '14:00' }],
    });
    expect(add.statusCode, add.body).toBe(201);
    const again = await t.api('POST', '/provider-availability/days/custom', provider, {
      date: '2026-03-25',
      isAvailable: false,
      timeSlotsInterval: [],
    });
    expect(again.statusCode).toBe(201);
    const list = (await t.api('GET', '/provider-availability/days/custom', provider)).json().data as CustomDay[];
    expect(list).toEqual([
      {
        identifier: again.json().data.identifier,
        date: '2026-03-25',
        categoryIdentifier: null,
        isAvailable: false,
        timeslotIntervals: [],
      },
    ]);
    const del = await t.api('DELETE', `/provider-availability/days/custom/${list[0]!.identifier}`, provider);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ message: en.customDayDeleted });
    expect(await t.count('availability_days', { provider_id: provider.userId })).toBe(0);
  });

  it.each([
    ['a date in the past', '2026-03-22', en.customDayPast],
    ['a date past the horizon', '2026-05-23', en.customDayBeyondHorizon],
    ['a date that does not exist', '2026-02-30', en.dateInvalid],
    ['no date format', '25.03.2026', en.dateInvalid],
  ])('refuses %s', async (_name, date, message) => {
    const res = await t.api('POST', '/provider-availability/days/custom', provider, {
      date,
      isAvailable: true,
      timeSlotsInterval: [{ startTime: '10:00', endTime: '14:00' }],
    });
    expectError(res, 400, validation(message));
    expect(await planRows(provider.userId)).toEqual([]);
  });

  it("accepts the last day of the horizon and today, in the provider's zone", async () => {
    for (const date of ['2026-03-23', '2026-05-22']) {
      const res = await t.api('POST', '/provider-availability/days/custom', provider, {
        date,
        isAvailable: false,
        timeSlotsInterval: [],
      });
      expect(res.statusCode, `${date}: ${res.body}`).toBe(201);
    }
  });

  it("never deletes another provider's custom day: 404, and the day stays", async () => {
    const other = await t.signUp('provider');
    await t.api('PUT', '/provider-availability/settings', other, settingsBody);
    const theirs = (
      await t.api('POST', '/provider-availability/days/custom', other, {
        date: '2026-03-26',
        isAvailable: false,
        timeSlotsInterval: [],
      })
    ).json().data as CustomDay;
    expectError(await t.api('DELETE', `/provider-availability/days/custom/${theirs.identifier}`, provider), 404, {
      message: en.notFound,
      code: 'NOT_FOUND',
    });
    expect(await t.count('availability_days', { identifier: theirs.identifier })).toBe(1);
    expect(
      (await t.api('DELETE', '/provider-availability/days/custom/00000000-0000-0000-0000-000000000000', provider))
        .statusCode,
    ).toBe(404);
  });
});

describe('timeslots as a client sees them', () => {
  let provider: SignedUp;
  beforeEach(async () => {
    provider = await t.signUp('provider', {}, { verified: true });
    await t.api('PUT', '/provider-availability/settings', provider, settingsBody);
    await t.api('POST', '/provider-availability/days/default', provider, {
      days: week([
        day('MONDAY', true, ['09:00', '12:00'], ['13:00', '17:00']),
        day('WEDNESDAY', true, ['09:00', '10:00']),
      ]),
    });
  });

  it('cuts Monday into hourly slots, converted across the Berlin DST change, grouped in New York dates', async () => {
    const cal = await calendar(provider.userId, '/2026-03', '?timezone=America/New_York');
    expect(cal).toMatchObject({
      timezone: 'America/New_York',
      providerTimezone: 'Europe/Berlin',
      calendarSetupType: 'GENERAL',
      firstDate: '2026-03-23',
      lastDate: '2026-05-22',
    });
    expect(cal.items.map((i) => i.date.date)).toEqual(Array.from({ length: 9 }, (_, k) => `2026-03-${23 + k}`));
    // 23 March: CET, 09:00 Berlin = 08:00Z (now is a minute before it, with no notice, so it counts).
    expect(startsOn(cal, '2026-03-23')).toEqual(
      ['08', '09', '10', '12', '13', '14', '15'].map((h) => `2026-03-23T${h}:00:00Z`),
    );
    // 30 March: CEST, 09:00 Berlin = 07:00Z.
    expect(startsOn(cal, '2026-03-30')).toEqual(
      ['07', '08', '09', '11', '12', '13', '14'].map((h) => `2026-03-30T${h}:00:00Z`),
    );
    expect(cal.items.find((i) => i.date.date === '2026-03-24')).toMatchObject({
      date: { isAvailable: false },
      timeSlot: [],
    });
    expect(
      cal.items.every((i) => i.timeSlot.every((s) => Date.parse(s.endTime) - Date.parse(s.startTime) === 3_600_000)),
    ).toBe(true);
  });

  it('offers the 50-minute hour: 50 minutes with a 10-minute gap from 09:30 and from 13:05, local on both sides of DST', async () => {
    await t.api('PUT', '/provider-availability/settings', provider, {
      ...settingsBody,
      sessionLengthMinutes: 50,
      bufferMinutes: 10,
    });
    await t.api('POST', '/provider-availability/days/default', provider, {
      days: week([day('MONDAY', true, ['09:30', '12:20'], ['13:05', '15:00'])]),
    });
    const cal = await calendar(provider.userId, '/2026-03');
    // 09:30, 10:30, 11:30 (ends 12:20, the interval's end), then 13:05 and 14:05 (ends 14:55) in the afternoon.
    const berlin = (iso: string) =>
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit' }).format(
        new Date(iso),
      );
    for (const date of ['2026-03-23', '2026-03-30']) {
      const slots = cal.items.find((i) => i.date.date === date)!.timeSlot;
      expect(slots.map((s) => berlin(s.startTime))).toEqual(['09:30', '10:30', '11:30', '13:05', '14:05']);
      expect(slots.every((s) => Date.parse(s.endTime) - Date.parse(s.startTime) === 50 * 60_000)).toBe(true);
    }
    expect(startsOn(cal, '2026-03-23')[0]).toBe('2026-03-23T08:30:00Z');
    expect(startsOn(cal, '2026-03-30')[0]).toBe('2026-03-30T07:30:00Z');
  });

  it("groups by the viewer's date: a slot after midnight in Tokyo belongs to the next date there", async () => {
    const cal = await calendar(provider.userId, '/2026-03-25', '?timezone=Asia/Tokyo');
    // Wednesday 09:00 Berlin = 08:00Z = 17:00 in Tokyo on the 25th; Tuesday's nothing.
    expect(cal.items).toEqual([
      {
        date: { date: '2026-03-25', isAvailable: true },
        timeSlot: [expect.objectContaining({ startTime: '2026-03-25T08:00:00Z' })],
      },
    ]);
  });

  it('applies notice, custom days, and changes at once (no stale cache)', async () => {
    await t.api('PUT', '/provider-availability/settings', provider, { ...settingsBody, minimumNoticeHours: 3 });
    expect(startsOn(await calendar(provider.userId, '/2026-03-23'), '2026-03-23')).toEqual(
      ['12', '13', '14', '15'].map((h) => `2026-03-23T${h}:00:00Z`),
    );
    await t.api('POST', '/provider-availability/days/custom', provider, {
      date: '2026-03-25',
      isAvailable: true,
      timeSlotsInterval: [{ startTime: '10:00', endTime: '14:00' }],
    });
    expect(startsOn(await calendar(provider.userId, '/2026-03-25'), '2026-03-25')).toEqual(
      ['09', '10', '11', '12'].map((h) => `2026-03-25T${h}:00:00Z`),
    );
    await t.api('POST', '/provider-availability/days/custom', provider, {
      date: '2026-03-25',
      isAvailable: false,
      timeSlotsInterval: [],
    });
    const closed = await calendar(provider.userId, '/2026-03-25');
    expect(closed.items).toEqual([{ date: { date: '2026-03-25', isAvailable: false }, timeSlot: [] }]);
  });

  it('moves with the clock: slots that pass the notice go, the horizon moves on', async () => {
    const first = startsOn(await calendar(provider.userId, '/2026-03-23'), '2026-03-23');
    t.clock.set('2026-03-23T10:30:00Z');
    const later = startsOn(await calendar(provider.userId, '/2026-03-23'), '2026-03-23');
    expect(first).toHaveLength(7);
    expect(later).toEqual(['12', '13', '14', '15'].map((h) => `2026-03-23T${h}:00:00Z`));
  });

  it('gives nothing outside the range and 404 for a provider that is not one', async () => {
    expect((await calendar(provider.userId, '/2026-07')).items).toEqual([]);
    expect((await calendar(provider.userId, '/2026-03-01')).items).toEqual([]);
    const client = await t.signUp('client');
    expectError(await t.api('GET', `/providers-availability/${client.userId}/timeslot`, undefined), 404, {
      message: en.notFound,
      code: 'NOT_FOUND',
    });
    expectError(
      await t.api('GET', '/providers-availability/00000000-0000-0000-0000-000000000000/timeslot', undefined),
      404,
      { message: en.notFound, code: 'NOT_FOUND' },
    );
    expectError(
      await t.api('GET', `/providers-availability/${provider.userId}/timeslot/2026-13`, undefined),
      400,
      validation(en.dateInvalid),
    );
    expectError(
      await t.api('GET', `/providers-availability/${provider.userId}/timeslot?timezone=Nowhere/Town`, undefined),
      400,
      validation(en.timezoneInvalid),
    );
  });

  it('takes a zone in any spelling Intl knows and answers it under its canonical name, one answer for all spellings', async () => {
    const url = (zone: string) =>
      `/providers-availability/${provider.userId}/timeslot/2026-03?timezone=${encodeURIComponent(zone)}`;
    const canonical = await t.api('GET', url('America/New_York'), undefined);
    expect(canonical.statusCode, canonical.body).toBe(200);
    for (const spelling of ['US/Eastern', 'america/new_york', 'AMERICA/NEW_YORK', 'EST5EDT']) {
      const res = await t.api('GET', url(spelling), undefined);
      expect(res.statusCode, spelling).toBe(200);
      expect(res.body, spelling).toBe(canonical.body);
    }
    // Browsers name some zones as IANA does now; Intl's list keeps the older name.
    expect((await calendar(provider.userId, '/2026-03', '?timezone=Asia/Kolkata')).timezone).toBe('Asia/Calcutta');
    expect((await calendar(provider.userId, '/2026-03', '?timezone=Etc/UTC')).timezone).toBe('UTC');
  });

  it('refuses a zone that is not one with 400, in English and German', async () => {
    expect([en.timezoneInvalid, de.timezoneInvalid]).toEqual([
      'Choose a valid time zone',
      'Wähle eine gültige Zeitzone',
    ]);
    // An offset Intl accepts is no zone; neither is a name with a space, nor an empty one.
    for (const zone of ['Nowhere/Town', 'Mars/Olympus_Mons', '+01:00', 'GMT+1', 'Europe/Berlin ', '', 'x'.repeat(65)]) {
      const url = `/api/v1/providers-availability/${provider.userId}/timeslot?timezone=${encodeURIComponent(zone)}`;
      expectError(await t.request({ method: 'GET', url }), 400, validation(en.timezoneInvalid));
      expectError(
        await t.request({ method: 'GET', url, headers: { 'x-locale': 'de' } }),
        400,
        validation(de.timezoneInvalid),
      );
    }
  });

  it('signs slot identifiers: genuine ones check out, tampered ones are refused', async () => {
    const client = await t.signUp('client');
    const slot = (await calendar(provider.userId, '/2026-03-30')).items[0]!.timeSlot[0]!;
    const ok = await t.api('GET', `/provider-availability/timeslot/${encodeURIComponent(slot.identifier)}`, client);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toEqual({
      ...slot,
      providerIdentifier: provider.userId,
      categoryIdentifier: null,
      isAvailable: true,
    });

    // Another start with the old signature, a broken signature, a truncated and an over-long identifier.
    const bytes = Buffer.from(slot.identifier, 'base64url');
    const moved = Buffer.from(bytes);
    moved.writeUInt32BE(moved.readUInt32BE(17) - 60, 17);
    const badMac = Buffer.from(bytes);
    badMac[badMac.length - 1]! ^= 1;
    const forged = [
      moved.toString('base64url'),
      badMac.toString('base64url'),
      slot.identifier.slice(0, -4),
      `${slot.identifier}AAAA`,
      'x'.repeat(300),
      'not.a/slot',
    ];
    for (const id of forged) {
      const res = await t.api('GET', `/provider-availability/timeslot/${encodeURIComponent(id)}`, client);
      expectError(res, 400, validation(en.timeslotInvalid));
    }
    // Past the router's limit on a path parameter: still the error envelope, still a 4xx.
    expectError(await t.api('GET', `/provider-availability/timeslot/${'x'.repeat(600)}`, client), 414, {
      message: en.malformedRequest,
      code: 'BAD_REQUEST',
    });
    const [category] = await therapyIds('individual');
    expectError(
      await t.api(
        'GET',
        `/provider-availability/timeslot/${encodeURIComponent(slot.identifier)}?category=${category}`,
        client,
      ),
      400,
      validation(en.timeslotInvalid),
    );
    expect(
      (await t.api('GET', `/provider-availability/timeslot/${encodeURIComponent(slot.identifier)}`, undefined))
        .statusCode,
    ).toBe(401);

    // The provider closes that Monday: the identifier is still genuine, but the slot is gone.
    await t.api('POST', '/provider-availability/days/custom', provider, {
      date: '2026-03-30',
      isAvailable: false,
      timeSlotsInterval: [],
    });
    expect(
      (await t.api('GET', `/provider-availability/timeslot/${encodeURIComponent(slot.identifier)}`, client)).json().data
        .isAvailable,
    ).toBe(false);
  });

  it("another provider's writes never touch this plan", async () => {
    const other = await t.signUp('provider');
    const before = await planRows(provider.userId);
    await t.api('POST', '/provider-availability/days/default', other, { days: week() });
    await t.api('PUT', '/provider-availability/settings', other, { ...settingsBody, timezone: 'Asia/Tokyo' });
    expect(await planRows(provider.userId)).toEqual(before);
    expect((await calendar(provider.userId)).providerTimezone).toBe('Europe/Berlin');
  });
});

describe('two instances on one database', () => {
  it('a write on one instance drops the cached slots of the other (LISTEN/NOTIFY)', async () => {
    const second = await buildApp({ config: t.config, db: t.db, clock: t.clock, logger: false });
    try {
      const provider = await t.signUp('provider', {}, { verified: true });
      await t.api('PUT', '/provider-availability/settings', provider, settingsBody);
      const url = `/api/v1/providers-availability/${provider.userId}/timeslot/2026-03-30`;
      const slotsOnSecond = async () =>
        ((await second.inject({ method: 'GET', url })).json().data as AvailabilityCalendar).items[0]!.timeSlot.length;
      // Wait until the second instance listens, then fill its cache.
      await expect.poll(async () => (await second.inject({ method: 'GET', url })).statusCode).toBe(200);
      expect(await slotsOnSecond()).toBe(9);
      await t.api('POST', '/provider-availability/days/custom', provider, {
        date: '2026-03-30',
        isAvailable: true,
        timeSlotsInterval: [{ startTime: '09:00', endTime: '11:00' }],
      });
      await expect.poll(slotsOnSecond, { timeout: 5000 }).toBe(2);
    } finally {
      await second.close();
    }
  });
});

describe('set-up by category', () => {
  it('keeps one plan per therapy and asks for the therapy before it shows slots', async () => {
    const provider = await t.signUp('provider', {}, { verified: true });
    const [couples, individual] = await therapyIds('couples', 'individual');
    await giveTherapies(provider.userId, [couples!, individual!]);
    await t.api('PUT', '/provider-availability/settings', provider, settingsBody);

    const setup = await t.api('POST', '/provider/availability-setting', provider, { calendarSetupType: 'BY_CATEGORY' });
    expect(setup.statusCode, setup.body).toBe(200);
    expect(
      setup
        .json()
        .data.categories.map((c: { identifier: string }) => c.identifier)
        .sort(),
    ).toEqual([couples, individual].sort());

    const saved = await t.api('POST', '/provider-availability/days/recurring', provider, {
      categoryIdentifier: couples,
      days: week([day('MONDAY', true, ['18:00', '20:00'])]),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.api('POST', `/provider/availability-setting?category=${individual}`, provider, {
      calendarSetupType: 'BY_CATEGORY',
      days: week([day('MONDAY', true, ['09:00', '10:00'])]),
    });

    expect((await calendar(provider.userId, '/2026-03-30')).items).toEqual([]);
    expect(startsOn(await calendar(provider.userId, '/2026-03-30', `?category=${couples}`), '2026-03-30')).toEqual([
      '2026-03-30T16:00:00Z',
      '2026-03-30T17:00:00Z',
    ]);
    expect(startsOn(await calendar(provider.userId, '/2026-03-30', `?category=${individual}`), '2026-03-30')).toEqual([
      '2026-03-30T07:00:00Z',
    ]);
    const [other] = await therapyIds('family');
    expectError(
      await t.api('GET', `/providers-availability/${provider.userId}/timeslot?category=${other}`, undefined),
      400,
      validation(en.categoryUnknown),
    );
    const setting = await t.api('GET', `/provider/availability-setting?category=${couples}`, provider);
    expect(setting.json().data.plan.days[0]).toEqual({
      identifier: 'MONDAY',
      isAvailable: true,
      timeslotIntervals: [{ startTime: '18:00', endTime: '20:00' }],
    });
  });

  it('refuses BY_CATEGORY without therapies and an unknown set-up type', async () => {
    const provider = await t.signUp('provider');
    expectError(
      await t.api('POST', '/provider/availability-setting', provider, { calendarSetupType: 'BY_CATEGORY' }),
      400,
      validation(en.therapyRequired),
    );
    expectError(
      await t.api('POST', '/provider/availability-setting', provider, { calendarSetupType: 'SOMETIMES' }),
      400,
      validation(en.calendarSetupTypeInvalid),
    );
    expect(await t.count('availability_settings', { provider_id: provider.userId })).toBe(0);
  });
});

describe('public provider summary', () => {
  it('shows a provider and 404s anyone else', async () => {
    const provider = await t.signUp('provider');
    const res = await t.api('GET', `/providers/${provider.userId}`, undefined);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ identifier: provider.userId, therapies: [], photoUrl: null });
    const client = await t.signUp('client');
    expectError(await t.api('GET', `/providers/${client.userId}`, undefined), 404, {
      message: en.notFound,
      code: 'NOT_FOUND',
    });
  });
});
