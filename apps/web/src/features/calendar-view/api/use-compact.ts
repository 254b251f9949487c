import { useSyncExternalStore } from 'react';

const QUERY = '(max-width: 639px)';

/** A phone-sized screen (below Tailwind's `sm`): the calendar shows a month grid and a list instead of a week. */
export function useCompact(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(QUERY);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}
