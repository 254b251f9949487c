import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import jsonld from 'jsonld';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { servedDemoApp } from '../../../test/served-demo-app.ts';
import { renderCard } from '../../platform/og-card.ts';

/**
 * Issue 49, "search engines and link previews", checked by independent implementations: every public page's HTML by
 * the Nu Html Checker (vnu.jar, errors and warnings), its schema.org JSON-LD by a JSON-LD processor (jsonld.js
 * expands it: valid JSON-LD whose terms are schema.org's), its `og:image` by fetching it and reading it with sharp
 * (a 1200 x 630 PNG). On the demo directory (thirty therapists in New York, with pictures). Needs the web build.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const vnuJar = path.resolve(here, '../../../../../node_modules/vnu-jar/build/dist/vnu.jar');
const origin = 'http://localhost:5173';
const run = promisify(execFile);

let t: TestApp;
let demoProvider: string;
let pictured: string;

beforeAll(async () => {
  t = await servedDemoApp(origin);
  const rows = await t.db.$client.query<{ provider_id: string; photo_file_id: string | null; email: string }>(
    `SELECT d.provider_id, d.photo_file_id, u.email FROM directory_entries d JOIN users u ON u.identifier = d.provider_id`,
  );
  demoProvider = rows.rows.find((r) => r.email === 'provider@demo.therapy.local')!.provider_id;
  pictured = rows.rows.find((r) => r.photo_file_id !== null)!.provider_id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const page = (url: string) => t.request({ method: 'GET', url, headers: { accept: 'text/html' } });
const metaOf = (html: string, property: string) =>
  new RegExp(`<meta property="${property.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`).exec(html)?.[1];
const ldScripts = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);

/** jsonld.js with schema.org's vocabulary as the context (the published context maps its terms the same way). */
async function expand(document: object) {
  return jsonld.expand(document, {
    documentLoader: async (url: string) => {
      if (url.replace(/\/$/, '') !== 'https://schema.org') throw new Error(`no remote context: ${url}`);
      return { documentUrl: url, document: { '@context': { '@vocab': 'https://schema.org/' } } };
    },
  });
}
const typesOf = (expanded: Array<Record<string, unknown>>) =>
  expanded.flatMap((node) => [
    ...((node['@type'] as string[] | undefined) ?? []),
    ...((node['@graph'] as Array<Record<string, unknown>> | undefined) ?? []).flatMap(
      (inner) => (inner['@type'] as string[] | undefined) ?? [],
    ),
  ]);

describe('the Nu Html Checker', () => {
  it('finds no error and no warning on any public page, in either language, nor on the not-found page', async () => {
    const paths = [
      '/',
      '/therapists/',
      '/therapists/?state=NY',
      `/therapists/${demoProvider}/`,
      `/therapists/${pictured}/`,
      '/login/',
      '/register/',
      '/forgot-password/',
      '/contact/',
      '/terms/',
      '/privacy/',
      '/de/',
      '/de/therapists/?state=NY',
      `/de/therapists/${demoProvider}/`,
      '/de/login/',
      '/no-such-page/',
    ];
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vnu-'));
    const files: string[] = [];
    for (const [i, p] of paths.entries()) {
      const res = await page(p);
      expect([200, 404], p).toContain(res.statusCode);
      const file = path.join(dir, `page-${i}.html`);
      fs.writeFileSync(file, res.body);
      files.push(file);
    }
    // vnu exits 1 when it reports anything; its JSON names each message's type (error, or info with subType warning).
    const out = await run('java', ['-jar', vnuJar, '--format', 'json', '--stdout', ...files]).catch(
      (err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }),
    );
    const messages = (
      JSON.parse(out.stdout) as { messages: Array<{ type: string; subType?: string; url: string; message: string }> }
    ).messages.filter((m) => m.type === 'error' || m.subType === 'warning');
    fs.rmSync(dir, { recursive: true, force: true });
    expect(messages.map((m) => `${paths[Number(/page-(\d+)/.exec(m.url)?.[1])]}: ${m.message}`)).toEqual([]);
  }, 120_000);

  it('reports a page that is not valid HTML (the check can fail)', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vnu-')), 'bad.html');
    fs.writeFileSync(
      file,
      '<!doctype html><html lang="en"><head><title>x</title></head><body><div><p></span></body></html>',
    );
    const out = await run('java', ['-jar', vnuJar, '--format', 'json', '--stdout', file]).catch(
      (err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }),
    );
    const { messages } = JSON.parse(out.stdout) as { messages: Array<{ type: string }> };
    expect(messages.some((m) => m.type === 'error')).toBe(true);
  }, 60_000);
});

