import { expect, test } from '../support/fixtures.ts';
import { fillSignIn, signIn } from '../support/app.ts';

test('a signed-out visitor of /account is sent to sign in and comes back to /account', async ({
  page,
  a11y,
  createUser,
}) => {
  const user = await createUser('client');

  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await a11y('login with redirect');

  await fillSignIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
});

test('an expired session on /account sends the user to sign in and back to /account', async ({
  page,
  context,
  createUser,
}) => {
  const user = await createUser('client');
  // The password form is the account page's "password" section (the page is in sections, each with its own address).
  await signIn(page, user.email, user.password, '/account?section=password');
  await expect(page).toHaveURL(/\/account\?section=password$/);

  // Expire the session: the refresh cookie is gone and the API rejects the (15-minute) access token.
  await context.clearCookies({ name: 'refresh_token' });
  await page.route('**/api/v1/user/profile/update-password', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ message: 'Unauthorized access', code: 'UNAUTHORIZED_ACCESS', requestId: 'e2e' }),
    }),
  );
  await page.getByLabel('Current password').fill(user.password);
  await page.getByLabel('New password', { exact: true }).fill('Another-Long-Phrase-77');
  await page.getByLabel('Confirm new password').fill('Another-Long-Phrase-77');
  await page.getByRole('button', { name: 'Update password' }).click();

  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount%3Fsection%3Dpassword$/);
  await page.unroute('**/api/v1/user/profile/update-password');
  await fillSignIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/account\?section=password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
});
