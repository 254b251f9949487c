import { expect, test } from '../support/fixtures.ts';
import { chooseLanguage, expectNoHorizontalScroll, signIn } from '../support/app.ts';

const WIDTH = 375;
test.use({ viewport: { width: WIDTH, height: 812 }, isMobile: true, hasTouch: true });

test('the site switches to German and fits a 375 px wide phone', async ({ page, a11y }) => {
  await page.goto('/');
  await expectNoHorizontalScroll(page, WIDTH);

  await chooseLanguage(page, 'de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('link', { name: 'Als Klient*in registrieren' })).toBeVisible();
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

test('signed in on a 375 px phone, the header keeps the whole brand; the language is in the menu', async ({
  page,
  createUser,
  a11y,
}) => {
  const user = await createUser('client');
  await signIn(page, user.email, user.password);
  const brand = page.getByRole('banner').getByRole('link', { name: 'Therapy Finder' });
  await expect(brand).toBeVisible();
  // The brand's text is not cut: its box is as wide as the text it holds.
  const cut = await brand.locator('span').evaluate((span) => span.scrollWidth > span.clientWidth);
  expect(cut).toBe(false);
  await chooseLanguage(page, 'de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await a11y('signed-in header (de, 375 px)');
  await expectNoHorizontalScroll(page, WIDTH);
});
