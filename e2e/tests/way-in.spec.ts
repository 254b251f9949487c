import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { chooseLanguage, expectNoHorizontalScroll } from '../support/app.ts';
import { bookableProvider, daysAhead, pickSlot } from '../support/bookings.ts';
import { PASSWORD, uniqueEmail } from '../support/data.ts';
import { linkIn, mailbox } from '../support/mailbox.ts';
import { signUpTexts } from '../support/sign-up-texts.ts';

/**
 * Issue 48 "Nothing lost on the way in" and "Help in a crisis": a visitor picks a time on a therapist's page, presses
 * Continue, creates an account, verifies it through the link in the mail and lands back on that time, whose hold is
 * made as Continue makes it (the payment page of that time). The crisis numbers are on every step.
 */
const texts = {
  en: {
    ...signUpTexts.en,
    crisis: 'Call 988 (US)',
    form: 'Book a session',
    modality: 'Modality',
    online: 'Online',
    continue: 'Continue',
    kept: 'Sign in or create an account to book the time you chose: we keep it for you.',
  },
  de: {
    ...signUpTexts.de,
    crisis: 'Anrufen: 112 (EU)',
    form: 'Sitzung buchen',
    modality: 'Sitzungsform',
    online: 'Online',
    continue: 'Weiter',
    kept: 'Melde dich an oder erstelle ein Konto, um die gewählte Zeit zu buchen: Wir merken sie uns für dich.',
  },
} as const;

async function wayIn(
  page: Page,
  a11y: (label?: string) => Promise<void>,
  providerId: string,
  locale: 'en' | 'de',
  width?: number,
) {
  const x = texts[locale];
  const fits = async () => {
    if (width) await expectNoHorizontalScroll(page, width);
  };
  const crisis = page.getByRole('contentinfo').getByRole('link', { name: x.crisis });

  // Home: the crisis line is there before anything is chosen.
  await page.goto('/');
  if (locale === 'de') await chooseLanguage(page, 'de');
  await expect(crisis).toBeVisible();
  await expect(crisis).toHaveAttribute('href', locale === 'de' ? 'tel:112' : 'tel:988');
  await a11y(`home (${locale})`);

  // The therapist's page: a time four days ahead, the session type, Continue.
  const day = daysAhead(4);
  await page.goto(`/therapists/${providerId}/`);
  await expect(crisis).toBeVisible();
  await pickSlot(page, day, 1, locale);
  const chosenTime = await page
    .getByRole('list', { name: /^(Free times on|Freie Zeiten am) / })
    .getByRole('button', { pressed: true })
    .innerText();
  const form = page.getByRole('form', { name: x.form });
  await form.getByLabel(x.modality).selectOption({ label: x.online });
  await expect(form.getByRole('link', { name: x.crisis })).toBeVisible();
  await a11y(`therapist page with a chosen time (${locale})`);
  await fits();
  await form.getByRole('button', { name: x.continue }).click();

  // Sign-in says the time is kept; "Create an account" keeps the way back.
  await expect(page).toHaveURL(/\/login\?redirect=%2Ftherapists%2F[^&]+%3Fslot%3D/);
  await expect(page.getByText(x.kept)).toBeVisible();
  await a11y(`login with a kept time (${locale})`);
  await page.getByRole('link', { name: x.register }).click();
  await expect(page).toHaveURL(/\/register\?redirect=%2Ftherapists%2F/);
  await page.getByRole('link', { name: x.asClient }).click();
  await expect(page).toHaveURL(/\/register\/client\?redirect=%2Ftherapists%2F/);
  await expect(crisis).toBeVisible();

  // The footer's location (here the browser's region, the United States) is the country the form starts with.
  const country = page.getByLabel(x.country);
  await expect(country).toBeEnabled();
  await expect(country.locator('option:checked')).toHaveText(locale === 'de' ? 'Vereinigte Staaten' : 'United States');
  await a11y(`register client with a kept time (${locale})`);
  await fits();

  const email = uniqueEmail(`wayin-${locale}`);
  await page.getByLabel(x.firstName).fill('Robin');
  await page.getByLabel(x.lastName).fill('Visitor');
  await page.getByLabel(x.email, { exact: true }).fill(email);
  await page.getByLabel(x.confirmEmail).fill(email);
  // A client in Great Britain (a US client needs a state in the profile before booking).
  await country.selectOption({ label: locale === 'de' ? 'Vereinigtes Königreich' : 'United Kingdom' });
  await page.getByLabel(x.password, { exact: true }).fill(PASSWORD);
  await page.getByLabel(x.confirmPassword, { exact: true }).fill(PASSWORD);
  await page.getByRole('checkbox', { name: x.terms }).check();
  await page.getByRole('button', { name: x.submit }).click();
  await expect(page).toHaveURL(/\/verify-email\/pending\?redirect=%2Ftherapists%2F/);

  // The mail's link carries the way back; following it verifies the address and leads back to the time.
  const mail = await mailbox.waitFor(email, /verify-email\?token=/);
  const link = linkIn(mail);
  expect(new URL(link).searchParams.get('redirect')).toMatch(new RegExp(`^/therapists/${providerId}\\?slot=`));
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: x.verified })).toBeVisible();
  await a11y(`email verified, the way back (${locale})`);
  await page.getByRole('link', { name: x.back }).click();

  // Back on that time, signed in: Continue's hold is made, the payment page shows that time.
  await expect(page).toHaveURL(/\/payment\/[0-9a-f-]+$/);
  const shortDay = new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
  const when = page.getByRole('definition').filter({ hasText: shortDay });
  await expect(when).toBeVisible();
  // The time chosen before signing up ("10:00 AM" / "10:00").
  await expect(when).toContainText(chosenTime.replace(/\s+/g, ' ').trim().split(' ')[0]!);
  await expect(page.getByRole('main').getByRole('link', { name: x.crisis })).toBeVisible();
  await a11y(`payment of the kept time (${locale})`);
  await fits();
}

test('a visitor picks a time, signs up, verifies through the mail and lands back on that time (en)', async ({
  page,
  a11y,
  createUser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const request = await playwright.request.newContext({ baseURL });
  const provider = await createUser('provider', { verified: true });
  const providerId = await bookableProvider(request, provider);
  await request.dispose();
  await wayIn(page, a11y, providerId, 'en');
});

test.describe('German on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('the same way in, in German', async ({ page, a11y, createUser, playwright, baseURL }) => {
    test.setTimeout(180_000);
    const request = await playwright.request.newContext({ baseURL });
    const provider = await createUser('provider', { verified: true });
    const providerId = await bookableProvider(request, provider);
    await request.dispose();
    await wayIn(page, a11y, providerId, 'de', 375);
  });
});
