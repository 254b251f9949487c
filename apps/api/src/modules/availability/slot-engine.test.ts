import { tzOffset } from '@date-fns/tz';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  MINUTE_MS,
  addDays,
  computeSlots,
  dayWindows,
  isoWeekday,
  localDate,
  offsetShape,
  planSlots,
  wallToInstant,
  type DayPlan,
  type Interval,
  type SlotPlan,
} from './slot-engine.ts';

/*
 * The slot engine is pure, so these tests need no app and no database. The references below read wall clocks through
 * Intl directly (not through the engine's offset helper) and filter slots the slow, obvious way.
 */

const HOUR_MS = 60 * MINUTE_MS;
const YEARS = { min: Date.UTC(2025, 0, 1), max: Date.UTC(2027, 11, 31, 23, 59, 59, 999) };
const QUARTER_MS = 15 * MINUTE_MS;
const zones = [
  'UTC',
  'Europe/Berlin',
  'America/New_York',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
  'America/Sao_Paulo',
  'Pacific/Chatham',
] as const;

// ---------------------------------------------------------------- independent references

const wallFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall clock an instant shows in a zone, written as if it were UTC (epoch ms), read by Intl. */
function wallAt(timezone: string, instant: number): number {
  let format = wallFormats.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallFormats.set(timezone, format);
  }
  const p: Record<string, number> = {};
  for (const part of format.formatToParts(instant)) p[part.type] = Number(part.value);
  const ms = ((instant % 1000) + 1000) % 1000;
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!, ms);
}

/**
 * The first instant whose wall clock shows `wall` or later: a wall time's first occurrence, or the end of the gap it
 * falls in. Every offset and every change of these zones lies on a quarter hour, so a quarter-hour scan comes within
 * a quarter of it, and a minute scan of that quarter finds it (plans are to the minute).
 */
function firstInstantShowing(timezone: string, wall: number): number {
  for (let t = wall - 15 * HOUR_MS; t <= wall + 15 * HOUR_MS; t += QUARTER_MS) {
    if (wallAt(timezone, t) < wall) continue;
    for (let m = t - QUARTER_MS + MINUTE_MS; m < t; m += MINUTE_MS) if (wallAt(timezone, m) >= wall) return m;
    return t;
  }
  throw new Error(`no instant shows ${new Date(wall).toISOString()} in ${timezone}`);
}

const wallOf = (date: string, minute: number): number => Date.parse(`${date}T00:00:00Z`) + minute * MINUTE_MS;

/** Offset changes of a zone in 2025-2027, to the minute (day scan, then bisection). */
function offsetChanges(timezone: string): number[] {
  const offset = (t: number) => wallAt(timezone, t) - t;
  const changes: number[] = [];
  for (let day = YEARS.min; day < YEARS.max; day += DAY_MS) {
    if (offset(day) === offset(day + DAY_MS)) continue;
    let lo = day;
    let hi = day + DAY_MS;
    while (hi - lo > MINUTE_MS) {
      const mid = lo + Math.floor((hi - lo) / (2 * MINUTE_MS)) * MINUTE_MS;
      if (offset(mid) === offset(lo)) lo = mid;
      else hi = mid;
    }
    changes.push(hi);
  }
  return changes;
}
const changesOf = new Map<string, number[]>(zones.map((z) => [z, offsetChanges(z)]));

const overlaps = (a: Interval, b: Interval): boolean => a.start < b.end && b.start < a.end;
const iso = (slots: readonly Interval[]): string[] => slots.map((s) => new Date(s.start).toISOString());

// ---------------------------------------------------------------- plans

const day = (...intervals: Array<[string, string]>): DayPlan => ({
  isAvailable: true,
  intervals: intervals.map(([from, to]) => [clock(from), clock(to)] as const),
});
const closed: DayPlan = { isAvailable: false, intervals: [[9 * 60, 17 * 60]] };
function clock(value: string): number {
  const [h, m] = value.split(':').map(Number);
  return h! * 60 + m!;
}

function plan(
  timezone: string,
  weekly: DayPlan | ReadonlyArray<DayPlan | undefined>,
  overrides: Partial<SlotPlan> = {},
): SlotPlan {
  return {
    timezone,
    weekly: Array.isArray(weekly) ? weekly : [undefined, ...Array<DayPlan>(7).fill(weekly as DayPlan)],
    custom: new Map(),
    sessionMinutes: 60,
    bufferMinutes: 0,
    noticeMinutes: 0,
    horizonDays: 60,
    ...overrides,
  };
}

