import { expect, test } from '../support/fixtures.ts';
import { fillSignIn, signOut } from '../support/app.ts';
import { PASSWORD, uniqueEmail } from '../support/data.ts';
import { linkIn } from '../support/mailbox.ts';

// This journey meets the cookie banner like a first-time visitor does.
test.use({ acceptCookies: false });

test('a client registers, postpones verification, signs out and signs in again', async ({ page, a11y, mailbox }) => {
  const email = uniqueEmail('client');

  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  const banner = page.getByRole('region', { name: 'Your privacy' });
  await expect(banner).toBeVisible();
  await a11y('register choice with cookie banner');
  await banner.getByRole('button', { name: 'Accept all' }).click();
  await expect(banner).toBeHidden();

  await page.getByRole('link', { name: /I am looking for a therapist/ }).click();
  await expect(page).toHaveURL(/\/register\/client$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create a client account' })).toBeVisible();
  await a11y('register client');

  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Last name').fill('Client');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Confirm email').fill(email);
  const country = page.getByLabel('Country');
  await expect(country).toBeEnabled();
  await country.selectOption({ label: 'United States' });
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
  await page.getByRole('checkbox', { name: /I accept the terms of use/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/verify-email\/pending$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await a11y('verify email pending');
  const verification = await mailbox.waitFor(email, 'Verify your email address');
  expect(verification.text).toContain('/verify-email?token=');

  await page.getByRole('button', { name: 'Do later' }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Robin' })).toBeVisible();
  await expect(page.getByText('Please verify your email')).toBeVisible();
  await a11y('overview with verify banner');

  await signOut(page);
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login/);
  await a11y('login');
  await fillSignIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Robin' })).toBeVisible();
  // Still unverified: the reminder stays until the link is opened.
  await expect(page.getByText('Please verify your email')).toBeVisible();

  // Opening the mailed link verifies the address and ends the reminder.
  const link = new URL(linkIn(verification));
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your email is verified' })).toBeVisible();
  await a11y('email verified');
  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hello, Robin' })).toBeVisible();
  await expect(page.getByText('Please verify your email')).toHaveCount(0);
});

test('an all-wrong sign-up shows every message at once and focuses the first field', async ({ page, a11y }) => {
  // Issue 11: letters in the phone and a short password used to hide "Name", "Email" and "Country  is required".
  await page.goto('/register/client');
  await page.getByRole('region', { name: 'Your privacy' }).getByRole('button', { name: 'Accept all' }).click();
  await expect(page.getByLabel('Country')).toBeEnabled();
  // The form starts on the footer's location (issue 48: the browser's region here, the United States); unchosen again.
  await expect(page.getByLabel('Country').locator('option:checked')).toHaveText('United States');
  await page.getByLabel('Country').selectOption('');
  await page.getByLabel(/Phone number/).fill('abcdefghijk');
  await page.getByLabel('Password', { exact: true }).fill('ab1');
  await page.getByLabel('Confirm password', { exact: true }).fill('ab2');
  await page.getByRole('button', { name: 'Create account' }).click();
  const messages = [
    'Name is required',
    'Email is required',
    'Country  is required',
    'Number may contain only digits, spaces, a leading + and ( ) - . /',
    'Password must be at least 8 characters',
    'Passwords must match',
    'You must accept the terms and conditions',
  ];
  for (const text of messages) await expect(page.getByRole('alert').filter({ hasText: text }).first()).toBeVisible();
  await expect(page.getByLabel('First name')).toBeFocused();
  await a11y('register client with every error');
});
