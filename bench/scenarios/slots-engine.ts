import { performance } from 'node:perf_hooks';
import {
  addDays,
  computeSlots,
  DAY_MS,
  localDate,
  MINUTE_MS,
  type DayPlan,
  type Interval,
  type SlotPlan,
} from '@therapy/api/modules/availability/slot-engine';
import { percentile } from '../lib/load.ts';
import type { BenchContext, Figures } from '../lib/types.ts';

export const name = 'slots.engine';
export const description =
  'computeSlots in-process for one provider (Europe/Berlin, 60 days, 20 custom days, 300 bookings, across a DST change), ' +
  '2,000 calls after a warm-up with a moving now';

const RUNS = 2_000;
const WARM_UP = 500;
/** A fixed start, so runs compare: the horizon spans the spring change of 2026-03-29. */
const BASE_NOW = Date.parse('2026-03-02T06:00:00Z');
/** One call at a time, in-process: compared with health's p95 at one request in flight, the cheapest answer this server gives. */
export const concurrency = 1;

/** Small seeded generator (mulberry32): the same plan and bookings in every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hours = (...pairs: Array<[number, number]>): DayPlan => ({
  isAvailable: true,
  intervals: pairs.map(([a, b]) => [a * 60, b * 60] as const),
});

function buildPlan(): SlotPlan {
  const weekday = hours([9, 12], [13, 18]);
  const today = localDate('Europe/Berlin', BASE_NOW);
  const variants: DayPlan[] = [
    { isAvailable: false, intervals: [[540, 1080]] },
    hours([8, 11], [14, 20]),
    hours([10, 16]),
    hours([7, 9], [12, 13], [17, 21]),
  ];
  // 20 custom days, every third day from tomorrow: closed days and other hours, on weekdays and weekends alike.
  const custom = new Map<string, DayPlan>();
  for (let k = 0; k < 20; k += 1) custom.set(addDays(today, 1 + 3 * k), variants[k % variants.length]!);
  return {
    timezone: 'Europe/Berlin',
    weekly: [
      undefined,
      weekday,
      weekday,
      weekday,
      weekday,
      weekday,
      hours([10, 14]),
      { isAvailable: false, intervals: [] },
    ],
    custom,
    sessionMinutes: 60,
    bufferMinutes: 10,
    noticeMinutes: 12 * 60,
    horizonDays: 60,
  };
}

/** 300 bookings of 30 to 90 minutes on the quarter hour, from now to 60 days ahead (some overlap, as held slots do). */
function buildBusy(): Interval[] {
  const next = random(20260302);
  const busy: Interval[] = [];
  for (let k = 0; k < 300; k += 1) {
    const start = BASE_NOW + Math.floor(next() * 60 * 96) * 15 * MINUTE_MS;
    busy.push({ start, end: start + (30 + 15 * Math.floor(next() * 5)) * MINUTE_MS });
  }
  return busy;
}

export async function run(ctx: BenchContext): Promise<Figures> {
  const plan = buildPlan();
  const busy = buildBusy();
  // `now` moves by 17 minutes per call over about a day, so the notice window and the first date change.
  const nowOf = (i: number) => BASE_NOW + (i % 97) * 17 * MINUTE_MS;
  let count = 0;
  for (let i = 0; i < WARM_UP; i += 1) count += computeSlots(plan, busy, nowOf(i)).length;
  if (count === 0) throw new Error('slots.engine: the plan offers no slot at all');
  const times: number[] = [];
  let slots = 0;
  for (let i = 0; i < RUNS; i += 1) {
    const now = nowOf(i);
    const t0 = performance.now();
    const result = computeSlots(plan, busy, now);
    times.push(performance.now() - t0);
    slots += result.length;
    if (result.length > 0 && result[result.length - 1]!.end > now + plan.horizonDays * DAY_MS)
      throw new Error('slots.engine: slot past the horizon');
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
  const p95 = percentile(times, 95);
  ctx.log(
    `slots.engine: ${RUNS} calls, ${(slots / RUNS).toFixed(0)} slots each, p50 ${percentile(times, 50).toFixed(3)} ms, p99 ${percentile(times, 99).toFixed(3)} ms`,
  );
  return { 'slots.engine.p95_ms': Number(p95.toFixed(3)), 'slots.engine.mean_ms': Number(mean.toFixed(3)) };
}