/** A gap or length in minutes: often whole hours or the 5-minute picker grid, sometimes any minute (decision 0054). */
const minutesArb = (maxHours: number, min: number) =>
  fc.oneof(
    fc.integer({ min: Math.ceil(min / 60), max: maxHours }).map((h) => h * 60),
    fc.integer({ min: Math.ceil(min / 5), max: maxHours * 12 }).map((k) => k * 5),
    fc.integer({ min, max: maxHours * 60 }),
  );

/** 0-4 intervals within the day, to the minute, in random order; neighbours may touch. */
const dayPlanArb: fc.Arbitrary<DayPlan> = fc
  .record({
    isAvailable: fc.boolean(),
    pieces: fc.array(fc.tuple(minutesArb(6, 0), minutesArb(10, 1)), { maxLength: 4 }),
    reversed: fc.boolean(),
  })
  .map(({ isAvailable, pieces, reversed }) => {
    const intervals: Array<readonly [number, number]> = [];
    let minute = 0;
    for (const [gap, length] of pieces) {
      const start = minute + gap;
      if (start + length > 24 * 60) break;
      intervals.push([start, start + length]);
      minute = start + length;
    }
    return { isAvailable, intervals: reversed ? intervals.reverse() : intervals };
  });

/** Session lengths of any whole minutes from 15 to 180, the odd ones of the issue often. */
const sessionArb = fc.oneof(fc.constantFrom(17, 50, 95, 180), fc.integer({ min: 15, max: 180 }));
/** Gaps after a session of 0 to 120 whole minutes. */
const gapArb = fc.oneof(fc.constantFrom(0, 3, 10, 15), fc.integer({ min: 0, max: 120 }));

/** Any instant of 2025-2027, or one near an offset change of the zone, or one whose horizon ends near a change. */
function nowArb(timezone: string): fc.Arbitrary<number> {
  const changes = changesOf.get(timezone)!;
  const any = fc.integer(YEARS);
  if (changes.length === 0) return any;
  const change = fc.constantFrom(...changes);
  return fc.oneof(
    any,
    fc.tuple(change, fc.integer({ min: -3 * DAY_MS, max: 3 * DAY_MS })).map(([c, d]) => c + d),
    fc.tuple(change, fc.integer({ min: -2 * DAY_MS, max: 2 * DAY_MS })).map(([c, d]) => c - 60 * DAY_MS + d),
  );
}

/** Busy intervals from a day before `now` to 61 days after; often on the 5-minute grid all slot edges lie on. */
const busyArb = fc.array(
  fc.record({
    startMinute: fc.oneof(
      fc.integer({ min: -288, max: 61 * 288 }).map((k) => k * 5),
      fc.integer({ min: -1440, max: 61 * 1440 }),
    ),
    startJitterMs: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: MINUTE_MS - 1 })),
    lengthMinutes: fc.oneof(
      fc.integer({ min: 1, max: 48 }).map((k) => k * 5),
      fc.integer({ min: 1, max: 600 }),
    ),
  }),
  { maxLength: 300 },
);

const scenarioArb = fc.constantFrom(...zones).chain((timezone) =>
  fc.record({
    timezone: fc.constant(timezone),
    now: nowArb(timezone),
    weekly: fc.array(fc.option(dayPlanArb, { nil: undefined, freq: 8 }), { minLength: 7, maxLength: 7 }),
    custom: fc.array(fc.tuple(fc.integer({ min: -2, max: 62 }), dayPlanArb), { maxLength: 20 }),
    sessionMinutes: sessionArb,
    bufferMinutes: gapArb,
    noticeMinutes: fc.integer({ min: 0, max: 168 }).map((k) => k * 60),
    busy: busyArb,
  }),
);
type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;

function build(s: Scenario): { plan: SlotPlan; busy: Interval[] } {
  const today = localDate(s.timezone, s.now);
  const aligned = Math.floor(s.now / (5 * MINUTE_MS)) * 5 * MINUTE_MS;
  return {
    plan: {
      timezone: s.timezone,
      weekly: [undefined, ...s.weekly],
      custom: new Map(s.custom.map(([offset, dayPlan]) => [addDays(today, offset), dayPlan])),
      sessionMinutes: s.sessionMinutes,
      bufferMinutes: s.bufferMinutes,
      noticeMinutes: s.noticeMinutes,
      horizonDays: 60,
    },
    busy: s.busy.map((b) => {
      const start = aligned + b.startMinute * MINUTE_MS + b.startJitterMs;
      return { start, end: start + b.lengthMinutes * MINUTE_MS };
    }),
  };
}

