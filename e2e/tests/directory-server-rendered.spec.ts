import type { Browser } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { expectNoHorizontalScroll } from '../support/app.ts';

/**
 * Issue 49, "the directory paints late": a state's search (the demo's therapists in New York) arrives with its
 * results in the HTML, so they show without JavaScript; the browser hydrates them from the data that came with the
 * page (it does not ask the API for them again) without a mismatch, and then writes each card's next free time in the
 * visitor's zone. A therapist page for an id that cannot be one answers 404 with its not-found state.
 */
const isSearch = (url: string) => new URL(url).pathname === '/api/v1/therapists';

test('a state’s search shows its therapists from the server, and the browser takes them over as they are', async ({
  page,
  browserErrors,
  a11y,
  request,
}) => {
  const searches: string[] = [];
  page.on('request', (req) => {
    if (isSearch(req.url())) searches.push(req.url());
  });
  const listed = (await (await request.get('/api/v1/therapists?state=NY')).json()) as {
    data: Array<{ nextFreeAt: string | null }>;
  };
  await page.goto('/therapists/?state=NY');
  await expect(page.getByRole('heading', { name: 'Therapists in New York' })).toBeVisible();
  const cards = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('link') });
  expect(await cards.count()).toBeGreaterThan(3);
  // Hydrated: the next free times are written in the browser's zone once the page runs.
  const withFreeTime = listed.data.filter((e) => e.nextFreeAt).length;
  await expect(page.getByText(/^Next free: /)).toHaveCount(withFreeTime);
  await page.waitForLoadState('networkidle');
  expect(searches, 'the first page of results came with the HTML').toEqual([]);
  expect(browserErrors.filter((e) => /hydrat|did not match/i.test(e))).toEqual([]);
  await a11y('directory, server-rendered');

  // A filter is the browser's work again: it asks the API.
  await page.getByLabel('Sort by').selectOption({ index: 1 });
  await expect.poll(() => searches.length).toBeGreaterThan(0);
});

test.describe('without JavaScript', () => {
  // The app's page fixture waits for the app to start; these pages are read as the server sent them.
  const noScript = (browser: Browser, width = 1280) =>
    browser.newContext({
      javaScriptEnabled: false,
      baseURL: test.info().project.use.baseURL,
      viewport: { width, height: 800 },
    });

  test('the results are in the page, with every picture’s size, on a phone', async ({ browser }) => {
    const context = await noScript(browser, 375);
    const page = await context.newPage();
    const res = await page.goto('/therapists/?state=NY');
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Therapists in New York' })).toBeVisible();
    const links = page.getByRole('main').locator('a[href^="/therapists/"]');
    expect(await links.count()).toBeGreaterThan(3);
    const sizes = await page
      .getByRole('main')
      .locator('li img')
      .evaluateAll((imgs) => imgs.map((img) => [img.getAttribute('width'), img.getAttribute('height')]));
    expect(sizes.every(([w, h]) => w === '72' && h === '72')).toBe(true);
    await expectNoHorizontalScroll(page, 375);
    await context.close();
  });

  test('a therapist page for an id that cannot be one is a 404 with the page’s not-found state', async ({
    browser,
  }) => {
    const context = await noScript(browser);
    const page = await context.newPage();
    const res = await page.goto('/therapists/not-a-uuid/');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Therapist not found' })).toBeVisible();
    await context.close();
  });
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });

  test('the server renders the results in German', async ({ page }) => {
    await page.goto('/therapists/?state=NY');
    await expect(page.getByRole('heading', { name: 'Therapeutinnen und Therapeuten in New York' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    // The cards' own words are German too (the fee line), in the markup the server sent.
    await expect(
      page
        .getByRole('main')
        .getByText(/^ab .+ pro Sitzung$/)
        .first(),
    ).toBeVisible();
  });
});
