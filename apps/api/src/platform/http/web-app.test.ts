import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { HtmlValidate } from 'html-validate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';

/**
 * The built web app as this server serves it (issue 49, search engines): unknown paths are the app's not-found page
 * with status 404, every page of the web app's own route table answers 200, each public page names one canonical
 * address, and the home page is valid HTML with a real favicon. Needs the build (`npm run build -w @therapy/web`;
 * `npm test` builds before the API tests).
 */
const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web');
const serverEntry = path.join(webRoot, 'dist-server', 'entry-server.js');
const origin = 'http://localhost:5173';

interface Route {
  path?: string;
  index?: boolean;
  children?: Route[];
}

/** Every page path of the route table (params as `:name`), parents' paths joined; the catch-all is not a page. */
function pagePaths(list: Route[], prefix = '/'): string[] {
  return list.flatMap((route) => {
    if (route.path === '*') return [];
    const own = route.path ? `${prefix}${route.path}/` : prefix;
    const here = route.path || route.index ? [own] : [];
    return [...here, ...pagePaths(route.children ?? [], own)];
  });
}

const locale = (lng: 'en' | 'de') =>
  JSON.parse(fs.readFileSync(path.join(webRoot, 'src', 'locales', lng, 'common.json'), 'utf8')) as {
    notFound: { title: string; body: string };
  };

let t: TestApp;
let routes: Route[];
let providerId: string;

