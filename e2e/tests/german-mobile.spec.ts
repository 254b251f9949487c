import { expect, test } from '../support/fixtures.ts';
import { expectNoHorizontalScroll } from '../support/app.ts';

const WIDTH = 375;
test.use({ viewport: { width: WIDTH, height: 812 }, isMobile: true, hasTouch: true });

test('the site switches to German and fits a 375 px wide phone', async ({ page, a11y }) => {
  await page.goto('/');
  await expectNoHorizontalScroll(page, WIDTH);

  await page.getByLabel('Language', { exact: true }).selectOption('de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('link', { name: 'Als Klient registrieren' })).toBeVisible();
  await a11y('landing (de, 375 px)');
  await expectNoHorizontalScroll(page, WIDTH);

  // The choice is kept (cookie) across a full page load, on another page.
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
  await expect(page.getByLabel('Passwort', { exact: true })).toBeVisible();
  await a11y('login (de, 375 px)');
  await expectNoHorizontalScroll(page, WIDTH);

  await page.goto('/register/client');
  await expect(page.getByLabel('E-Mail bestätigen')).toBeVisible();
  await a11y('register client (de, 375 px)');
  await expectNoHorizontalScroll(page, WIDTH);
});
