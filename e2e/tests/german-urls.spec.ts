import { expect, test } from '../support/fixtures.ts';
import { chooseLanguage } from '../support/app.ts';

/** German has URLs of its own (issue 49, docs/decisions/0063): the switch moves between a page's two addresses. */
test('the directory in English, switched to German at /de/therapists/, kept on reload, and back', async ({
  page,
  a11y,
}) => {
  // Without a state the directory asks for one first (a dialog); closed, the page says why it waits.
  const waitsForState = async (heading: string) => {
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  };
  await page.goto('/therapists/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle('Find a therapist · Therapy Finder');
  await waitsForState('Find the right therapist for you');

  await chooseLanguage(page, 'de');
  expect(new URL(page.url()).pathname).toBe('/de/therapists/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page).toHaveTitle('Therapeut*in finden · Therapy Finder');
  await waitsForState('Finde die passende Therapie für dich');
  await a11y('directory (de, /de/therapists/)');
  // The app's own links stay German: they are under /de too.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', '/de/login');

  await page.reload();
  expect(new URL(page.url()).pathname).toBe('/de/therapists/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await waitsForState('Finde die passende Therapie für dich');

  // The choice is saved: the bare URL sends this browser to the German one.
  await page.goto('/therapists/');
  expect(new URL(page.url()).pathname).toBe('/de/therapists/');
  await waitsForState('Finde die passende Therapie für dich');

  await chooseLanguage(page, 'en');
  expect(new URL(page.url()).pathname).toBe('/therapists/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await waitsForState('Find the right therapist for you');
  await page.reload();
  expect(new URL(page.url()).pathname).toBe('/therapists/');
  await expect(page).toHaveTitle('Find a therapist · Therapy Finder');
  await waitsForState('Find the right therapist for you');
});
