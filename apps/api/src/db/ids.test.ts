import { afterEach, describe, expect, it, vi } from 'vitest';
import { newId } from './ids.ts';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** The identifier's first 48 bits: the millisecond it was made in. */
const msecsOf = (id: string) => parseInt(id.replace(/-/g, '').slice(0, 12), 16);

describe('newId', () => {
  afterEach(() => vi.restoreAllMocks());

  it('makes UUID v7s of the current millisecond, unique and in order, also many within one millisecond', () => {
    const before = Date.now();
    const ids = Array.from({ length: 5000 }, () => newId());
    const after = Date.now();
    expect(new Set(ids).size).toBe(ids.length);
    for (const [i, id] of ids.entries()) {
      expect(id).toMatch(V7);
      expect(msecsOf(id)).toBeGreaterThanOrEqual(before);
      expect(msecsOf(id)).toBeLessThanOrEqual(after + 1);
      if (i > 0) expect(id > ids[i - 1]!).toBe(true);
    }
    // 5,000 in a few milliseconds: most share their millisecond with others, whose order is the counter's.
    expect(new Set(ids.map(msecsOf)).size).toBeLessThan(ids.length / 2);
  });

  it('draws new random bytes for every identifier, across the refills of its pool', () => {
    // 1,000 identifiers use four pools' worth of bytes; their random last 48 bits never repeat.
    const tails = Array.from({ length: 1000 }, () => newId().slice(-12));
    expect(new Set(tails).size).toBe(tails.length);
  });

  it('keeps the order when the clock goes back', () => {
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 60_000);
    const first = newId();
    clock.mockReturnValue(now + 1000);
    const second = newId();
    const third = newId();
    expect(second > first).toBe(true);
    expect(third > second).toBe(true);
    expect(msecsOf(second)).toBe(now + 60_000);
  });
});