describe('structured data (schema.org JSON-LD)', () => {
  it('makes a therapist page a Person who runs a MedicalBusiness with its fees, languages, area and reviews', async () => {
    const res = await page(`/therapists/${demoProvider}/`);
    const [text, ...more] = ldScripts(res.body);
    expect(more).toEqual([]);
    const document = JSON.parse(text!) as { '@graph': Array<Record<string, unknown>> };
    expect(typesOf((await expand(document)) as Array<Record<string, unknown>>).sort()).toEqual([
      'https://schema.org/MedicalBusiness',
      'https://schema.org/Person',
    ]);
    const profile = (await t.request({ method: 'GET', url: `/api/v1/therapists/${demoProvider}` })).json() as {
      data: {
        prices: Array<{ therapy: { name: string }; fee: { amount: number; currencyCode: string } }>;
        licenceStates: Array<{ name: string }>;
        languages: Array<{ code: string }>;
        rating: { average: number | null; count: number };
      };
    };
    const url = `${origin}/therapists/${demoProvider}/`;
    const [person, practice] = document['@graph'] as [Record<string, unknown>, Record<string, unknown>];
    expect(person).toMatchObject({ '@type': 'Person', name: 'Dr Lena Hoffmann', url, honorificPrefix: 'Dr' });
    expect((person.knowsLanguage as Array<{ alternateName: string }>).map((l) => l.alternateName)).toEqual(
      profile.data.languages.map((l) => l.code),
    );
    expect(practice).toMatchObject({
      '@type': 'MedicalBusiness',
      url,
      image: `${origin}/og/therapists/${demoProvider}.png`,
      founder: { '@id': `${url}#person` },
      areaServed: profile.data.licenceStates.map((s) => ({ '@type': 'State', name: s.name })),
    });
    // The offers are what a booking of each therapy is charged (€80.00 for individual therapy in the demo).
    expect(practice.makesOffer).toEqual(
      profile.data.prices.map((p) => ({
        '@type': 'Offer',
        price: (p.fee.amount / 100).toFixed(2),
        priceCurrency: p.fee.currencyCode,
        url,
        itemOffered: { '@type': 'Service', name: p.therapy.name },
      })),
    );
    expect(profile.data.prices.map((p) => p.fee.amount)).toContain(8000);
    if (profile.data.rating.count > 0)
      expect(practice.aggregateRating).toEqual({
        '@type': 'AggregateRating',
        ratingValue: profile.data.rating.average,
        reviewCount: profile.data.rating.count,
        bestRating: 5,
        worstRating: 1,
      });
    else expect(practice.aggregateRating).toBeUndefined();
  });

  it('keeps a bio that says </script> inside its script element, and reads it back unchanged', async () => {
    const bio = 'I help with panic </script><script>alert(1)</script> & worry <!-- here';
    await t.db.$client.query('UPDATE directory_entries SET bio = $1 WHERE provider_id = $2', [bio, pictured]);
    const res = await page(`/therapists/${pictured}/`);
    expect(res.body).not.toContain('<script>alert(1)');
    const [text] = ldScripts(res.body);
    const graph = (JSON.parse(text!) as { '@graph': Array<{ description?: string }> })['@graph'];
    expect(graph[0]!.description).toBe(bio);
  });

  it('lists a state’s therapists in the order of the page, in its language, and names the site on the home page', async () => {
    const api = (await t.request({ method: 'GET', url: '/api/v1/therapists?state=NY' })).json() as {
      data: Array<{ identifier: string }>;
      meta: { total: number };
    };
    const res = await page('/de/therapists/?state=NY');
    const list = JSON.parse(ldScripts(res.body)[0]!) as {
      '@type': string;
      numberOfItems: number;
      itemListElement: Array<{ position: number; url: string }>;
    };
    expect(typesOf((await expand(list)) as Array<Record<string, unknown>>)).toEqual(['https://schema.org/ItemList']);
    expect(list.numberOfItems).toBe(api.meta.total);
    expect(list.itemListElement.map((i) => i.url)).toEqual(
      api.data.map((e) => `${origin}/de/therapists/${e.identifier}/`),
    );
    expect(list.itemListElement.map((i) => i.position)).toEqual(api.data.map((_e, i) => i + 1));

    const home = JSON.parse(ldScripts((await page('/')).body)[0]!) as object;
    expect(typesOf((await expand(home)) as Array<Record<string, unknown>>).sort()).toEqual([
      'https://schema.org/Organization',
      'https://schema.org/WebSite',
    ]);
    // A page without a subject of its own has none; a missing therapist none either.
    expect(ldScripts((await page('/login/')).body)).toEqual([]);
    expect(ldScripts((await page('/therapists/0190a0a0-0000-7000-8000-000000000000/')).body)).toEqual([]);
  });
});

