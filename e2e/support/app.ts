import { expect, type Page } from '@playwright/test';

/** Page-level steps shared by the journeys, with the labels the web app shows in English. */

export async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in on /login (optionally with ?redirect=) and waits until the app left the login page. */
export async function signIn(page: Page, email: string, password: string, redirect?: string): Promise<void> {
  await page.goto(redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  // The server-rendered form is visible before React takes it over; typed into too early, hydration empties it (a
  // page from a bare browser context has no fixture that waits for this).
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
  await fillSignIn(page, email, password);
  await expect(page).not.toHaveURL(/\/login/);
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await expectToast(page, 'You have been signed out');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
}

export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: text }).first()).toBeVisible();
}

/** Puts `text` on the clipboard and pastes it into the focused element with a real Ctrl+V. */
export async function pasteInto(page: Page, target: ReturnType<Page['locator']>, text: string): Promise<void> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await target.focus();
  await page.keyboard.press('ControlOrMeta+V');
}

/** No horizontal scrolling: the page fits the viewport's width. */
export async function expectNoHorizontalScroll(page: Page, width: number): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `document is ${scrollWidth}px wide on a ${width}px viewport`).toBeLessThanOrEqual(width);
}

/**
 * Picks the page language in the header. German has URLs of its own (`/de/...`, docs/decisions/0063): picking the
 * other language loads the same page at its other URL, so this waits for that page (its URL and `<html lang>`, then
 * its app taking over). Signed in on a phone the language select lives in the menu (the bar has no room for it), so
 * the menu is opened first; the page load closes it.
 */
export async function chooseLanguage(page: Page, locale: 'en' | 'de'): Promise<void> {
  const german = (url: URL) => url.pathname === '/de' || url.pathname.startsWith('/de/');
  const isThere = (url: URL) => german(url) === (locale === 'de');
  const moves = !isThere(new URL(page.url()));
  const visible = page.getByLabel(/^(Language|Sprache)$/).filter({ visible: true });
  if ((await visible.count()) === 0) {
    // signIn returns once the URL has left /login, which may be before the app's last redirect; the menu closes on
    // every navigation (header.tsx), so a click in between leaves it shut (seen once in CI). Open it until its select shows.
    const openMenu = page.getByRole('button', { name: /^(Open menu|Menü öffnen)$/ });
    await expect(async () => {
      if ((await openMenu.count()) > 0) await openMenu.click({ timeout: 2_000 });
      await expect(visible.first()).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
  }
  await visible.first().selectOption(locale);
  if (moves) await page.waitForURL(isThere);
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
  if (!moves) {
    const closeMenu = page.getByRole('button', { name: /^(Close menu|Menü schließen)$/ });
    if (await closeMenu.isVisible()) await closeMenu.click();
  }
}
