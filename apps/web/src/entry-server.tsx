import { dehydrate, QueryClient } from '@tanstack/react-query';
import { cookieNames } from '@therapy/contracts/constants';
import type { Locale } from '@therapy/contracts/messages';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import type { PageHandle } from './app/page-handle';
import { Providers } from './app/providers';
import { routes } from './app/router';
import { serverPages, type PageImage, type ServerPage } from './app/server-pages';
import { setApiTransport } from './lib/api-client';
import { appConfigQuery } from './lib/app-config';
import { countryFromLanguages, countryName } from './lib/country';
import { i18n, namespaces, supportedLocales } from './lib/i18n';
import { pageTitleText } from './lib/page-title';
import { createQueryClient } from './lib/query-client';
import { serializeSsrData } from './lib/ssr-data';
import { basenameOf, localeOfPath } from './lib/locale-path';
import { setServerCookies } from './lib/storage';
import { jsonLdText } from './lib/structured-data';

/**
 * Server rendering of the public pages (docs/decisions/0012). The API process imports this bundle and calls
 * `renderPage` for page requests; pages without `handle.ssr` are left to the browser (null), but for a public one
 * (`handle.canonical`) the answer has no markup, only its title and canonical path for the shell's head. A path no
 * route matches (the catch-all) is rendered as the not-found page with status 404, and so is a page whose subject
 * does not exist (`ssr.notFound`, e.g. /therapists/not-a-uuid/), with its own not-found state.
 */
export interface RenderRequest {
  /** Path and query of the page, e.g. "/therapists/0190…/". */
  url: string;
  /** The page's language; the path's own (`/de/...` is German, docs/decisions/0063) wins over it. */
  locale: Locale;
  cookies: Record<string, string>;
  /** The request's Accept-Language tags, best first: the browser's languages, which name its region. */
  languages?: string[];
  /** The site's origin (APP_ORIGIN, no trailing slash): structured data names absolute addresses. */
  origin?: string;
}

export interface RenderResult {
  status: number;
  /** The app's markup for <div id="root">. */
  html: string;
  /** JSON for the ssr-data script element (already escaped for HTML). */
  data: string;
  title: string;
  /** The page's description (else the site's), and its path for the canonical link and Open Graph (none for a 404). */
  description?: string | undefined;
  path?: string | undefined;
  /** The page's schema.org JSON-LD, as the text of its script element (lib/structured-data.ts `jsonLdText`). */
  structuredData?: string | undefined;
  /** The page's own link-preview picture (a path on the site), else the server uses the site's card. */
  image?: PageImage | undefined;
  /** Build-manifest keys of the modules the page needs first (its route chunk and translations). */
  modules: string[];
}

/** The app's route table, the one list of its pages: the server's tests walk it (apps/api web-app.test.ts). */
export { routes };

let ready: Promise<void> | null = null;

/** Every translation of every locale, once: a render must never suspend on a missing namespace. */
export function prepare(options: { fetch: (url: string, init: RequestInit) => Promise<Response> }): Promise<void> {
  setApiTransport(options.fetch);
  ready ??= i18n.reloadResources([...supportedLocales], [...namespaces]);
  return ready;
}

