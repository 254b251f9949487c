import { useSyncExternalStore } from 'react';

/**
 * The first date formatting of a page makes the browser load its ICU data, one long task of 100-300 ms on a phone
 * (about 40% of the therapist page's blocking time, measured with scripts/profile-page.mjs). A Web Worker of the same
 * page pays that cost on another thread (the loaded data is shared by the renderer's threads: the main thread's
 * first format then takes about 2 ms), and tells the browser's time zone on the way. Parts that format dates at once
 * (the booking calendar) wait for `useIntlReady()`; everything works without the worker, only slower.
 */

let ready = true;
let zone: string | undefined;
const listeners = new Set<() => void>();

function finish(timeZone?: string): void {
  if (ready) return;
  ready = true;
  zone = timeZone;
  for (const listener of listeners) listener();
}

export type WarmupWorker = Pick<Worker, 'onmessage' | 'onerror' | 'terminate'>;

/**
 * Starts the warm-up with the worker `create` makes (main.tsx passes Vite's worker constructor). After `giveUpAfterMs`
 * the page goes on without it.
 */
export function startIntlWarmup(create: () => WarmupWorker, giveUpAfterMs = 3_000): void {
  if (!ready) return;
  let worker: WarmupWorker;
  try {
    worker = create();
  } catch {
    return;
  }
  ready = false;
  const done = (timeZone?: string) => {
    clearTimeout(timer);
    worker.terminate();
    finish(timeZone);
  };
  const timer = setTimeout(() => done(), giveUpAfterMs);
  worker.onmessage = (event: MessageEvent<unknown>) =>
    done(typeof event.data === 'string' && event.data.length > 0 ? event.data : undefined);
  worker.onerror = () => done();
}

/** Resolves once `useIntlReady()` is true (at once when no warm-up runs). */
export function whenIntlReady(): Promise<void> {
  if (ready) return Promise.resolve();
  return new Promise((resolve) => {
    const listener = () => {
      listeners.delete(listener);
      resolve();
    };
    listeners.add(listener);
  });
}

/** The browser's IANA zone as the warm-up worker read it, if it has. */
export const warmedTimeZone = (): string | undefined => zone;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** false while the warm-up runs (and on the server); true once formatting dates no longer blocks the page. */
export function useIntlReady(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => ready,
    () => false,
  );
}