function fail(message: string, slot: Interval): never {
  throw new Error(`${message}: ${new Date(slot.start).toISOString()} - ${new Date(slot.end).toISOString()}`);
}

// ---------------------------------------------------------------- properties

describe('computeSlots, for random plans, bookings and instants', () => {
  it('offers only slots inside the plan, free, within notice and horizon, and every such slot', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const { plan: p, busy } = build(s);
        const slots = computeSlots(p, busy, s.now);
        const session = p.sessionMinutes * MINUTE_MS;
        const pad = p.bufferMinutes * MINUTE_MS;
        const from = s.now + p.noticeMinutes * MINUTE_MS;
        const to = s.now + p.horizonDays * DAY_MS;
        const blocked = busy.map((b) => ({ start: b.start - pad, end: b.end + pad }));
        const windows = new Map<string, Interval[]>();
        const windowsOf = (date: string) => {
          let list = windows.get(date);
          if (!list) windows.set(date, (list = dayWindows(p, date)));
          return list;
        };

        let previous: Interval | undefined;
        for (const slot of slots) {
          if (slot.end - slot.start !== session) fail('slot of the wrong length', slot);
          const date = localDate(p.timezone, slot.start);
          const inside = [-1, 0, 1].some((d) =>
            windowsOf(addDays(date, d)).some((w) => w.start <= slot.start && slot.end <= w.end),
          );
          if (!inside) fail('slot outside every window of the plan', slot);
          if (blocked.some((b) => overlaps(b, slot))) fail('slot meets a busy interval or its buffer', slot);
          if (slot.start < from) fail('slot before now + notice', slot);
          if (slot.end > to) fail('slot after now + horizon', slot);
          if (previous && slot.start < previous.end) fail('slot not after the previous one', slot);
          previous = slot;
        }

        // Completeness: every planned slot of a wider range of dates that the window and the bookings allow.
        const planned = planSlots(p, addDays(localDate(p.timezone, s.now), -3), p.horizonDays + 7);
        const expected = planned.filter(
          (slot) => slot.start >= from && slot.end <= to && !blocked.some((b) => overlaps(b, slot)),
        );
        expect(iso(slots)).toEqual(iso(expected));
      }),
      { numRuns: 300 },
    );
  });

  it('cuts each interval at the first instant its wall times are shown (DST-safe, checked against Intl)', () => {
    const dateArb = fc.constantFrom(...zones).chain((timezone) => {
      const changes = changesOf.get(timezone)!;
      const anyDay = fc.integer({ min: 0, max: 3 * 365 }).map((d) => addDays('2025-01-01', d));
      const nearChange =
        changes.length === 0
          ? anyDay
          : fc
              .tuple(fc.constantFrom(...changes), fc.integer({ min: -1, max: 1 }))
              .map(([c, d]) => addDays(new Date(wallAt(timezone, c)).toISOString().slice(0, 10), d));
      return fc.record({
        timezone: fc.constant(timezone),
        date: fc.oneof({ arbitrary: nearChange, weight: 3 }, { arbitrary: anyDay, weight: 1 }),
        day: dayPlanArb.map((d) => ({ ...d, isAvailable: true })),
      });
    });
    fc.assert(
      fc.property(dateArb, ({ timezone, date, day: d }) => {
        const p = plan(timezone, [], { custom: new Map([[date, d]]) });
        const expected = [...d.intervals]
          .sort((a, b) => a[0] - b[0])
          .map(([a, b]) => ({
            start: firstInstantShowing(timezone, wallOf(date, a)),
            end: firstInstantShowing(timezone, wallOf(date, b)),
          }))
          .filter((w) => w.end > w.start);
        expect(dayWindows(p, date)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('wallToInstant takes the first occurrence of a wall time, and moves a skipped one forward by the gap', () => {
    const arb = fc.constantFrom(...zones.filter((z) => changesOf.get(z)!.length > 0)).chain((timezone) =>
      fc.record({
        timezone: fc.constant(timezone),
        change: fc.constantFrom(...changesOf.get(timezone)!),
        quarters: fc.integer({ min: -16, max: 16 }),
      }),
    );
    fc.assert(
      fc.property(arb, ({ timezone, change, quarters }) => {
        const wall = Math.floor(wallAt(timezone, change) / QUARTER_MS) * QUARTER_MS + quarters * QUARTER_MS;
        const first = firstInstantShowing(timezone, wall);
        const instant = wallToInstant(timezone, wall);
        if (wallAt(timezone, first) === wall) {
          expect(instant).toBe(first);
        } else {
          // Skipped: `first` is where the clocks jumped; the gap is the offset after it minus the offset before.
          const gap = wallAt(timezone, first) - first - (wallAt(timezone, first - 1) - (first - 1));
          expect(gap).toBeGreaterThan(0);
          expect(wallAt(timezone, instant)).toBe(wall + gap);
        }
      }),
      { numRuns: 300 },
    );
  });
});

// ---------------------------------------------------------------- examples (hand-computed UTC instants)

const morning = day(['09:00', '12:00']);
const slotsOn = (p: SlotPlan, date: string) => iso(planSlots(p, date, 1));

describe('the 50-minute hour: odd lengths with a gap, across DST in Berlin and New York', () => {
  // The four 2026 changes: spring and autumn in each zone. Dates run from three days before to three days after.
  const dstDays = [
    ['Europe/Berlin', '2026-03-29'],
    ['Europe/Berlin', '2026-10-25'],
    ['America/New_York', '2026-03-08'],
    ['America/New_York', '2026-11-01'],
  ] as const;
  const arb = fc.constantFrom(...dstDays).chain(([timezone, change]) =>
    fc.record({
      timezone: fc.constant(timezone),
      change: fc.constant(change),
      sessionMinutes: sessionArb,
      bufferMinutes: gapArb,
      // One interval a day, from 06:00 on (clear of the night the clocks change), to the minute.
      startMinute: fc.oneof(fc.constantFrom(9 * 60, 9 * 60 + 30), fc.integer({ min: 6 * 60, max: 14 * 60 })),
      lengthMinutes: fc.integer({ min: 15, max: 10 * 60 }),
      // Bookings of other lengths (made before the settings changed), anywhere in the week, to the minute.
      bookings: fc.array(
        fc.record({
          dayOffset: fc.integer({ min: -3, max: 3 }),
          minute: fc.integer({ min: 0, max: 1439 }),
          length: fc.integer({ min: 1, max: 240 }),
        }),
        { maxLength: 12 },
      ),
    }),
  );

  it('no slot overlaps another or a booking and its gap, every slot lies in the plan, local starts are as configured', () => {
    fc.assert(
      fc.property(arb, (s) => {
        const end = Math.min(s.startMinute + s.lengthMinutes, 24 * 60);
        const p = plan(s.timezone, day(['00:00', '00:01']), {
          weekly: [undefined, ...Array<DayPlan>(7).fill({ isAvailable: true, intervals: [[s.startMinute, end]] })],
          sessionMinutes: s.sessionMinutes,
          bufferMinutes: s.bufferMinutes,
        });
        const firstDate = addDays(s.change, -3);
        // A week before the first date: every date of the week lies well inside notice (0) and horizon.
        const now = Date.parse(`${addDays(firstDate, -7)}T12:00:00Z`);
        const busy = s.bookings.map((b) => {
          const start = firstInstantShowing(s.timezone, wallOf(addDays(s.change, b.dayOffset), b.minute));
          return { start, end: start + b.length * MINUTE_MS };
        });
        const gap = s.bufferMinutes * MINUTE_MS;
        const step = s.sessionMinutes + s.bufferMinutes;
        const slots = computeSlots(p, busy, now).filter((slot) => {
          const date = localDate(s.timezone, slot.start);
          return date >= firstDate && date <= addDays(s.change, 3);
        });

        for (const [k, slot] of slots.entries()) {
          const next = slots[k + 1];
          if (next && next.start < slot.end + gap) fail('slot within the gap after the one before', next);
          if (busy.some((b) => overlaps({ start: b.start - gap, end: b.end + gap }, slot)))
            fail('slot meets a booking or its gap', slot);
          // Local wall times, read by Intl: inside the interval, and a whole number of steps from its start.
          const date = localDate(s.timezone, slot.start);
          const from = (wallAt(s.timezone, slot.start) - wallOf(date, 0)) / MINUTE_MS;
          const to = (wallAt(s.timezone, slot.end) - wallOf(date, 0)) / MINUTE_MS;
          if (from < s.startMinute || to > end) fail('slot outside the plan', slot);
          if ((from - s.startMinute) % step !== 0)
            fail(`slot not a whole number of ${step}-minute steps from the start`, slot);
          if (to - from !== s.sessionMinutes) fail('slot of the wrong local length', slot);
        }

        // Every date offers exactly the configured local starts that fit and that no booking (with its gap) meets.
        for (let d = -3; d <= 3; d += 1) {
          const date = addDays(s.change, d);
          const expected: string[] = [];
          for (let at = s.startMinute; at + s.sessionMinutes <= end; at += step) {
            const start = firstInstantShowing(s.timezone, wallOf(date, at));
            const slot = { start, end: start + s.sessionMinutes * MINUTE_MS };
            if (!busy.some((b) => overlaps({ start: b.start - gap, end: b.end + gap }, slot)))
              expected.push(new Date(start).toISOString());
          }
          expect(iso(slots.filter((slot) => localDate(s.timezone, slot.start) === date))).toEqual(expected);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('09:30, 50 minutes and a 10-minute gap: 09:30, 10:30, 11:30 local before and after the Berlin spring change', () => {
    const p = plan('Europe/Berlin', day(['09:30', '12:30']), { sessionMinutes: 50, bufferMinutes: 10 });
    expect(slotsOn(p, '2026-03-28')).toEqual([
      '2026-03-28T08:30:00.000Z',
      '2026-03-28T09:30:00.000Z',
      '2026-03-28T10:30:00.000Z',
    ]);
    expect(slotsOn(p, '2026-03-30')).toEqual([
      '2026-03-30T07:30:00.000Z',
      '2026-03-30T08:30:00.000Z',
      '2026-03-30T09:30:00.000Z',
    ]);
  });

  it('a 60-minute booking made before the change to 50 + 10 blocks the slots it and its gap meet', () => {
    // 09:00-13:00 UTC in 50 + 10: 09:00, 10:00, 11:00, 12:00. A booking 10:30-11:30 with the 10-minute gap blocks
    // 10:20-11:40: the 10:00 and 11:00 slots go.
    const p = plan('UTC', day(['09:00', '13:00']), { sessionMinutes: 50, bufferMinutes: 10 });
    const busy = [{ start: Date.parse('2026-03-10T10:30:00Z'), end: Date.parse('2026-03-10T11:30:00Z') }];
    const slots = iso(computeSlots(p, busy, Date.parse('2026-03-09T12:00:00Z'))).filter((x) =>
      x.startsWith('2026-03-10'),
    );
    expect(slots).toEqual(['2026-03-10T09:00:00.000Z', '2026-03-10T12:00:00.000Z']);
    // A 95-minute session ending at 10:55: the 11:00 slot is within its 10-minute gap, 12:00 is clear.
    const long = [{ start: Date.parse('2026-03-10T09:20:00Z'), end: Date.parse('2026-03-10T10:55:00Z') }];
    expect(
      iso(computeSlots(p, long, Date.parse('2026-03-09T12:00:00Z'))).filter((x) => x.startsWith('2026-03-10')),
    ).toEqual(['2026-03-10T12:00:00.000Z']);
  });
});

describe('daylight saving time', () => {
  it('keeps 09:00-12:00 local around the Berlin spring change (2026-03-29, CET to CEST)', () => {
    const p = plan('Europe/Berlin', morning);
    expect(slotsOn(p, '2026-03-28')).toEqual([
      '2026-03-28T08:00:00.000Z',
      '2026-03-28T09:00:00.000Z',
      '2026-03-28T10:00:00.000Z',
    ]);
    expect(slotsOn(p, '2026-03-29')).toEqual([
      '2026-03-29T07:00:00.000Z',
      '2026-03-29T08:00:00.000Z',
      '2026-03-29T09:00:00.000Z',
    ]);
    expect(slotsOn(p, '2026-03-30')).toEqual([
      '2026-03-30T07:00:00.000Z',
      '2026-03-30T08:00:00.000Z',
      '2026-03-30T09:00:00.000Z',
    ]);
    // The same local hour comes 23 real hours after the day before.
    expect(Date.parse('2026-03-29T07:00:00Z') - Date.parse('2026-03-28T08:00:00Z')).toBe(23 * HOUR_MS);
  });

  it('keeps 09:00-12:00 local around the Berlin autumn change (2026-10-25, CEST to CET)', () => {
    const p = plan('Europe/Berlin', morning);
    expect(slotsOn(p, '2026-10-24')).toEqual([
      '2026-10-24T07:00:00.000Z',
      '2026-10-24T08:00:00.000Z',
      '2026-10-24T09:00:00.000Z',
    ]);
    expect(slotsOn(p, '2026-10-25')).toEqual([
      '2026-10-25T08:00:00.000Z',
      '2026-10-25T09:00:00.000Z',
      '2026-10-25T10:00:00.000Z',
    ]);
    expect(slotsOn(p, '2026-10-26')).toEqual([
      '2026-10-26T08:00:00.000Z',
      '2026-10-26T09:00:00.000Z',
      '2026-10-26T10:00:00.000Z',
    ]);
  });

  it('keeps 09:00-12:00 local around the New York spring change (2026-03-08, EST to EDT)', () => {
    const p = plan('America/New_York', morning);
    expect(slotsOn(p, '2026-03-07')).toEqual([
      '2026-03-07T14:00:00.000Z',
      '2026-03-07T15:00:00.000Z',
      '2026-03-07T16:00:00.000Z',
    ]);
    expect(slotsOn(p, '2026-03-08')).toEqual([
      '2026-03-08T13:00:00.000Z',
      '2026-03-08T14:00:00.000Z',
      '2026-03-08T15:00:00.000Z',
    ]);
    expect(slotsOn(p, '2026-03-09')).toEqual([
      '2026-03-09T13:00:00.000Z',
      '2026-03-09T14:00:00.000Z',
      '2026-03-09T15:00:00.000Z',
    ]);
  });

  it('keeps 09:00-12:00 local around the New York autumn change (2026-11-01, EDT to EST)', () => {
    const p = plan('America/New_York', morning);
    expect(slotsOn(p, '2026-10-31')).toEqual([
      '2026-10-31T13:00:00.000Z',
      '2026-10-31T14:00:00.000Z',
      '2026-10-31T15:00:00.000Z',
    ]);
    expect(slotsOn(p, '2026-11-01')).toEqual([
      '2026-11-01T14:00:00.000Z',
      '2026-11-01T15:00:00.000Z',
      '2026-11-01T16:00:00.000Z',
    ]);
    expect(slotsOn(p, '2026-11-02')).toEqual([
      '2026-11-02T14:00:00.000Z',
      '2026-11-02T15:00:00.000Z',
      '2026-11-02T16:00:00.000Z',
    ]);
    expect(Date.parse('2026-11-01T14:00:00Z') - Date.parse('2026-10-31T13:00:00Z')).toBe(25 * HOUR_MS);
  });

  it('gives only the hours that really pass in 01:00-04:00 on a spring change night', () => {
    // Berlin: 01:00 CET = 00:00Z, the clocks jump 02:00 -> 03:00 at 01:00Z, 04:00 CEST = 02:00Z.
    expect(dayWindows(plan('Europe/Berlin', day(['01:00', '04:00'])), '2026-03-29')).toEqual([
      { start: Date.parse('2026-03-29T00:00:00Z'), end: Date.parse('2026-03-29T02:00:00Z') },
    ]);
    expect(slotsOn(plan('Europe/Berlin', day(['01:00', '04:00'])), '2026-03-29')).toEqual([
      '2026-03-29T00:00:00.000Z',
      '2026-03-29T01:00:00.000Z',
    ]);
    // New York: 01:00 EST = 06:00Z, 04:00 EDT = 08:00Z.
    expect(slotsOn(plan('America/New_York', day(['01:00', '04:00'])), '2026-03-08')).toEqual([
      '2026-03-08T06:00:00.000Z',
      '2026-03-08T07:00:00.000Z',
    ]);
  });

  it('gives 4 real hours in 01:00-04:00 on an autumn change night', () => {
    // Berlin: 01:00 CEST = 23:00Z the day before, 02:00-03:00 passes twice, 04:00 CET = 03:00Z.
    expect(slotsOn(plan('Europe/Berlin', day(['01:00', '04:00'])), '2026-10-25')).toEqual([
      '2026-10-24T23:00:00.000Z',
      '2026-10-25T00:00:00.000Z',
      '2026-10-25T01:00:00.000Z',
      '2026-10-25T02:00:00.000Z',
    ]);
    // New York: 01:00 EDT = 05:00Z, 01:00-02:00 passes twice, 04:00 EST = 09:00Z.
    expect(slotsOn(plan('America/New_York', day(['01:00', '04:00'])), '2026-11-01')).toEqual([
      '2026-11-01T05:00:00.000Z',
      '2026-11-01T06:00:00.000Z',
      '2026-11-01T07:00:00.000Z',
      '2026-11-01T08:00:00.000Z',
    ]);
  });

  it('ends an interval where the clocks jump past it when a gap does not start on the hour (Chatham)', () => {
    // Pacific/Chatham, 2026-09-27: 02:45 (+12:45) jumps to 03:45 (+13:45) at 14:00Z on the 26th. 02:00-03:00 really
    // lasts 02:00-02:45 (13:15Z-14:00Z); 03:00-04:00 only 03:45-04:00 (14:00Z-14:15Z).
    const p = plan('Pacific/Chatham', day(['02:00', '03:00'], ['03:00', '04:00']), { sessionMinutes: 15 });
    expect(dayWindows(p, '2026-09-27')).toEqual([
      { start: Date.parse('2026-09-26T13:15:00Z'), end: Date.parse('2026-09-26T14:00:00Z') },
      { start: Date.parse('2026-09-26T14:00:00Z'), end: Date.parse('2026-09-26T14:15:00Z') },
    ]);
    const oneHour = plan('Pacific/Chatham', day(['02:00', '03:00']));
    expect(slotsOn(oneHour, '2026-09-27')).toEqual([]);
  });

  it('converts a wall time that does not exist forward by the gap, and a repeated one to its first occurrence', () => {
    expect(new Date(wallToInstant('Europe/Berlin', Date.parse('2026-03-29T02:30:00Z'))).toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    ); // 03:30 CEST
    expect(new Date(wallToInstant('Europe/Berlin', Date.parse('2026-10-25T02:30:00Z'))).toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    ); // CEST, not CET
    expect(new Date(wallToInstant('America/New_York', Date.parse('2026-03-08T02:30:00Z'))).toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    ); // 03:30 EDT
    expect(new Date(wallToInstant('America/New_York', Date.parse('2026-11-01T01:30:00Z'))).toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    ); // EDT
    expect(new Date(wallToInstant('Europe/Berlin', Date.parse('2026-07-01T09:00:00Z'))).toISOString()).toBe(
      '2026-07-01T07:00:00.000Z',
    );
  });
});

describe('plans, buffers and bookings', () => {
  // Weekdays 09:00-12:00, weekends free; all in UTC, so wall time is the instant.
  const weekdays = [undefined, morning, morning, morning, morning, morning, undefined, undefined];

  it('lets a custom day replace the weekly plan, also on a day the week leaves free', () => {
    const p = plan('UTC', weekdays, {
      custom: new Map([
        ['2026-03-09', day(['14:00', '16:00'])], // a Monday
        ['2026-03-15', day(['10:00', '11:00'])], // a Sunday
      ]),
    });
    expect(slotsOn(p, '2026-03-09')).toEqual(['2026-03-09T14:00:00.000Z', '2026-03-09T15:00:00.000Z']);
    expect(slotsOn(p, '2026-03-15')).toEqual(['2026-03-15T10:00:00.000Z']);
    expect(slotsOn(p, '2026-03-10')).toEqual([
      '2026-03-10T09:00:00.000Z',
      '2026-03-10T10:00:00.000Z',
      '2026-03-10T11:00:00.000Z',
    ]);
  });

  it('removes a date a custom day marks unavailable', () => {
    const p = plan('UTC', weekdays, { custom: new Map([['2026-03-11', closed]]) });
    expect(slotsOn(p, '2026-03-11')).toEqual([]);
    expect(dayWindows(p, '2026-03-11')).toEqual([]);
    expect(slotsOn(p, '2026-03-12')).toHaveLength(3);
  });

  it('spaces sessions by the buffer', () => {
    const p = plan('UTC', morning, { bufferMinutes: 15 });
    expect(slotsOn(p, '2026-03-10')).toEqual(['2026-03-10T09:00:00.000Z', '2026-03-10T10:15:00.000Z']);
  });

  it('keeps the buffer around a booking, removing the neighbours it reaches', () => {
    // 09:00-17:00 in 60 + 15: 09:00, 10:15, 11:30, 12:45, 14:00, 15:15. A booking 11:00-12:00 blocks 10:45-12:15.
    const p = plan('UTC', day(['09:00', '17:00']), { bufferMinutes: 15 });
    const now = Date.parse('2026-03-09T12:00:00Z');
    const busy = [{ start: Date.parse('2026-03-10T11:00:00Z'), end: Date.parse('2026-03-10T12:00:00Z') }];
    const onTenth = iso(computeSlots(p, busy, now)).filter((s) => s.startsWith('2026-03-10'));
    expect(onTenth).toEqual([
      '2026-03-10T09:00:00.000Z',
      '2026-03-10T12:45:00.000Z',
      '2026-03-10T14:00:00.000Z',
      '2026-03-10T15:15:00.000Z',
    ]);
    // A booking that ends where the buffer before a slot begins leaves it: 12:45 - 15 min = 12:30.
    const touching = [{ start: Date.parse('2026-03-10T12:00:00Z'), end: Date.parse('2026-03-10T12:30:00Z') }];
    expect(iso(computeSlots(p, touching, now)).filter((s) => s.startsWith('2026-03-10'))).toEqual([
      '2026-03-10T09:00:00.000Z',
      '2026-03-10T10:15:00.000Z',
      '2026-03-10T12:45:00.000Z',
      '2026-03-10T14:00:00.000Z',
      '2026-03-10T15:15:00.000Z',
    ]);
  });

  it('starts at now + notice and ends by now + horizon', () => {
    const p = plan('UTC', weekdays, { noticeMinutes: 60 });
    const slots = iso(computeSlots(p, [], Date.parse('2026-03-02T08:30:00Z'))); // a Monday
    expect(slots.slice(0, 2)).toEqual(['2026-03-02T10:00:00.000Z', '2026-03-02T11:00:00.000Z']);
    // Now + 60 days is Friday 2026-05-01 08:30Z: that day's 09:00 slot ends too late.
    expect(slots.at(-1)).toBe('2026-04-30T11:00:00.000Z');
  });
});

describe('calendar helpers', () => {
  it('localDate gives the date an instant has in a zone', () => {
    expect(localDate('UTC', Date.parse('2026-03-28T23:30:00Z'))).toBe('2026-03-28');
    expect(localDate('Europe/Berlin', Date.parse('2026-03-28T23:30:00Z'))).toBe('2026-03-29');
    expect(localDate('America/New_York', Date.parse('2026-03-02T03:00:00Z'))).toBe('2026-03-01');
    expect(localDate('Asia/Kolkata', Date.parse('2026-01-01T18:29:59Z'))).toBe('2026-01-01');
    expect(localDate('Asia/Kolkata', Date.parse('2026-01-01T18:30:00Z'))).toBe('2026-01-02');
    expect(localDate('Pacific/Chatham', Date.parse('2026-06-30T11:14:59Z'))).toBe('2026-06-30');
    expect(localDate('Pacific/Chatham', Date.parse('2026-06-30T11:15:00Z'))).toBe('2026-07-01');
  });

  it('offsetShape gives the first offset and each change to the minute, the same for zones that keep the same clocks', () => {
    const [from, to] = [Date.parse('2026-03-01T00:00:00Z'), Date.parse('2026-05-10T00:00:00Z')];
    const berlin = offsetShape('Europe/Berlin', from, to);
    expect(berlin).toBe(`60|${Date.parse('2026-03-29T01:00:00Z')}:120`);
    expect(offsetShape('Europe/Paris', from, to)).toBe(berlin);
    expect(offsetShape('Europe/London', from, to)).toBe(`0|${Date.parse('2026-03-29T01:00:00Z')}:60`);
    expect(offsetShape('America/New_York', from, to)).toBe(`-300|${Date.parse('2026-03-08T07:00:00Z')}:-240`);
    expect(offsetShape('Asia/Tokyo', from, to)).toBe('540');
    // Chatham leaves its summer time at 03:45 local (14:00Z): 13:45 to 12:45 ahead of UTC.
    expect(offsetShape('Pacific/Chatham', from, to)).toBe(`825|${Date.parse('2026-04-04T14:00:00Z')}:765`);
  });

  it('offsetShape agrees with the zone at every quarter hour of its span, for zones all over the list', () => {
    const [from, to] = [Date.parse('2026-03-01T00:00:00Z'), Date.parse('2026-05-10T00:00:00Z')];
    const zones = [
      ...Intl.supportedValuesOf('timeZone').filter((_, i) => i % 25 === 0),
      'Australia/Lord_Howe',
      'Africa/Casablanca',
      'America/Santiago',
    ];
    for (const zone of zones) {
      const [first, ...changes] = offsetShape(zone, from, to).split('|');
      const offsetAt = (t: number) =>
        changes
          .map((c) => c.split(':').map(Number))
          .reduce((offset, [at, next]) => (t >= at! ? next! : offset), Number(first));
      for (let t = from; t <= to; t += 15 * MINUTE_MS)
        expect(offsetAt(t), `${zone} at ${new Date(t).toISOString()}`).toBe(tzOffset(zone, new Date(t)));
    }
  });

  it('isoWeekday numbers Monday 1 to Sunday 7', () => {
    expect(isoWeekday('2026-03-02')).toBe(1);
    expect(isoWeekday('2026-03-07')).toBe(6);
    expect(isoWeekday('2026-03-08')).toBe(7);
    expect(isoWeekday('2024-02-29')).toBe(4);
  });

  it('addDays counts calendar days across months, years, leap days and DST changes', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(addDays('2026-03-02', 60)).toBe('2026-05-01');
  });
});