beforeAll(async () => {
  if (!fs.existsSync(serverEntry) || !fs.existsSync(path.join(webRoot, 'dist', 'index.html')))
    throw new Error('build the web app first: npm run build -w @therapy/web');
  ({ routes } = (await import(pathToFileURL(serverEntry).href)) as { routes: Route[] });
  t = await buildTestApp({ SERVE_WEB: 'true', APP_ORIGIN: origin });
  providerId = (await t.signUp('provider', {}, { verified: true })).userId;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const get = (url: string, lang = 'en') =>
  t.request({ method: 'GET', url, headers: { accept: 'text/html', 'accept-language': lang } });
/** A page's URL in a language: German pages are under /de (docs/decisions/0063). */
const at = (lng: 'en' | 'de', page: string) => (lng === 'de' ? `/de${page}` : page);
const canonicals = (html: string) => [...html.matchAll(/<link rel="canonical" href="([^"]*)"/g)].map((m) => m[1]);
const alternates = (html: string) =>
  [...html.matchAll(/<link rel="alternate" hreflang="([^"]*)" href="([^"]*)">/g)].map((m) => [m[1], m[2]]);

describe('unknown paths', () => {
  it('answer 404 with the not-found page rendered on the server, in the visitor’s language', async () => {
    for (const lng of ['en', 'de'] as const) {
      for (const page of ['/no-such-page/', '/no-such-page', '/therapists/a/b/', '/overview/nothing-here/']) {
        const url = at(lng, page);
        const res = await get(url, lng);
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).toMatch(/^text\/html/);
        expect(res.body, url).toContain(`<html lang="${lng}"`);
        expect(res.body, url).toContain(locale(lng).notFound.title);
        expect(res.body, url).toContain(locale(lng).notFound.body);
        // A missing page has no address of its own to tell search engines.
        expect(res.body, url).not.toContain('rel="canonical"');
        expect(res.body, url).not.toContain('rel="alternate"');
      }
    }
  });

  it('leave the API and missing files as they were: JSON 404s', async () => {
    for (const url of ['/api/v1/no-such-thing', '/assets/no-such-file.js']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});

describe('the route table’s pages', () => {
  it('every page answers 200, parameterised ones with any id, with or without the trailing slash', async () => {
    const paths = [...new Set(pagePaths(routes))];
    // The route table as the server bundle has it: the public pages and the signed-in ones alike.
    expect(paths).toEqual(expect.arrayContaining(['/', '/login/', '/therapists/', '/therapists/:providerId/']));
    expect(paths).toEqual(expect.arrayContaining(['/appointments/:bookingId/', '/payment/:bookingId/', '/wallet/']));
    expect(paths.length).toBeGreaterThan(40);
    for (const page of paths) {
      const url = page.replace(/:(\w+)/g, (_, name: string) =>
        name === 'providerId' ? providerId : crypto.randomUUID(),
      );
      for (const variant of [url, url === '/' ? url : url.replace(/\/$/, '')]) {
        const res = await get(variant);
        expect(res.statusCode, variant).toBe(200);
        expect(res.headers['content-type'], variant).toMatch(/^text\/html/);
        expect(res.body, variant).toContain('<div id="root">');
      }
      // The same page in German, signed-in ones too (they have no alternates, but their language).
      const german = await get(`/de${url}`, 'de');
      expect(german.statusCode, `/de${url}`).toBe(200);
      expect(german.body, `/de${url}`).toContain('<html lang="de"');
      expect(german.body, `/de${url}`).toContain('<div id="root">');
    }
  });
});

describe('canonical addresses', () => {
  const publicPages = () => [
    '/',
    '/login/',
    '/register/',
    '/register/client/',
    '/register/provider/',
    '/forgot-password/',
    '/terms/',
    '/privacy/',
    '/policy/client-cancellation/',
    '/policy/provider-cancellation/',
    '/therapists/',
    `/therapists/${providerId}/`,
  ];

  it('each public page names exactly one, its own language’s, absolute on the public origin, with the trailing slash', async () => {
    for (const page of publicPages()) {
      for (const lng of ['en', 'de'] as const) {
        const url = at(lng, page);
        const res = await get(url, lng);
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toContain(`<html lang="${lng}"`);
        expect(canonicals(res.body), url).toEqual([`${origin}${url}`]);
        expect(res.body, url).toContain(`<meta property="og:url" content="${origin}${url}">`);
        // Both languages name each other, and the English page is the one for every other language.
        expect(alternates(res.body), url).toEqual([
          ['en', `${origin}${page}`],
          ['de', `${origin}/de${page}`],
          ['x-default', `${origin}${page}`],
        ]);
      }
    }
  });

  it('the directory’s is /therapists/ with the state alone, however it is asked for', async () => {
    for (const [url, canonical] of [
      ['/therapists', '/therapists/'],
      ['/therapists/?q=anxiety', '/therapists/'],
      ['/therapists/?state=NY', '/therapists/?state=NY'],
      ['/therapists?state=CA&q=anxiety', '/therapists/?state=CA'],
      // The state as any case; the sort and the page number are views of the state's page too.
      ['/therapists?state=ny&therapy=couples&sort=price&page=2', '/therapists/?state=NY'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(canonicals(res.body), url).toEqual([`${origin}${canonical}`]);
    }
    const de = await get('/de/therapists?state=NY', 'de');
    expect(canonicals(de.body)).toEqual([`${origin}/de/therapists/?state=NY`]);
    expect(de.body).toContain('<html lang="de"');
    expect(de.body).toContain('<title>Therapeut*in finden · Therapy Finder</title>');
  });
});

describe('the home page', () => {
  it('names a real favicon file, served as SVG', async () => {
    const home = await get('/');
    expect(home.body).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg" />');
    expect(home.body).not.toContain('data:image');
    const icon = await t.request({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(icon.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>\s*$/s);
  });

  it('is valid HTML (html-validate, standard rules), in both languages', async () => {
    // `standard` is `recommended` less its style rules, which the page fails by taste, not validity: an upper-case
    // DOCTYPE, no self-closing void elements, `hidden`/`selected` without values, no-break spaces in phone numbers, and
    // strict ids (React's useId ids such as `_R_3md_` are valid HTML ids).
    const validator = new HtmlValidate({ extends: ['html-validate:standard'] });
    for (const lng of ['en', 'de'] as const) {
      const home = await get(at(lng, '/'), lng);
      const report = await validator.validateString(home.body);
      const messages = report.results.flatMap((r) =>
        r.messages.map((m) => `${m.ruleId}: ${m.message} (${m.line}:${m.column})`),
      );
      expect(messages, lng).toEqual([]);
    }
  });
});

describe('German URLs (docs/decisions/0063)', () => {
  const page = (url: string, headers: Record<string, string>) =>
    t.request({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
  const expectTwin = (res: Awaited<ReturnType<typeof page>>, to: string) => {
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(to);
    expect(res.headers.vary).toBe('Cookie, Accept-Language');
  };
  const expectEnglish = (res: Awaited<ReturnType<typeof page>>) => {
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="en"');
    expect(res.body).toContain('<title>Find a therapist · Therapy Finder</title>');
  };

  it('a bare URL goes to its German twin when the saved language is German', async () => {
    expectTwin(await page('/therapists/?state=NY', { cookie: 'X-Locale=de' }), '/de/therapists/?state=NY');
    expectTwin(await page('/therapists', { cookie: 'X-Locale=de', 'accept-language': 'en-US,en' }), '/de/therapists');
    expectTwin(await page('/', { cookie: 'X-Language=de' }), '/de/');
    expectTwin(await page(`/therapists/${providerId}/`, { cookie: 'X-Locale=de' }), `/de/therapists/${providerId}/`);
    // Signed-in pages too: their shell is then German.
    expectTwin(await page('/wallet/', { cookie: 'X-Locale=de' }), '/de/wallet/');
  });

  it('a saved English choice wins over a browser that asks for German', async () => {
    expectEnglish(await page('/therapists/', { cookie: 'X-Locale=en', 'accept-language': 'de-DE,de;q=0.9' }));
  });

  it('without a saved choice, a browser asking for German first goes to the German twin, others stay', async () => {
    expectTwin(await page('/therapists/', { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' }), '/de/therapists/');
    expectTwin(await page('/therapists/', { 'accept-language': 'fr-FR,de;q=0.8,en;q=0.5' }), '/de/therapists/');
    expectTwin(await page('/therapists/', { 'accept-language': 'en;q=0.5,de;q=0.9' }), '/de/therapists/');
    expectEnglish(await page('/therapists/', { 'accept-language': 'en-GB,de;q=0.9' }));
    expectEnglish(await page('/therapists/', { 'accept-language': 'fr-FR' }));
  });

  it('crawlers (no cookie, no Accept-Language) are never redirected and read each language at its own URL', async () => {
    const googlebot = { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' };
    expectEnglish(await page('/therapists/', googlebot));
    const german = await page('/de/therapists/', googlebot);
    expect(german.statusCode).toBe(200);
    expect(german.body).toContain('<html lang="de"');
    expect(german.body).toContain('<title>Therapeut*in finden · Therapy Finder</title>');
  });

  it('a /de URL is German whatever the cookie or browser says', async () => {
    const visitors: Record<string, string>[] = [{ cookie: 'X-Locale=en' }, { 'accept-language': 'en-US' }, {}];
    for (const headers of visitors) {
      const res = await page('/de/login/', headers);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<html lang="de"');
      expect(res.body).toContain('<title>Anmelden · Therapy Finder</title>');
      expect(canonicals(res.body)).toEqual([`${origin}/de/login/`]);
    }
    const home = await page('/de', {});
    expect(home.statusCode).toBe(200);
    expect(canonicals(home.body)).toEqual([`${origin}/de/`]);
    expect(alternates(home.body)).toEqual([
      ['en', `${origin}/`],
      ['de', `${origin}/de/`],
      ['x-default', `${origin}/`],
    ]);
  });

  it('an unknown /de path is the German not-found page, 404', async () => {
    for (const url of ['/de/no-such-page/', '/de/de/therapists/', '/de/api/v1/users']) {
      const res = await page(url, { cookie: 'X-Locale=en' });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<html lang="de"');
      expect(res.body, url).toContain(locale('de').notFound.title);
    }
  });

  it('the API, files, the sitemap, robots.txt and the favicon are never moved under /de', async () => {
    const german = { cookie: 'X-Locale=de', 'accept-language': 'de' };
    for (const url of ['/sitemap.xml', '/robots.txt', '/favicon.svg']) {
      const res = await page(url, german);
      expect(res.statusCode, url).toBe(200);
      expect((await page(`/de${url}`, german)).statusCode, `/de${url}`).toBe(404);
    }
    const api = await page('/api/v1/no-such-thing', german);
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await page('/assets/no-such-file.js', german)).json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('every German page the sitemap lists is there, German, and names itself as canonical', async () => {
    const xml = (await t.request({ method: 'GET', url: '/sitemap.xml' })).body;
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    const german = locs.filter((loc) => loc.startsWith(`${origin}/de/`));
    expect(german).toContain(`${origin}/de/therapists/${providerId}/`);
    expect(german.length).toBe(locs.length / 2);
    for (const loc of german) {
      const res = await page(loc.slice(origin.length), {});
      expect(res.statusCode, loc).toBe(200);
      expect(res.body, loc).toContain('<html lang="de"');
      expect(canonicals(res.body), loc).toEqual([loc]);
    }
  });
});
