import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import './index.css';
import type { PageHandle } from './app/page-handle';
import { createAppRouter, routes } from './app/router';
import { Providers } from './app/providers';
import { appConfigQuery } from './lib/app-config';
import { configureErrorReporting } from './lib/error-reporting';
import { currentLocale, i18n } from './lib/i18n';
import { syncDocumentLanguage } from './lib/locale';
import { queryClient } from './lib/query-client';
import { restoreSession } from './lib/session-actions';
import { readSsrData } from './lib/ssr-data';
import { basenameOf } from './lib/locale-path';
import { seedCountryNames } from './lib/country';
import { yieldToMain } from './lib/yield-to-main';
import { startIntlWarmup } from './lib/intl-warmup';
import { zodReady } from './lib/zod-ready';
import { startConsentSync } from './lib/consent-sync';

// Before any page's code creates a zod schema (lib/zod-ready.ts): started now, awaited by every page loader.
void zodReady();
// First, so the worker loads the date-formatting data while the page's code loads (lib/intl-warmup.ts).
startIntlWarmup(() => new Worker(new URL('./lib/intl-warmup.worker.ts', import.meta.url), { type: 'module' }));

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
const ssr = readSsrData();

/**
 * A page the server rendered (docs/decisions/0012) is hydrated: the first render must equal the server's HTML, so
 * it uses the server's locale and prefetched queries, and the page's lazy route module is loaded before it starts.
 */
async function hydratePage(data: NonNullable<typeof ssr>): Promise<void> {
  // The app's modules were just evaluated in one task: the page's own work starts in the next (a phone's main thread
  // is then free to answer a tap in between).
  await yieldToMain();
  if (i18n.language !== data.locale) await i18n.changeLanguage(data.locale);
  if (data.countryNames) seedCountryNames(data.locale, data.countryNames);
  hydrate(queryClient, data.queries);
  const matches = matchRoutes(routes, window.location, basenameOf(window.location.pathname)) ?? [];
  for (const { route, params } of matches)
    (route.handle as PageHandle | undefined)?.ssr?.browserPrefetch?.(queryClient, params);
  const lazyMatches = matches.filter((match) => match.route.lazy);
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<object>)();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
  await yieldToMain();
  // As a transition, hydration yields to the browser between components instead of blocking it in one long task.
  startTransition(() => {
    hydrateRoot(
      container!,
      <StrictMode>
        <Providers>
          <RouterProvider router={createAppRouter()} />
        </Providers>
      </StrictMode>,
    );
  });
}

syncDocumentLanguage(ssr?.locale ?? currentLocale());
// Started before the first render so the refresh runs in parallel with loading the page's code.
startConsentSync();
void restoreSession();
// The deployment's error-reporting DSN (if any) comes with the public app config, shared with the screens that use it.
queryClient.fetchQuery(appConfigQuery).then(
  (config) => configureErrorReporting(config.errorReportingDsn ?? null),
  () => configureErrorReporting(null),
);

if (ssr) {
  void hydratePage(ssr);
} else {
  createRoot(container).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={createAppRouter()} />
      </Providers>
    </StrictMode>,
  );
}
