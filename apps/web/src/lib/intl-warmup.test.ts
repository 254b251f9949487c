import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as WarmupModule from './intl-warmup';
import type { WarmupWorker } from './intl-warmup';

type Warmup = typeof WarmupModule;

/** A worker that does nothing until the test makes it answer or fail. */
function fakeWorker() {
  const worker = { onmessage: null, onerror: null, terminate: vi.fn() } as unknown as WarmupWorker & {
    terminate: ReturnType<typeof vi.fn>;
  };
  return {
    worker,
    answer: (data: unknown) => worker.onmessage?.call(worker as never, new MessageEvent('message', { data })),
    fail: () => worker.onerror?.call(worker as never, new ErrorEvent('error')),
  };
}

// The warm-up keeps its state in its module: each test gets a fresh one.
let warmup: Warmup;
beforeEach(async () => {
  vi.resetModules();
  vi.useFakeTimers();
  warmup = await import('./intl-warmup');
});
afterEach(() => vi.useRealTimers());

// The store's value, read the way useIntlReady reads it (through React's external-store hook on a tiny component).
async function readyNow(): Promise<boolean> {
  const { renderHook } = await import('@testing-library/react');
  return renderHook(() => warmup.useIntlReady()).result.current;
}

describe('loading date-formatting data off the main thread (lib/intl-warmup)', () => {
  it('is ready when no warm-up was started (tests, pages without the worker)', async () => {
    expect(await readyNow()).toBe(true);
    expect(warmup.warmedTimeZone()).toBeUndefined();
  });

  it('waits for the worker, then knows the browser zone it told and ends the worker', async () => {
    const fake = fakeWorker();
    warmup.startIntlWarmup(() => fake.worker);
    expect(await readyNow()).toBe(false);
    fake.answer('Europe/Berlin');
    expect(await readyNow()).toBe(true);
    expect(warmup.warmedTimeZone()).toBe('Europe/Berlin');
    expect(fake.worker.terminate).toHaveBeenCalledOnce();
  });

  it('a worker that fails or answers nothing useful leaves the zone to the main thread', async () => {
    const failing = fakeWorker();
    warmup.startIntlWarmup(() => failing.worker);
    failing.fail();
    expect(await readyNow()).toBe(true);
    expect(warmup.warmedTimeZone()).toBeUndefined();

    vi.resetModules();
    warmup = await import('./intl-warmup');
    const empty = fakeWorker();
    warmup.startIntlWarmup(() => empty.worker);
    empty.answer(42);
    expect(await readyNow()).toBe(true);
    expect(warmup.warmedTimeZone()).toBeUndefined();
  });

  it('a worker that never answers is given up after the time limit, so the page is never stuck', async () => {
    const silent = fakeWorker();
    warmup.startIntlWarmup(() => silent.worker, 3_000);
    vi.advanceTimersByTime(2_999);
    expect(await readyNow()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await readyNow()).toBe(true);
    expect(silent.worker.terminate).toHaveBeenCalledOnce();
  });

  it('a browser that cannot start the worker goes on at once', async () => {
    warmup.startIntlWarmup(() => {
      throw new Error('Worker is not defined');
    });
    expect(await readyNow()).toBe(true);
  });
});
