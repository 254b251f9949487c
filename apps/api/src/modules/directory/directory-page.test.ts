import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { servedDemoApp, webRoot } from '../../../test/served-demo-app.ts';

/**
 * Issue 49, "the directory paints late": a state's search arrives rendered with its first page of therapists, the same
 * the API lists for it, with the data the browser hydrates from (it asks nothing again); every picture keeps its
 * space (width and height), the first cards' load at once and the rest lazily (its canonical address: web-app.test.ts).
 * A therapist page for an id that cannot be one, or that nobody has, is a 404 with the page's not-found
 * state. On the demo directory (thirty therapists in New York, with pictures). Needs the web build.
 */
const origin = 'http://localhost:5173';
const therapistsText = (lng: 'en' | 'de') =>
  JSON.parse(fs.readFileSync(path.join(webRoot, 'src', 'locales', lng, 'therapists.json'), 'utf8')) as {
    notFound: { title: string; body: string };
  };

let t: TestApp;

beforeAll(async () => {
  t = await servedDemoApp(origin);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const page = (url: string, lang = 'en') =>
  t.request({ method: 'GET', url, headers: { accept: 'text/html', 'accept-language': lang } });
/** The results list's markup: from the list of cards to the end of the root element. */
const results = (html: string) => {
  const root = /<div id="root">([\s\S]*)<\/div><script type="application\/json" id="ssr-data">/.exec(html)?.[1] ?? '';
  return root;
};
const cardLinks = (html: string) =>
  [...results(html).matchAll(/href="(?:\/de)?\/therapists\/([0-9a-f-]{36})\/"/g)].map((m) => m[1]!);

describe('a state’s search', () => {
  it('arrives with the first page of therapists the API lists for it, in the same order, in both languages', async () => {
    const api = await t.request({ method: 'GET', url: '/api/v1/therapists?state=NY' });
    expect(api.statusCode, api.body).toBe(200);
    const listed = (api.json() as { data: Array<{ identifier: string; lastName: string | null }> }).data;
    expect(listed.length).toBeGreaterThan(3);
    for (const lng of ['en', 'de'] as const) {
      const res = await page(`${lng === 'de' ? '/de' : ''}/therapists/?state=NY`, lng);
      expect(res.statusCode).toBe(200);
      // Each card is one link; the order is the API's.
      expect([...new Set(cardLinks(res.body))]).toEqual(listed.map((e) => e.identifier));
      for (const entry of listed) if (entry.lastName) expect(results(res.body)).toContain(entry.lastName);
      // The queries it was rendered from travel with it, under the keys the page asks with: nothing is fetched again.
      const data = /<script type="application\/json" id="ssr-data">([\s\S]*?)<\/script>/.exec(res.body)?.[1] ?? '';
      expect(data).toContain('"queryKey":["directory",{"state":"NY"}]');
      expect(res.body).toContain(`<html lang="${lng}"`);
    }
  });

  it('keeps every picture’s space, loads the first three cards’ at once and the others’ when scrolled near', async () => {
    const res = await page('/therapists/?state=NY');
    const cards = [...results(res.body).matchAll(/<li class="relative flex[\s\S]*?<\/li>/g)].map((m) => m[0]);
    const pictured = cards.flatMap((card, i) => {
      const img = /<img [^>]*>/.exec(card)?.[0];
      return img ? [{ i, img }] : [];
    });
    // The demo's therapists have pictures, so most cards show one (a few show initials).
    expect(pictured.length).toBeGreaterThan(cards.length / 2);
    for (const { img } of pictured) {
      expect(img, img).toMatch(/ width="72" height="72"/);
      expect(img, img).toContain('decoding="async"');
    }
    for (const { i, img } of pictured) expect(img, `card ${i}`).toContain(i < 3 ? 'loading="eager"' : 'loading="lazy"');
  });

  it('a state the API refuses is still a page (200) the browser renders with its message, never a 5xx', async () => {
    for (const url of ['/therapists/?state=ZZ', '/therapists/?state=NY&priceMin=abc', '/therapists/?state=N%C3%BC']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root">');
    }
  });
});

describe('a therapist page', () => {
  it('for an id that cannot be one, or one nobody has, answers 404 with the page’s not-found state', async () => {
    for (const lng of ['en', 'de'] as const) {
      for (const url of ['/therapists/not-a-uuid/', '/therapists/0190a0a0-0000-7000-8000-000000000000/']) {
        const res = await page(`${lng === 'de' ? '/de' : ''}${url}`, lng);
        expect(res.statusCode, url).toBe(404);
        expect(res.body, url).toContain(therapistsText(lng).notFound.title);
        expect(res.body, url).toContain(therapistsText(lng).notFound.body);
        expect(res.body, url).not.toContain('rel="canonical"');
      }
    }
  });

  it('a listed therapist’s page is 200, and its photo is fetched first with its space kept', async () => {
    const pictured = (
      (await t.request({ method: 'GET', url: '/api/v1/therapists?state=NY' })).json() as {
        data: Array<{ identifier: string; photoUrl: string | null }>;
      }
    ).data.find((e) => e.photoUrl);
    const res = await page(`/therapists/${pictured!.identifier}/`);
    expect(res.statusCode).toBe(200);
    const photo = /<img [^>]*data-profile-picture[^>]*>/.exec(results(res.body))?.[0] ?? '';
    // HTML attribute names are case-insensitive; React writes fetchPriority.
    expect(photo).toMatch(/ fetchpriority="high"/i);
    expect(photo).toMatch(/ width="112" height="112"/);
  });
});