export async function renderPage(request: RenderRequest): Promise<RenderResult | null> {
  if (!ready) throw new Error('call prepare() first');
  await ready;
  const url = new URL(request.url, 'http://ssr.local');
  // A German page is the route table under /de (docs/decisions/0063): the same pages, the router's basename.
  const basename = basenameOf(url.pathname);
  const locale = localeOfPath(url.pathname);
  const matches = matchRoutes(routes, url.pathname, basename);
  const leaf = matches?.at(-1)?.route;
  const handle = leaf?.handle as PageHandle | undefined;
  // The route table is the one list of the app's pages: a path only its catch-all matches is not one of them.
  const notFound = leaf?.path === '*';
  // Spec §9 "Trailing slash on": a page's one address ends in a slash, however it was asked for.
  const canonicalPath = notFound ? undefined : url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`;
  const page = handle?.ssr;
  if (matches && !page && handle?.canonical)
    return {
      status: 200,
      html: '',
      data: '',
      title: pageTitleText({ key: handle.title }, locale),
      path: canonicalPath,
      modules: [],
    };
  if (!matches || !page) return null;
  const server: ServerPage = page.server ? serverPages[page.server] : {};

  const queryClient = new QueryClient({ defaultOptions: createQueryClient().getDefaultOptions() });
  const params = matches.at(-1)?.params ?? {};
  // The public app config is read at start-up by the browser (flags, sign-in options, error reporting): the page is
  // rendered with it, and hands it over, so the first browser render agrees with the HTML.
  await Promise.all([
    queryClient.prefetchQuery(appConfigQuery),
    server.prefetch?.(queryClient, params, url.searchParams),
  ]);
  // A page whose data could not be had (an outage, filters the API refuses) is rendered by the browser, which shows
  // the right state with a retry; the status still tells crawlers about a missing page.
  const failed = queryClient.getQueryCache().findAll({ predicate: (query) => query.state.status === 'error' });
  if (failed.length > 0) {
    const status = failed.some((query) => (query.state.error as { status?: number } | null)?.status === 404)
      ? 404
      : 200;
    if (status === 404) return { status, html: '', data: '', title: '', modules: [] };
    // Still a public page: the shell the browser renders it in names its title and canonical address.
    const title = pageTitleText({ key: handle?.title }, request.locale);
    return { status, html: '', data: '', title, path: canonicalPath, modules: [] };
  }
  // Issue 49: a page whose subject does not exist (/therapists/not-a-uuid/) shows its not-found state with a 404.
  const missing = notFound || server.notFound?.(queryClient, params) === true;
  const canonicalSearch = server.canonicalSearch?.(url.searchParams);
  const canonicalAddress = canonicalSearch ? `${canonicalPath}?${canonicalSearch}` : canonicalPath;

  const handler = createStaticHandler(routes, basename ? { basename } : {});
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);

  // One synchronous render: the locale and the cookies below belong to this request only.
  void i18n.changeLanguage(locale);
  setServerCookies(request.cookies);
  let html: string;
  try {
    html = renderToString(
      <StrictMode>
        <Providers client={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </Providers>
      </StrictMode>,
    );
  } finally {
    setServerCookies(null);
  }

  // The footer names the visitor's country once hydrated (cookie, account, browser region): the likely one is named
  // here so the browser need not load its region names to say it.
  const country = (
    request.cookies[cookieNames.countryCode] ??
    countryFromLanguages(request.languages ?? []) ??
    ''
  ).toUpperCase();
  const countryNames = /^[A-Z]{2}$/.test(country) ? { [country]: countryName(country, locale) } : undefined;
  const origin = (request.origin ?? '').replace(/\/$/, '');
  const structured =
    missing || !canonicalAddress
      ? undefined
      : await server.structuredData?.(queryClient, params, url.searchParams, {
          origin,
          url: `${origin}${canonicalAddress}`,
          locale,
        });
  return {
    status: missing ? 404 : context.statusCode,
    html,
    data: serializeSsrData({ locale, queries: dehydrate(queryClient), countryNames }),
    title: pageTitleText(
      missing && !notFound
        ? { key: 'notFound' }
        : { key: (matches.at(-1)?.route.handle as PageHandle).title, name: server.titleName?.(queryClient, params) },
      locale,
    ),
    description: missing ? undefined : server.describe?.(queryClient, params),
    path: missing ? undefined : canonicalAddress,
    structuredData: structured ? jsonLdText(structured) : undefined,
    image: missing ? undefined : server.image?.(queryClient, params),
    modules: page.source ? [page.source, ...page.ns.map((ns) => `src/locales/${locale}/${ns}.json`)] : [],
  };
}
