import { expect, test, type Page } from '../support/fixtures.ts';
import { expectNoHorizontalScroll, expectToast, fillSignIn, signIn } from '../support/app.ts';
import { expectNoA11yViolations } from '../support/a11y.ts';
import { secondBrowser } from '../support/second-browser.ts';

/**
 * Issue 20 end to end (decision 0036): idle sign-out with its warning a minute before, followed by every tab of the
 * browser; and the list of signed-in devices, signing another browser out.
 */

const MINUTE = 60_000;
const warningText = /You will be signed out in \d+ seconds? because you have been inactive\./;

/** Another tab of the same browser (same context: same cookies, same storage, same clock). */
async function secondTab(page: Page, path: string): Promise<Page> {
  const tab = await page.context().newPage();
  await tab.goto(path);
  await tab.locator('html[data-ready]').waitFor({ state: 'attached' });
  return tab;
}

test('a provider left idle is warned a minute before, in every tab, and signed out in both to the sign-in page', async ({
  page,
  a11y,
  createUser,
}) => {
  test.setTimeout(120_000);
  const provider = await createUser('provider', { verified: true });
  // The browser's clock is the test's from the start: timers and Date in every page of this context.
  await page.clock.install();
  await signIn(page, provider.email, provider.password, '/account?section=password');
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  const other = await secondTab(page, '/appointments');
  await expect(other.getByRole('heading', { level: 1 })).toBeVisible();

  // 13 minutes 50 seconds without touching anything: no warning yet (the background polling does not count).
  await page.clock.fastForward(13 * MINUTE + 50_000);
  await page.clock.runFor(5_000);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(other.getByRole('dialog')).toHaveCount(0);

  // A minute before the end both tabs warn.
  await page.clock.runFor(10_000);
  const warning = page.getByRole('dialog', { name: 'Are you still there?' });
  await expect(warning).toBeVisible();
  await expect(warning.getByText(warningText).first()).toBeVisible();
  await expect(warning.getByRole('button', { name: 'Stay signed in' })).toBeFocused();
  const otherWarning = other.getByRole('dialog', { name: 'Are you still there?' });
  await expect(otherWarning).toBeVisible();
  await a11y('idle warning');
  await expectNoA11yViolations(other, 'idle warning (second tab)');

  // "Stay signed in" in the other tab: the warning goes away in both, and the count starts again.
  await otherWarning.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(otherWarning).toBeHidden();
  await expect(warning).toBeHidden();
  await page.clock.runFor(2 * MINUTE);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Idle again: the warning at 14 minutes, the end at 15, in both tabs.
  await page.clock.fastForward(11 * MINUTE + 50_000);
  await page.clock.runFor(10_000);
  await expect(warning).toBeVisible();
  await expect(otherWarning).toBeVisible();
  await page.clock.runFor(MINUTE);
  for (const [tab, from] of [
    [page, '/account?section=password'],
    [other, '/appointments'],
  ] as const) {
    await expect(tab).toHaveURL(`/login?redirect=${encodeURIComponent(from)}&reason=idle`);
    await expect(tab.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(
      tab.getByText('For your privacy you were signed out after a while without activity.', { exact: false }),
    ).toBeVisible();
  }
  await a11y('sign-in after an idle sign-out');

  // The session is over on the server too: a reload finds no session; signing in returns to the page.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await fillSignIn(page, provider.email, provider.password);
  await expect(page).toHaveURL(/\/account\?section=password$/);
});

test('a user signed in in two browsers sees both devices and signs the other one out', async ({
  page,
  a11y,
  createUser,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const client = await createUser('client');
  const elsewhere = await secondBrowser(browser, baseURL!, { width: 1280, height: 800 });
  try {
    await signIn(elsewhere, client.email, client.password, '/account?section=password');
    await signIn(page, client.email, client.password, '/account?section=devices');

    const section = page.getByRole('region', { name: "Where you're signed in" });
    const devices = section.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem');
    await expect(devices).toHaveCount(2);
    await expect(devices.filter({ hasText: 'This device' })).toHaveCount(1);
    const otherDevice = devices.filter({ hasNotText: 'This device' });
    await expect(otherDevice.getByText('IP address')).toBeVisible();
    await a11y('devices section');

    await otherDevice.getByRole('button', { name: /^Sign out / }).click();
    const confirm = page.getByRole('dialog', { name: 'Sign out this device?' });
    await a11y('sign out a device: confirmation');
    await confirm.getByRole('button', { name: 'Sign out device' }).click();
    await expectToast(page, 'Signed out of that device.');
    await expect(devices).toHaveCount(1);
    await expect(section.getByText('You are not signed in anywhere else.')).toBeVisible();

    // The other browser's next action needs the API: its session is gone, so it lands on sign-in, coming back after.
    await elsewhere
      .getByRole('navigation', { name: 'Account sections' })
      .getByRole('link', { name: "Where you're signed in" })
      .click();
    await expect(elsewhere).toHaveURL(`/login?redirect=${encodeURIComponent('/account?section=devices')}`);
    await expect(elsewhere.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  } finally {
    await elsewhere.context().close();
  }
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('the devices section fits the screen', async ({ page, a11y, createUser }) => {
    const provider = await createUser('provider');
    await signIn(page, provider.email, provider.password, '/account?section=devices');
    await expect(page.getByRole('region', { name: "Where you're signed in" }).getByText('This device')).toBeVisible();
    await expectNoHorizontalScroll(page, 375);
    await a11y('devices section (375 px)');
  });
});
