import { expect, test } from '../support/fixtures.ts';
import { fillSignIn } from '../support/app.ts';

/**
 * Issue 48, "demo data that looks real" and some "small things a client notices": the demo directory's "Female"
 * finds women only, with pictures, reviews and the title in the name on the listing and the page alike; a wrong
 * password shows at the sign-in form (not a toast that goes away); Escape on a dialog returns focus to its opener.
 */
test('the demo directory: the gender filter, pictures, reviews and one name with its title', async ({ page, a11y }) => {
  await page.goto('/therapists?state=NY&gender=female');
  await expect(page.getByRole('heading', { name: 'Therapists in New York' })).toBeVisible();
  const olivia = page.getByRole('link', { name: 'Dr Olivia Bennett' });
  await expect(olivia).toBeVisible();
  // "Female" returned Henry Garcia.
  await expect(page.getByRole('link', { name: /Henry Garcia/ })).toHaveCount(0);
  const card = page.getByRole('listitem').filter({ has: olivia });
  await expect(card.locator('img')).toHaveCount(1);
  await a11y('directory, women in New York');
  await olivia.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dr Olivia Bennett' })).toBeVisible();
  await expect(page.getByRole('img', { name: /Olivia Bennett/ }).first()).toBeVisible();
  await expect(page.getByText(/Warm, calm and practical|I felt listened to|Patient and kind/).first()).toBeVisible();
  await a11y('a demo therapist');
});

test.describe('on a phone, in German', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, locale: 'de-DE' });

  test('a wrong password shows at the form, as an alert with focus', async ({ page, a11y, createUser }) => {
    const user = await createUser('client');
    await page.goto('/login');
    await page.locator('html[data-ready]').waitFor({ state: 'attached' });
    await page.getByLabel('E-Mail', { exact: true }).fill(user.email);
    await page.getByLabel('Passwort', { exact: true }).fill('Not-the-password-1');
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Anmeldung fehlgeschlagen' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('E-Mail oder Passwort ist falsch');
    await expect(page.locator('div[tabindex="-1"]').filter({ has: alert })).toBeFocused();
    await expect(page).toHaveURL(/\/login/);
    // It stays (a toast was gone after four seconds).
    await page.waitForTimeout(4_500);
    await expect(alert).toBeVisible();
    await a11y('sign-in refused');
  });
});

test('a wrong password in English, then Escape on a dialog returns focus to its opener', async ({
  page,
  a11y,
  createUser,
}) => {
  const user = await createUser('client');
  await page.goto('/login');
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
  await fillSignIn(page, user.email, 'Not-the-password-1');
  await expect(page.getByRole('alert').filter({ hasText: 'Sign-in failed' })).toContainText(
    'Invalid email or password',
  );

  // "Find a therapist" leads to /therapists, which asks for a state first; "Choose your state" opens the picker.
  await page.goto('/');
  await page.getByRole('link', { name: 'Find a therapist' }).first().click();
  const picker = page.getByRole('dialog', { name: 'Find the right therapist for you' });
  await expect(picker).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  const opener = page.getByRole('button', { name: 'Choose your state' });
  await opener.click();
  await expect(picker).toBeVisible();
  await a11y('state picker');
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  await expect(opener).toBeFocused();
});
