import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { busyTimes } from './availability.repository.ts';
import { createCalendarService } from './calendar.service.ts';
import { createSlotCache, SLOT_CACHE_LIMITS, type SlotCacheLimits } from './slot-cache.ts';
import { createTimeslotTokens } from './timeslot-token.ts';

/** The slot cache stays within its bytes, forgets what expires, and keeps one answer per zone shape (issue 43). */

let t: TestApp;
let providers: string[];
beforeAll(async () => {
  t = await buildTestApp();
  providers = [];
  for (let i = 0; i < 3; i += 1) {
    const provider = await t.signUp('provider', {}, { verified: true });
    const settings = { timezone: 'Europe/Berlin', sessionLengthMinutes: 30, bufferMinutes: 0, minimumNoticeHours: 0 };
    expect((await t.api('PUT', '/provider-availability/settings', provider, settings)).statusCode).toBe(200);
    providers.push(provider.userId);
  }
});
afterAll(async () => t.close());
beforeEach(() => t.clock.set('2026-03-23T07:59:00Z'));

/** The calendar service on the test database with a cache of its own, whose bounds the test chooses. */
function calendarWith(limits: Partial<SlotCacheLimits>) {
  const cache = createSlotCache({ ...SLOT_CACHE_LIMITS, ...limits });
  const tokens = createTimeslotTokens(t.config.jwtSecret);
  const calendar = createCalendarService(
    { db: t.db, clock: t.clock },
    { cache, tokens, busy: () => busyTimes, cacheTrusted: () => true },
  );
  return { cache, calendar };
}
const bytesOf = (entries: Iterable<[string, string]>) =>
  [...entries].reduce((sum, [key, body]) => sum + key.length + body.length, 0);

describe('the slot cache', () => {
  it('stays within its byte bounds while many providers, dates and zones fill it', async () => {
    const limits = { responseBytes: 256 * 1024, planBytes: 160 * 1024 };
    const { cache, calendar } = calendarWith(limits);
    const zones = Intl.supportedValuesOf('timeZone').filter((_, i) => i % 7 === 0);
    let answered = 0;
    for (const providerId of providers) {
      for (const date of [undefined, '2026-03', '2026-04', '2026-05-04']) {
        for (const timezone of zones) {
          answered += (await calendar.calendarBody(providerId, date, { timezone })).length;
          expect(cache.responses.calculatedSize).toBeLessThanOrEqual(limits.responseBytes);
          expect(cache.plans.calculatedSize).toBeLessThanOrEqual(limits.planBytes);
        }
      }
    }
    // The bound was reached many times over, and what is kept is counted in full: keys and bodies within the bytes.
    expect(answered).toBeGreaterThan(20 * limits.responseBytes);
    expect(cache.responses.size).toBeGreaterThan(0);
    expect(bytesOf(cache.responses.entries())).toBeLessThanOrEqual(cache.responses.calculatedSize);
    expect(cache.responses.calculatedSize).toBeGreaterThan(limits.responseBytes / 2);
    // A plan of 30-minute sessions over 60 days is about 60 KB: two fit.
    expect(cache.plans.size).toBe(2);
  });

  it('drops what expires by itself, without being read again', async () => {
    const { cache, calendar } = calendarWith({ ttlMs: 50 });
    await calendar.calendarBody(providers[0]!, undefined, { timezone: 'Asia/Tokyo' });
    expect([cache.plans.size, cache.responses.size]).toEqual([1, 1]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect([cache.plans.size, cache.responses.size]).toEqual([0, 0]);
  });

  it('keeps one answer for zones of one offset shape, each answered with its own name', async () => {
    const { cache, calendar } = calendarWith({});
    const [berlin, paris, rome] = await Promise.all(
      ['Europe/Berlin', 'Europe/Paris', 'Europe/Rome'].map((timezone) =>
        calendar.calendarBody(providers[0]!, '2026-04', { timezone }),
      ),
    );
    expect(cache.responses.size).toBe(1);
    expect(JSON.parse(paris!).data.timezone).toBe('Europe/Paris');
    expect(paris!.replace('"Europe/Paris"', '"Europe/Berlin"')).toBe(berlin);
    expect(rome!.replace('"Europe/Rome"', '"Europe/Berlin"')).toBe(berlin);
    // London changes its clocks at the same instant but is an hour behind: another shape, another entry.
    await calendar.calendarBody(providers[0]!, '2026-04', { timezone: 'Europe/London' });
    expect(cache.responses.size).toBe(2);
  });

  it('never calls an entry fresh again once its provider changed, also after the change is forgotten', () => {
    const cache = createSlotCache({ ...SLOT_CACHE_LIMITS, generationsKept: 2 });
    const seen = new Set([cache.generation('a'), cache.generation('z')]);
    cache.invalidate('a');
    const changed = cache.generation('a');
    expect(seen.has(changed)).toBe(false);
    seen.add(changed);
    // Two more changes evict a's generation: a (and z, never changed) now have a number not given before.
    cache.invalidate('b');
    cache.invalidate('c');
    expect(seen.has(cache.generation('a'))).toBe(false);
    expect(seen.has(cache.generation('z'))).toBe(false);
    expect(cache.generation('a')).toBe(cache.generation('a'));
  });
});
