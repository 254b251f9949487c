import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { expectNoHorizontalScroll, expectToast, signIn } from '../support/app.ts';

// Issue 11: /account was about 3,800 px tall with 536 checkboxes; now it has sections with their own navigation.
const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

test('at 1280 px the account page shows one section beside its menu, and a preference is found by typing', async ({
  page,
  a11y,
  createUser,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const client = await createUser('client');
  await signIn(page, client.email, client.password, '/account');
  const nav = page.getByRole('navigation', { name: 'Account sections' });
  await expect(nav.getByRole('link', { name: 'Personal details' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 2, name: 'Personal details' })).toBeVisible();
  expect(await pageHeight(page)).toBeLessThan(1500);
  await a11y('account: personal details');

  await nav.getByRole('link', { name: 'Therapist preferences' }).click();
  await expect(page).toHaveURL(/\/account\?section=preferences$/);
  await expect(nav.getByRole('link', { name: 'Therapist preferences' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 2, name: 'Therapist preferences' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Personal details' })).toHaveCount(0);
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  const form = page.getByRole('form', { name: 'Therapist preferences' });
  await expect(form.getByRole('combobox')).toHaveCount(12);
  expect(await pageHeight(page)).toBeLessThan(1500);

  // Type part of a name: the list narrows to matching options; choosing one makes a removable chip.
  const specialities = form.getByRole('combobox', { name: 'Specialities' });
  await specialities.click();
  const name = (await page.getByRole('listbox').getByRole('option').nth(1).textContent())!.trim();
  await specialities.fill(name.slice(0, 5));
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options.first()).toBeVisible();
  for (const text of await options.allTextContents())
    expect(text.toLowerCase()).toContain(name.slice(0, 5).toLowerCase());
  await page.getByRole('listbox').getByRole('option', { name, exact: true }).click();
  await page.keyboard.press('Escape');
  const chips = form.getByRole('list', { name: 'Specialities: 1 selected' });
  await expect(chips.getByRole('listitem')).toHaveText(name);
  await expect(chips.getByRole('button', { name: `Remove ${name}` })).toBeVisible();
  await a11y('account: preferences with a chip');
  await form.getByRole('button', { name: 'Save preferences' }).click();
  await expectToast(page, 'Data saved successfully');
  await page.reload();
  await expect(form.getByRole('list', { name: 'Specialities: 1 selected' }).getByRole('listitem')).toHaveText(name);

  // The back button returns to the section before.
  await nav.getByRole('link', { name: 'Emergency contact' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Emergency contact' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/account\?section=preferences$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Therapist preferences' })).toBeVisible();
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('the account page lists its sections and opens one at a time', async ({ page, a11y, createUser }) => {
    const client = await createUser('client');
    await signIn(page, client.email, client.password, '/account');
    const nav = page.getByRole('navigation', { name: 'Account sections' });
    // Details, emergency contact, preferences, email, password, devices, language, calendar, your data, delete (issue 20).
    await expect(nav.getByRole('link')).toHaveCount(10);
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(0);
    await expectNoHorizontalScroll(page, 375);
    await a11y('account sections (375 px)');

    await nav.getByRole('link', { name: 'Emergency contact' }).click();
    await expect(page).toHaveURL(/\/account\?section=emergency$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Emergency contact' })).toBeVisible();
    await expect(nav).toBeHidden();
    await expectNoHorizontalScroll(page, 375);
    await a11y('account: emergency contact (375 px)');

    await page.getByRole('link', { name: 'All sections' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(nav).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 2, name: 'Emergency contact' })).toBeVisible();
  });
});
