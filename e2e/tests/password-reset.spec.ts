import { expect, test } from '../support/fixtures.ts';
import { expectToast, fillSignIn } from '../support/app.ts';
import { NEW_PASSWORD } from '../support/data.ts';
import { linkIn } from '../support/mailbox.ts';

test('a user who forgot the password resets it from the mail and signs in with the new one', async ({
  page,
  a11y,
  mailbox,
  createUser,
}) => {
  const user = await createUser('client');

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  await a11y('forgot password');

  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If the address belongs to an account, a reset link is on its way')).toBeVisible();
  await a11y('forgot password sent');

  const mail = await mailbox.waitFor(user.email, 'Reset your password');
  const link = new URL(linkIn(mail));
  expect(link.pathname).toBe('/reset-password');
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await a11y('reset password');

  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expectToast(page, 'Your password has been reset. Please sign in');
  await expect(page).toHaveURL(/\/login/);

  // The old password no longer works; the new one does.
  await fillSignIn(page, user.email, user.password);
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Robin' })).toBeVisible();
});
