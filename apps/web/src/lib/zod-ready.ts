let ready: Promise<unknown> | null = null;

/**
 * Resolves once zod is configured for the CSP (lib/zod-jitless.ts). A module of its own, loaded on demand: zod's
 * config lives in its core, which the landing page's initial JavaScript leaves out (4 KB gzip, DESIGN.md §8). The
 * schemas come only with lazily loaded pages, so every page loader waits for this first (app/router.tsx `lazyPage`),
 * and main.tsx starts it at once so the wait is normally over before a page is loaded.
 */
export function zodReady(): Promise<unknown> {
  ready ??= import('./zod-jitless');
  return ready;
}
