import { expect, test } from '../support/fixtures.ts';
import { expectToast } from '../support/app.ts';
import { uniqueEmail } from '../support/data.ts';

test('a user signs in with Google (local OpenID provider) and deletes the account without a password', async ({
  page,
  a11y,
}) => {
  const email = uniqueEmail('gina');

  await page.goto('/login');
  await a11y('login with Google button');
  await page.getByRole('link', { name: 'Sign in with Google' }).click();

  // The local provider's quick-start login page: any login, any password. It is not our page, so no a11y scan.
  await expect(page).toHaveURL(new RegExp(`^${process.env.E2E_OIDC_ISSUER}/interaction/`));
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();

  await expect(page).toHaveURL(/\/overview$/);
  // The provider's given_name claim is derived from the login's local part ("gina..." -> "Gina...").
  await expect(page.getByRole('heading', { level: 1, name: /^Hello, Gina/ })).toBeVisible();
  await a11y('overview after Google sign-in');

  await page.getByRole('banner').getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  // The account page has sections (issue 11): email, password and delete are each one of them.
  await page.getByRole('navigation', { name: 'Account sections' }).getByRole('link', { name: 'Email' }).click();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByRole('navigation', { name: 'Account sections' }).getByRole('link', { name: 'Password' }).click();
  await expect(page.getByText('You sign in with Google, so there is no password to change here.')).toBeVisible();
  await a11y('account of a Google user');

  await page
    .getByRole('navigation', { name: 'Account sections' })
    .getByRole('link', { name: 'Delete account' })
    .click();
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete account' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Your password')).toHaveCount(0);
  await a11y('delete account dialog (social)');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();

  await expectToast(page, 'Account Deleted Successfully');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
});
