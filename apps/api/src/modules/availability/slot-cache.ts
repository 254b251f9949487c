import { LRUCache } from 'lru-cache';
import type { Interval, SlotPlan } from './slot-engine.ts';

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

/**
 * The per-instance slot cache of DESIGN.md §9. Entries carry the provider's generation; a change to the provider's
 * plan (heard through LISTEN/NOTIFY, or made here) bumps it, so stale entries are never served and age out of the
 * LRU. Responses are kept serialised (the JSON body), keyed by the range of slots that `now` selects, so a cached
 * answer is exactly what a fresh computation would give and costs no serialisation. The TTL is only a safety net for changes nobody announced.
 */
export function createSlotCache() {
  const generations = new Map<string, number>();
  let epoch = 0;
  const plans = new LRUCache<string, PlanEntry>({ max: 5_000, ttl: 5 * 60_000 });
  const responses = new LRUCache<string, string>({ max: 20_000, ttl: 5 * 60_000 });

  return {
    /** A number that changes whenever the provider's cached data may be stale. */
    generation: (providerId: string): number => epoch * 1_000_000 + (generations.get(providerId) ?? 0),
    invalidate(providerId: string): void {
      generations.set(providerId, (generations.get(providerId) ?? 0) + 1);
    },
    /** Forget everything (e.g. while the change signal was not heard). */
    clear(): void {
      epoch += 1;
      generations.clear();
      plans.clear();
      responses.clear();
    },
    plans,
    responses,
  };
}
export type SlotCache = ReturnType<typeof createSlotCache>;
