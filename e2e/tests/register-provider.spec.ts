import { expect, test } from '../support/fixtures.ts';
import { expectToast } from '../support/app.ts';
import { PASSWORD, uniqueEmail } from '../support/data.ts';

test('a therapist registers and deletes the account with the password', async ({ page, a11y, mailbox, request }) => {
  const email = uniqueEmail('provider');

  await page.goto('/register/provider');
  await expect(page.getByRole('heading', { level: 1, name: 'Create a therapist account' })).toBeVisible();
  await a11y('register provider');
  await page.getByLabel('First name').fill('Tara');
  await page.getByLabel('Last name').fill('Therapist');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Phone number').fill('2025550143');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
  await page.getByRole('checkbox', { name: /I accept the terms of use/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/verify-email\/pending$/);
  await mailbox.waitFor(email, 'Verify your email address');
  await page.getByRole('button', { name: 'Do later' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Tara' })).toBeVisible();

  await page.getByRole('banner').getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText('Therapist', { exact: true })).toBeVisible();
  // The account page has sections (issue 11): deleting the account is one of them.
  await page
    .getByRole('navigation', { name: 'Account sections' })
    .getByRole('link', { name: 'Delete account' })
    .click();
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete account' });
  await expect(dialog).toBeVisible();
  await a11y('delete account dialog (password)');

  // A wrong password is refused and keeps the account.
  await dialog.getByLabel('Your password').fill('not-the-password-1');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Your current password is incorrect')).toBeVisible();

  await dialog.getByLabel('Your password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expectToast(page, 'Account Deleted Successfully');
  await expect(page).toHaveURL(/\/$/);

  // The account is gone: its credentials no longer sign in.
  const login = await request.post('/api/v1/user/login', { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(401);
});
