import { expect, test } from '../support/fixtures.ts';
import { chooseLanguage, expectNoHorizontalScroll, expectToast, fillSignIn } from '../support/app.ts';
import { expectNoA11yViolations } from '../support/a11y.ts';
import { setVerification } from '../support/practice-desk.ts';

/**
 * Verification by an operator (issue 14, decision 0026): the demo operator signs in, lands on the review queue, opens
 * a submitted practice and approves or rejects it; the provider is told by mail and sees the outcome on /practice.
 * (The practice is put under review through the practice desk; submitting a complete checklist in the browser is the
 * lead's journey once every step has its page.)
 */
const OPERATOR = { email: 'operator@demo.therapy.local', password: 'SteadyLantern#2026' };

test('an operator approves a submitted practice; the provider is told and sees "Verified"', async ({
  page,
  a11y,
  createUser,
  mailbox,
  browser,
  baseURL,
  browserErrors,
}) => {
  const provider = await createUser('provider');
  const providerId = await setVerification(provider.email, 'submitted');

  await page.goto('/login');
  await fillSignIn(page, OPERATOR.email, OPERATOR.password);
  await expect(page).toHaveURL(/\/operator\/reviews$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Practice reviews' })).toBeVisible();
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Reviews' })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Overview' })).toHaveCount(0);
  const entry = page.getByRole('link', { name: new RegExp(provider.email.replace(/[.+]/g, '\\$&')) });
  await expect(entry).toBeVisible();
  await a11y('review queue');

  await entry.click();
  await expect(page).toHaveURL(new RegExp(`/operator/reviews/${providerId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Document review' })).toBeVisible();
  await expect(page.getByText(`${provider.firstName} ${provider.lastName}`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Documents' })).toBeVisible();
  await a11y('document review');
  await page.getByRole('button', { name: 'Approve' }).click();
  // Issue 45: a decision asks for confirmation first; the desk stays open with the history grown.
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, approve' }).click();
  await expectToast(page, 'Practice approved');
  await page.getByRole('link', { name: 'Back to the queue' }).click();
  await expect(page).toHaveURL(/\/operator\/reviews$/);
  await expect(page.getByRole('link', { name: new RegExp(provider.email.replace(/[.+]/g, '\\$&')) })).toHaveCount(0);

  // An operator has no client or provider pages: they are sent back to the queue. No call was refused on the way.
  await page.goto('/availability');
  await expect(page).toHaveURL(/\/operator\/reviews$/);
  expect(browserErrors).toEqual([]);

  const mail = await mailbox.waitFor(provider.email, 'Your practice is verified');
  expect(mail.text).toContain('/practice');

  const providerContext = await browser.newContext({ baseURL });
  const providerPage = await providerContext.newPage();
  await providerContext.addCookies([{ name: 'cookie-consent', value: 'true', url: baseURL! }]);
  // A page of its own context: wait for the app to take over before typing, as the `page` fixture does.
  await providerPage.goto('/login?redirect=%2Fpractice');
  await providerPage.locator('html[data-ready]').waitFor({ state: 'attached' });
  await fillSignIn(providerPage, provider.email, provider.password);
  await expect(providerPage.getByRole('heading', { level: 1, name: 'Practice' })).toBeVisible();
  await expect(providerPage.getByText('Verified', { exact: true })).toBeVisible();
  await expect(providerPage.getByRole('banner').getByRole('link', { name: 'Practice' })).toBeVisible();
  await expectNoA11yViolations(providerPage, 'practice, verified');
  // The dashboard shows the set-up checklist, each step a link to its page.
  await providerPage.getByRole('banner').getByRole('link', { name: 'Overview' }).click();
  await expect(providerPage.getByRole('heading', { level: 2, name: 'Set up your practice' })).toBeVisible();
  await expect(providerPage.getByRole('link', { name: /^Availability/ }).last()).toHaveAttribute(
    'href',
    '/availability',
  );
  await expectNoA11yViolations(providerPage, 'overview with the checklist');
  await providerContext.close();
});

test.describe('in German on a 375 px phone', () => {
  const WIDTH = 375;
  test.use({ viewport: { width: WIDTH, height: 812 }, isMobile: true, hasTouch: true });

  test('an operator rejects with a note (required); the provider reads it on /practice', async ({
    page,
    a11y,
    createUser,
    mailbox,
    browser,
    baseURL,
  }) => {
    const provider = await createUser('provider');
    const providerId = await setVerification(provider.email, 'submitted');

    await page.goto('/login');
    await chooseLanguage(page, 'de');
    await page.getByLabel('E-Mail', { exact: true }).fill(OPERATOR.email);
    await page.getByLabel('Passwort', { exact: true }).fill(OPERATOR.password);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Praxisprüfungen' })).toBeVisible();
    await expectNoHorizontalScroll(page, WIDTH);
    await a11y('review queue (de, 375 px)');

    await page.goto(`/operator/reviews/${providerId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Dokumentenprüfung' })).toBeVisible();
    await page.getByRole('button', { name: 'Ablehnen…' }).click();
    await page.getByRole('button', { name: 'Mit dieser Notiz ablehnen' }).click();
    await expect(page.getByText('Für eine Ablehnung ist eine Notiz erforderlich')).toBeVisible();
    await expectNoHorizontalScroll(page, WIDTH);
    await a11y('document review, note missing (de, 375 px)');
    await page.getByLabel('Notiz an die Person').fill('Bitte lade eine lesbare Lizenz hoch.');
    await page.getByRole('button', { name: 'Mit dieser Notiz ablehnen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Ja, ablehnen' }).click();
    await expectToast(page, 'Praxis abgelehnt');
    await page.getByRole('link', { name: 'Zurück zur Liste' }).click();
    await expect(page).toHaveURL(/\/operator\/reviews$/);

    const mail = await mailbox.waitFor(provider.email, 'Your practice needs changes before it can be verified');
    expect(mail.text).toContain('Bitte lade eine lesbare Lizenz hoch.');

    const providerContext = await browser.newContext({
      baseURL,
      viewport: { width: WIDTH, height: 812 },
      isMobile: true,
      hasTouch: true,
    });
    await providerContext.addCookies([
      { name: 'cookie-consent', value: 'true', url: baseURL! },
      { name: 'X-Locale', value: 'de', url: baseURL! },
    ]);
    const providerPage = await providerContext.newPage();
    await providerPage.goto('/login?redirect=%2Fpractice');
    await providerPage.locator('html[data-ready]').waitFor({ state: 'attached' });
    await providerPage.getByLabel('E-Mail', { exact: true }).fill(provider.email);
    await providerPage.getByLabel('Passwort', { exact: true }).fill(provider.password);
    await providerPage.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expect(providerPage.getByRole('heading', { level: 1, name: 'Praxis' })).toBeVisible();
    await expect(providerPage.getByText('Änderungen nötig')).toBeVisible();
    await expect(providerPage.getByText('Bitte lade eine lesbare Lizenz hoch.')).toBeVisible();
    await expect(providerPage.getByText('0 von 7 Schritten erledigt')).toBeVisible();
    await expectNoHorizontalScroll(providerPage, WIDTH);
    await expectNoA11yViolations(providerPage, 'practice, rejected (de, 375 px)');
    await providerContext.close();
  });
});
