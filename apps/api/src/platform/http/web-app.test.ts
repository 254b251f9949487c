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

describe('unknown paths', () => {
  it('answer 404 with the not-found page rendered on the server, in the visitor’s language', async () => {
    for (const lng of ['en', 'de'] as const) {
      for (const url of ['/no-such-page/', '/no-such-page', '/therapists/a/b/', '/overview/nothing-here/']) {
        const res = await get(url, lng);
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).toMatch(/^text\/html/);
        expect(res.body, url).toContain(`<html lang="${lng}"`);
        expect(res.body, url).toContain(locale(lng).notFound.title);
        expect(res.body, url).toContain(locale(lng).notFound.body);
        // A missing page has no address of its own to tell search engines.
        expect(res.body, url).not.toContain('rel="canonical"');
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

  it('each public page names exactly one, absolute on the public origin, with the trailing slash', async () => {
    for (const page of publicPages()) {
      for (const lng of ['en', 'de']) {
        const res = await get(page, lng);
        expect(res.statusCode, page).toBe(200);
        const links = [...res.body.matchAll(/<link rel="canonical" href="([^"]*)"/g)].map((m) => m[1]);
        expect(links, `${page} (${lng})`).toEqual([`${origin}${page}`]);
        expect(res.body, page).toContain(`<meta property="og:url" content="${origin}${page}">`);
      }
    }
  });

  it('the directory’s is /therapists/ with the state alone, however it is asked for', async () => {
    for (const [url, canonical] of [
      ['/therapists', '/therapists/'],
      ['/therapists/?q=anxiety', '/therapists/'],
      ['/therapists/?state=NY', '/therapists/?state=NY'],
      ['/therapists?state=CA&q=anxiety', '/therapists/?state=CA'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      const links = [...res.body.matchAll(/<link rel="canonical" href="([^"]*)"/g)].map((m) => m[1]);
      expect(links, url).toEqual([`${origin}${canonical}`]);
    }
    const de = await get('/therapists/', 'de');
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
    for (const lng of ['en', 'de']) {
      const home = await get('/', lng);
      const report = await validator.validateString(home.body);
      const messages = report.results.flatMap((r) =>
        r.messages.map((m) => `${m.ruleId}: ${m.message} (${m.line}:${m.column})`),
      );
      expect(messages, lng).toEqual([]);
    }
  });
});