describe('link-preview pictures (og:image)', () => {
  const png = async (url: string, headers: Record<string, string> = {}) =>
    t.request({ method: 'GET', url: url.replace(origin, ''), headers });

  it('gives a therapist page their own card, a 1200 x 630 PNG, cached by version', async () => {
    const res = await page(`/therapists/${pictured}/`);
    const image = metaOf(res.body, 'og:image');
    expect(image).toBe(`${origin}/og/therapists/${pictured}.png`);
    expect(metaOf(res.body, 'og:image:alt')).toBeTruthy();
    expect(res.body).toContain('<meta name="twitter:card" content="summary_large_image">');
    const card = await png(image!);
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/png');
    const info = await sharp(card.rawPayload).metadata();
    expect([info.format, info.width, info.height]).toEqual(['png', 1200, 630]);
    // Fetched again with its ETag: not modified.
    const again = await png(image!, { 'if-none-match': String(card.headers.etag) });
    expect(again.statusCode).toBe(304);
    // The photo is on the card: the circle's middle is not the initials' pale background.
    const { data } = await sharp(card.rawPayload)
      .extract({ left: 200, top: 260, width: 40, height: 40 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const [r, g, b] = [data[0]!, data[1]!, data[2]!];
    expect(Math.abs(r - 0xcc) + Math.abs(g - 0xfb) + Math.abs(b - 0xf1)).toBeGreaterThan(60);
  });

  it('gives every other page the site’s card, and has no card for someone not listed', async () => {
    for (const p of ['/', '/login/', '/therapists/?state=NY']) {
      const image = metaOf((await page(p)).body, 'og:image');
      expect(image, p).toBe(`${origin}/og/site.png`);
    }
    const site = await png('/og/site.png');
    expect(site.statusCode).toBe(200);
    expect((await sharp(site.rawPayload).metadata()).width).toBe(1200);
    for (const url of [
      '/og/therapists/0190a0a0-0000-7000-8000-000000000000.png',
      '/og/therapists/not-a-uuid.png',
      `/og/therapists/${pictured}.jpg`,
    ])
      expect((await png(url)).statusCode, url).toBe(404);
    // A provider whose verification is suspended has no page, so no card either.
    await t.db.$client.query(`UPDATE provider_verifications SET status = 'suspended' WHERE provider_id = $1`, [
      pictured,
    ]);
    expect((await png(`/og/therapists/${pictured}.png`)).statusCode).toBe(404);
    await t.db.$client.query(`UPDATE provider_verifications SET status = 'approved' WHERE provider_id = $1`, [
      pictured,
    ]);
  });
});

describe('the card renderer', () => {
  it('draws the photo as given, and the initials without one', async () => {
    const red = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const centre = async (card: Buffer) =>
      [...(await sharp(card).extract({ left: 215, top: 275, width: 1, height: 1 }).raw().toBuffer())].slice(0, 3);
    expect(await centre(await renderCard({ title: 'Zoë Łukasz', photo: red }))).toEqual([255, 0, 0]);
    const plain = await renderCard({ title: 'Zoë Łukasz', photo: Buffer.from('not a picture') });
    expect(await centre(plain)).not.toEqual([255, 0, 0]);
  });
});
