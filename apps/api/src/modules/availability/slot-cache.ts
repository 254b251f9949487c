import { LRUCache } from 'lru-cache';
import { DAY_MS, offsetShape, type Interval, type SlotPlan } from './slot-engine.ts';

/** What the calendar of one provider (and category) needs, computed once per plan change and provider-local day. */
export interface PlanEntry {
  readonly generation: number;
  readonly day: string;
  readonly calendarSetupType: 'GENERAL' | 'BY_CATEGORY';
  readonly plan: SlotPlan;
  /** Every slot the plan offers from yesterday to past the horizon, before bookings and notice. */
  readonly base: readonly Interval[];
  /** `base` without the slots that meet a booking (with buffers). */
  readonly free: readonly Interval[];
}

export interface SlotCacheLimits {
  /** Bytes the plan entries may take (estimated, see `planEntryBytes`). */
  planBytes: number;
  /** Bytes the serialised answers and their keys may take. */
  responseBytes: number;
  /** How long an entry is kept at most, in case a change was not announced; expired entries are dropped by a timer. */
  ttlMs: number;
  /** Providers whose generation is remembered; past that the least recently changed are forgotten (see `floor`). */
  generationsKept: number;
}

/**
 * Issue 43: 20,000 answers of 26-49 KB with no byte limit took the heap from 423 to 996 MB. Now bounded by bytes: a
 * plan entry is about 32 KB for 60 days of hourly slots, an answer 25-50 KB (more with shorter sessions).
 */
export const SLOT_CACHE_LIMITS: SlotCacheLimits = {
  planBytes: 16 * 1024 * 1024,
  responseBytes: 32 * 1024 * 1024,
  ttlMs: 5 * 60_000,
  generationsKept: 100_000,
};
/** Zone shapes kept: a few hundred canonical zones, for today (and yesterday, around midnight). */
const SHAPES_KEPT = 2_000;
/** Bytes a plan entry keeps besides its slots (the plan's days and intervals, strings), per slot and per custom day. */
const PLAN_ENTRY_FIXED_BYTES = 2_048;
const PLAN_SLOT_BYTES = 84;
const PLAN_CUSTOM_DAY_BYTES = 256;
/** What an entry costs the cache besides its key and value (its places in the LRU's arrays, its expiry timer). */
const ENTRY_OVERHEAD_BYTES = 256;

/**
 * An estimate of a plan entry's heap: measured after a forced GC, 32, 65 and 128 KB for 352, 704 and 1,408 slots (a
 * slot is an object of two numbers; `free` shares `base`'s objects and adds a place in its array).
 */
export const planEntryBytes = (entry: PlanEntry): number =>
  PLAN_ENTRY_FIXED_BYTES +
  PLAN_SLOT_BYTES * entry.base.length +
  8 * entry.free.length +
  PLAN_CUSTOM_DAY_BYTES * entry.plan.custom.size;

/**
 * The per-instance slot cache of DESIGN.md §9. Entries carry the provider's generation; a change to the provider's
 * plan (heard through LISTEN/NOTIFY, or made here) bumps it, so stale entries are never served and age out of the
 * LRU. Responses are kept serialised (the JSON body after its `timezone`), keyed by the range of slots that `now`
 * selects and the viewer zone's shape, so a cached answer is exactly what a fresh computation would give and costs
 * no serialisation. Both caches are bounded by bytes, and a timer drops what expires (lru-cache's `ttlAutopurge`)
 * rather than waiting for it to be read again.
 */
export function createSlotCache(limits: SlotCacheLimits = SLOT_CACHE_LIMITS) {
  const { ttlMs } = limits;
  // Generations come from one counter, so a number is never given twice. A provider without one has `floor`, which
  // rises past every number given so far when one is evicted: entries of a forgotten provider are then stale, never
  // wrongly fresh. A generation expires after twice the entries' TTL, when every entry made before its change is gone.
  let counter = 0;
  let floor = 0;
  const generations = new LRUCache<string, number>({
    max: limits.generationsKept,
    ttl: 2 * ttlMs,
    ttlAutopurge: true,
    dispose: (_value, _key, reason) => {
      if (reason === 'evict') floor = counter;
    },
  });
  const plans = new LRUCache<string, PlanEntry>({
    maxSize: limits.planBytes,
    sizeCalculation: (entry, key) => planEntryBytes(entry) + key.length + ENTRY_OVERHEAD_BYTES,
    ttl: ttlMs,
    ttlAutopurge: true,
  });
  // Keys and bodies are one-byte strings (ASCII JSON): their length is their size.
  const responses = new LRUCache<string, string>({
    maxSize: limits.responseBytes,
    sizeCalculation: (body, key) => body.length + key.length + ENTRY_OVERHEAD_BYTES,
    ttl: ttlMs,
    ttlAutopurge: true,
  });
  const shapes = new LRUCache<string, string>({ max: SHAPES_KEPT, ttl: DAY_MS, ttlAutopurge: true });

  return {
    /** A number that changes whenever the provider's cached data may be stale. */
    generation: (providerId: string): number => generations.get(providerId) ?? floor,
    invalidate(providerId: string): void {
      counter += 1;
      generations.set(providerId, counter);
    },
    /** Forget everything (e.g. while the change signal was not heard). */
    clear(): void {
      counter += 1;
      floor = counter;
      generations.clear();
      plans.clear();
      responses.clear();
    },
    /**
     * The shape of the zone's offsets (slot-engine.ts `offsetShape`) over every instant a calendar computed at `now`
     * can show: its slots start at most a day before today and end at most `horizonDays` + 3 days after, in any zone.
     */
    zoneShape(timezone: string, now: number, horizonDays: number): string {
      const today = now - (now % DAY_MS);
      const key = `${timezone}|${today}|${horizonDays}`;
      let shape = shapes.get(key);
      if (shape === undefined) {
        shape = offsetShape(timezone, today - 3 * DAY_MS, today + (horizonDays + 4) * DAY_MS);
        shapes.set(key, shape);
      }
      return shape;
    },
    plans,
    responses,
  };
}
export type SlotCache = ReturnType<typeof createSlotCache>;
