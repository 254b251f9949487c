import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { chooseLanguage, expectNoHorizontalScroll } from '../support/app.ts';

/**
 * Issue 48, "search finds less than the filters": a visitor types a speciality's or therapy's word and finds at least
 * the therapists its filter finds (the demo's thirty therapists in New York), in English and, on a phone, in German;
 * every price option names its currency, a fee in euros shows its dollar estimate; Back restores the filters before.
 */
type Found = { data: Array<{ firstName: string | null; lastName: string | null }>; meta: { total: number } };
const find = async (request: APIRequestContext, query: string) => {
  const res = await request.get(`/api/v1/therapists?state=NY&pageSize=50&${query}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Found;
};
const count = (page: Page) => page.getByRole('status').filter({ hasText: /\d/ });

test('a visitor searches "addiction" and finds the therapists the Speciality filter finds', async ({
  page,
  a11y,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL });
  const byFilter = await find(request, 'speciality=addiction');
  const byText = await find(request, 'q=addiction');
  await request.dispose();
  expect(byFilter.meta.total).toBeGreaterThan(0);
  expect(byText.meta.total).toBeGreaterThanOrEqual(byFilter.meta.total);

  await page.goto('/therapists?state=NY');
  await expect(page.getByRole('heading', { name: 'Therapists in New York' })).toBeVisible();
  // Every price option says its currency (New York: dollars); a fee in euros has its estimate beside it.
  await expect(page.getByRole('group', { name: 'Price per session (USD)' })).toBeVisible();
  await expect(page.getByLabel('Minimum').locator('option', { hasText: 'From $100.00' })).toHaveCount(1);
  await expect(page.getByLabel('Maximum').locator('option', { hasText: 'Up to $100.00' })).toHaveCount(1);

  await page.getByRole('searchbox', { name: 'Search by name or topic' }).fill('addiction');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/q=addiction/);
  await expect(count(page)).toHaveText(byText.meta.total === 1 ? '1 therapist' : `${byText.meta.total} therapists`);
  await a11y('directory search (en)');
  // Narrowed by the filter as well, the list is the filter's own: nobody the filter finds was missing.
  await page.getByLabel('Speciality').selectOption('addiction');
  await expect(count(page)).toHaveText(byFilter.meta.total === 1 ? '1 therapist' : `${byFilter.meta.total} therapists`);
  for (const t of byFilter.data.slice(0, 12))
    await expect(page.getByRole('link', { name: new RegExp(`${t.firstName} ${t.lastName}$`) })).toBeVisible();

  // Back: the search without the speciality, then the directory without the search.
  await page.goBack();
  await expect(page).toHaveURL(/q=addiction/);
  await expect(page).not.toHaveURL(/speciality=/);
  await expect(page.getByLabel('Speciality')).toHaveValue('');
  await page.goBack();
  await expect(page).toHaveURL(/\/therapists\?state=NY$/);
  await expect(page.getByRole('searchbox', { name: 'Search by name or topic' })).toHaveValue('');

  // The demo therapist's fee is in euros: her card shows the lowest she can be booked at (her only therapy's €80, not
  // the €60 default), and its dollar estimate at the demo rate (0.92 € per $), which the filters and the sort compare.
  await page.getByRole('searchbox', { name: 'Search by name or topic' }).fill('Lena Hoffmann');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const lena = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: /Lena Hoffmann$/ }) });
  await expect(lena.getByText(/^from €80\.00 per session$/)).toBeVisible();
  await expect(lena.getByText(/^≈ \$86\.96$/)).toBeVisible();
  await a11y('directory with a converted fee (en)');
});

test.describe('in German on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('"Paartherapie" and "Sucht" find the therapists of their filters', async ({
    page,
    a11y,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const request = await playwright.request.newContext({ baseURL });
    const couples = await find(request, 'therapy=couples');
    const paartherapie = await find(request, 'q=Paartherapie');
    const addiction = await find(request, 'speciality=addiction');
    const sucht = await find(request, 'q=Sucht');
    await request.dispose();
    expect(couples.meta.total).toBeGreaterThan(0);
    expect(paartherapie.meta.total).toBeGreaterThanOrEqual(couples.meta.total);
    expect(sucht.meta.total).toBeGreaterThanOrEqual(addiction.meta.total);

    await page.goto('/');
    await chooseLanguage(page, 'de');
    await page.goto('/therapists?state=NY');
    await expect(page.getByRole('heading', { name: 'Therapeutinnen und Therapeuten in New York' })).toBeVisible();
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await expect(page.getByRole('group', { name: 'Preis pro Sitzung (USD)' })).toBeVisible();
    await expect(page.getByLabel('Mindestens').locator('option', { hasText: /^Ab 100,00\s\$$/ })).toHaveCount(1);
    await page.getByRole('searchbox', { name: 'Nach Name oder Thema suchen' }).fill('Paartherapie');
    await page.getByRole('button', { name: 'Suchen', exact: true }).click();
    await expect(page).toHaveURL(/q=Paartherapie/);
    await expect(count(page)).toHaveText(
      paartherapie.meta.total === 1 ? '1 Therapeut*in' : `${paartherapie.meta.total} Therapeut*innen`,
    );
    await a11y('directory search (de, 375 px)');
    await expectNoHorizontalScroll(page, 375);
    await page.getByLabel('Therapie', { exact: true }).selectOption('couples');
    await expect(count(page)).toHaveText(
      couples.meta.total === 1 ? '1 Therapeut*in' : `${couples.meta.total} Therapeut*innen`,
    );
    await page.goBack();
    await expect(page.getByLabel('Therapie', { exact: true })).toHaveValue('');
    await expect(page).toHaveURL(/q=Paartherapie/);
  });
});
