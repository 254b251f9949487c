import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { idleEndUnderWay, idleKeys, startIdleWatch, type IdleWatch, type IdleWatchOptions } from './idle-watch';

const MINUTE = 60_000;
const PROVIDER_WINDOW = 15 * MINUTE;

/** What another tab of the same browser does: it writes localStorage, and this tab hears a `storage` event. */
function otherTab(key: string, value: string) {
  const oldValue = localStorage.getItem(key);
  localStorage.setItem(key, value);
  window.dispatchEvent(new StorageEvent('storage', { key, oldValue, newValue: value, storageArea: localStorage }));
}

let watch: IdleWatch | undefined;
function start(overrides: Partial<IdleWatchOptions> = {}) {
  const calls = { warn: [] as number[], resume: 0, end: [] as string[], reports: 0 };
  watch = startIdleWatch({
    windowMs: PROVIDER_WINDOW,
    onWarn: (deadline) => calls.warn.push(deadline),
    onResume: () => (calls.resume += 1),
    onEnd: (reason) => calls.end.push(reason),
    report: async () => {
      calls.reports += 1;
    },
    ...overrides,
  });
  return calls;
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-26T10:00:00Z') });
  localStorage.clear();
});
afterEach(() => {
  watch?.stop();
  watch = undefined;
  vi.useRealTimers();
  localStorage.clear();
});

describe('the idle watch (a provider: 15 minutes)', () => {
  it('warns at 14 minutes and signs out at 15, telling the other tabs', () => {
    const t0 = Date.now();
    const calls = start();
    vi.advanceTimersByTime(14 * MINUTE - 1);
    expect(calls.warn).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls.warn).toEqual([t0 + PROVIDER_WINDOW]);
    expect(calls.end).toEqual([]);
    vi.advanceTimersByTime(MINUTE - 1);
    expect(calls.end).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls.end).toEqual(['idle']);
    expect(JSON.parse(localStorage.getItem(idleKeys.ended)!)).toEqual({ reason: 'idle', at: t0 + PROVIDER_WINDOW });
  });

  it('says an idle end is under way from the warning on, and not once the person is back', () => {
    start();
    expect(idleEndUnderWay()).toBe(false);
    vi.advanceTimersByTime(14 * MINUTE);
    // A session lost now (another tab's end closed this tab's socket first) is an idle sign-out.
    expect(idleEndUnderWay()).toBe(true);
    watch!.stayActive();
    expect(idleEndUnderWay()).toBe(false);
    vi.advanceTimersByTime(15 * MINUTE);
    expect(idleEndUnderWay()).toBe(true);
  });

  it("the person's activity here postpones the warning and the end", () => {
    const calls = start();
    vi.advanceTimersByTime(10 * MINUTE);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    vi.advanceTimersByTime(14 * MINUTE - 1);
    expect(calls.warn).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls.warn).toHaveLength(1);
    vi.advanceTimersByTime(MINUTE);
    expect(calls.end).toEqual(['idle']);
  });

  it('activity in another tab postpones both, and withdraws a warning already shown', () => {
    const calls = start();
    vi.advanceTimersByTime(10 * MINUTE);
    otherTab(idleKeys.activity, String(Date.now()));
    vi.advanceTimersByTime(13 * MINUTE);
    // 23 minutes in, 13 after the other tab's activity: nothing yet.
    expect(calls.warn).toEqual([]);
    vi.advanceTimersByTime(MINUTE);
    expect(calls.warn).toHaveLength(1);
    // The person answers in the other tab: the warning here goes away, and the count starts again.
    vi.advanceTimersByTime(30_000);
    otherTab(idleKeys.activity, String(Date.now()));
    expect(calls.resume).toBe(1);
    vi.advanceTimersByTime(14 * MINUTE - 1);
    expect(calls.warn).toHaveLength(1);
    expect(calls.end).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls.warn).toHaveLength(2);
  });

  it('another tab that ends the session ends it here at once', () => {
    const calls = start();
    vi.advanceTimersByTime(2 * MINUTE);
    otherTab(idleKeys.ended, JSON.stringify({ reason: 'idle', at: Date.now() }));
    expect(calls.end).toEqual(['idle']);
    const second = start();
    otherTab(idleKeys.ended, JSON.stringify({ reason: 'signed-out', at: Date.now() }));
    expect(second.end).toEqual(['signed-out']);
  });

  it('"Stay signed in" counts as activity, reports it at once and withdraws the warning', () => {
    const calls = start();
    vi.advanceTimersByTime(14 * MINUTE + 30_000);
    expect(calls.warn).toHaveLength(1);
    const reportsBefore = calls.reports;
    // While the warning shows, a drifting pointer is no answer.
    window.dispatchEvent(new Event('pointermove'));
    expect(calls.resume).toBe(0);
    watch!.stayActive();
    expect(calls.resume).toBe(1);
    expect(calls.reports).toBe(reportsBefore + 1);
    expect(localStorage.getItem(idleKeys.activity)).toBe(String(Date.now()));
    vi.advanceTimersByTime(14 * MINUTE);
    expect(calls.warn).toHaveLength(2);
    expect(calls.end).toEqual([]);
  });

  it('reports activity to the server at most once a minute across tabs, with a trailing report for later activity', () => {
    const calls = start();
    // Starting reports (nothing was reported in this browser yet).
    expect(calls.reports).toBe(1);
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(5_000);
      window.dispatchEvent(new Event('pointerdown'));
    }
    // 50 seconds of activity: still the one report; the trailing one goes at the minute.
    expect(calls.reports).toBe(1);
    vi.advanceTimersByTime(10_000);
    expect(calls.reports).toBe(2);
    // Another tab reported just now: this one waits its minute.
    otherTab(idleKeys.report, String(Date.now() + 1_000));
    vi.advanceTimersByTime(5_000);
    window.dispatchEvent(new Event('pointerdown'));
    expect(calls.reports).toBe(2);
    // Background requests are not activity: a quiet page reports nothing more.
    vi.advanceTimersByTime(MINUTE);
    expect(calls.reports).toBe(3);
    vi.advanceTimersByTime(5 * MINUTE);
    expect(calls.reports).toBe(3);
  });

  it('a client gets 60 minutes', () => {
    const calls = start({ windowMs: 60 * MINUTE });
    vi.advanceTimersByTime(58 * MINUTE);
    expect(calls.warn).toEqual([]);
    vi.advanceTimersByTime(MINUTE);
    expect(calls.warn).toHaveLength(1);
    vi.advanceTimersByTime(MINUTE);
    expect(calls.end).toEqual(['idle']);
  });

  it('stopping (signed out) leaves nothing running', () => {
    const calls = start();
    watch!.stop();
    vi.advanceTimersByTime(60 * MINUTE);
    window.dispatchEvent(new Event('pointerdown'));
    expect(calls).toEqual({ warn: [], resume: 0, end: [], reports: 1 });
  });
});
