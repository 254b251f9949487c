import { expect, test } from '../support/fixtures.ts';

/**
 * Issue 10 "First paint": public pages arrive rendered (their content is in the HTML, before any script runs), the
 * browser then hydrates them without a mismatch, and the built files travel compressed with long-lived caching.
 */
test('the landing page is in the HTML itself, in the visitor language, and hydrates without errors', async ({
  page,
  request,
  browser,
  browserErrors,
  a11y,
}) => {
  const english = await request.get('/', { headers: { 'accept-language': 'en-US,en;q=0.9' } });
  expect(english.status()).toBe(200);
  expect(english.headers()['cache-control']).toBe('no-cache');
  const html = await english.text();
  expect(html).toMatch(/<html lang="en"/);
  expect(html).toMatch(/<h1[^>]*id="hero-title"[^>]*>[^<]+<\/h1>/);
  expect(html).toContain('<script type="application/json" id="ssr-data">');
  // The footer's country is named by the server, so the browser need not load its region names on every page.
  expect(html).toContain('"countryNames":{"US":"United States"}');

  const german = await request.get('/', { headers: { cookie: 'X-Locale=de' } });
  const germanHtml = await german.text();
  expect(germanHtml).toMatch(/<html lang="de"/);
  expect(germanHtml).toMatch(/<title>[^<]*Therapeut/);
  const austrian = await (
    await request.get('/', { headers: { cookie: 'X-Locale=de', 'accept-language': 'de,de-AT;q=0.9' } })
  ).text();
  expect(austrian).toContain('"countryNames":{"AT":"Österreich"}');

  // Without JavaScript the visitor still reads the page and can follow its links.
  const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL: test.info().project.use.baseURL });
  const plain = await noScript.newPage();
  await plain.goto('/');
  await expect(plain.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(plain.getByRole('link', { name: /sign in/i }).first()).toBeVisible();
  await noScript.close();

  // With JavaScript the same markup becomes the app: navigation happens in place, no hydration error is logged.
  await page.goto('/');
  await page
    .getByRole('link', { name: /sign in/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await a11y('login after hydration');
  expect(browserErrors).toEqual([]);
});

test('a therapist page carries the therapist in its HTML; an unknown therapist is a 404 page', async ({
  page,
  request,
  createUser,
  browserErrors,
}) => {
  const provider = await createUser('provider');
  const login = await request.post('/api/v1/user/login', {
    data: { email: provider.email, password: provider.password },
  });
  const providerId = ((await login.json()) as { data: { user: { identifier: string } } }).data.user.identifier;

  const res = await request.get(`/therapists/${providerId}/`);
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toMatch(new RegExp(`<h1[^>]*>${provider.firstName} ${provider.lastName}</h1>`));
  // Search results and link previews (issue 16): its own description, a canonical address, Open Graph.
  const name = `${provider.firstName} ${provider.lastName}`;
  expect(html).toMatch(
    new RegExp(`<meta name="description" content="${name}[^"]*Book a session on Therapy Finder\\."`),
  );
  expect(html).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"]+/therapists/${providerId}/">`));
  expect(html).toMatch(new RegExp(`<meta property="og:title" content="[^"]*${name}[^"]*">`));
  expect(html).toMatch(new RegExp(`<meta property="og:url" content="https?://[^"]+/therapists/${providerId}/">`));
  expect(html.match(/<meta name="description"/g)).toHaveLength(1);
  // The app starts after the first paint (public/boot.js) and preloads the page's own chunk with it, so hydration
  // does not wait for a second round trip; no script is requested before the page is on screen.
  expect(html).toMatch(
    /<script src="\/boot\.js" defer data-entry="\/assets\/index-[\w-]+\.js" data-preload="[^"]*\/assets\/therapist-route-[\w-]+\.js[^"]*"><\/script>/,
  );
  expect(html).not.toMatch(/<script type="module"|rel="modulepreload"/);
  // Each file once, and no page loads zod for its id check (25 KB gzip of script to parse before the calendar).
  const preloads = /data-preload="([^"]*)"/.exec(html)?.[1]?.split(' ') ?? [];
  expect(preloads.length).toBe(new Set(preloads).size);
  expect(preloads.filter((file) => /\/schemas-[\w-]+\.js$/.test(file))).toEqual([]);

  await page.goto(`/therapists/${providerId}/`);
  await expect(
    page.getByRole('heading', { level: 1, name: `${provider.firstName} ${provider.lastName}` }),
  ).toBeVisible();
  // The calendar needs the browser's time zone, so it appears once the page is hydrated.
  await expect(page.getByRole('heading', { level: 2, name: /select a date and time/i })).toBeVisible();
  await expect(page.getByRole('grid')).toBeVisible();
  expect(browserErrors).toEqual([]);

  const unknown = await request.get('/therapists/01900000-0000-7000-8000-000000000000/');
  expect(unknown.status()).toBe(404);
  expect(unknown.headers()['content-type']).toContain('text/html');
});

test('built files are served compressed and cached for a year; source maps are not served', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const script = /data-entry="([^"]+)"/.exec(html)?.[1];
  expect(script).toMatch(/^\/assets\/index-[\w-]+\.js$/);
  const brotli = await request.get(script!, { headers: { 'accept-encoding': 'br, gzip' } });
  expect(brotli.status()).toBe(200);
  expect(brotli.headers()['content-encoding']).toBe('br');
  expect(brotli.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const gzip = await request.get(script!, { headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers()['content-encoding']).toBe('gzip');
  const map = await request.get(`${script!}.map`);
  expect(map.status()).toBe(404);
});

test('a sign-in form sent before the page became the app goes back to the page, with nothing in the address', async ({
  request,
}) => {
  const html = await (await request.get('/login/')).text();
  expect(html).toMatch(/<form[^>]*method="post"/);
  const sent = await request.post('/login/', {
    form: { email: 'someone@example.com', password: 'Secret-Words-42' },
    maxRedirects: 0,
  });
  expect(sent.status()).toBe(303);
  expect(sent.headers()['location']).toBe('/login/');
  const api = await request.post('/api/v1/user/login', { form: { email: 'someone@example.com' } });
  expect(api.status()).toBe(415);
});
