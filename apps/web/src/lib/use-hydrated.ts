import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * false while the server renders and during hydration, true afterwards (and at once in a page rendered only in the
 * browser). Parts that depend on what only the browser knows (its time zone, its languages) render after it, so the
 * server's HTML and the first browser render agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
