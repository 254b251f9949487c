import fs from 'node:fs';
import { zipEntries } from '@therapy/api/test/zip-entries';
import { expect, test } from '../support/fixtures.ts';
import { chooseLanguage, expectNoHorizontalScroll, expectToast, signIn } from '../support/app.ts';
import { expectNoA11yViolations } from '../support/a11y.ts';
import { providerWithBooking } from '../support/bookings.ts';
import { linkIn, mailbox } from '../support/mailbox.ts';

/**
 * Issue 20, the user's own data export (GDPR Art. 15 and 20), in German on a 375 px phone: a client with a booking asks
 * for their data on the account page, the mail brings the link, a signed-out visitor who opens it signs in and comes
 * back to the page, downloads the ZIP and finds every part in it; an altered link is refused in words.
 */
const WIDTH = 375;
const phone = { viewport: { width: WIDTH, height: 812 }, isMobile: true, hasTouch: true };
test.use(phone);

test('a client asks for their data in German, opens the mailed link signed out, signs in, downloads the ZIP', async ({
  page,
  a11y,
  createUser,
  playwright,
  baseURL,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const request = await playwright.request.newContext({ baseURL });
  const provider = await createUser('provider', { verified: true });
  const { bookingId, client } = await providerWithBooking(request, provider, 'Ada');

  await signIn(page, client.email, client.password, '/account?section=data');
  await chooseLanguage(page, 'de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  const section = page.getByRole('region', { name: 'Deine Daten' });
  const ask = section.getByRole('button', { name: 'Meine Daten herunterladen' });
  await expect(ask).toBeVisible();
  await a11y('account: your data (de, 375 px)');
  await expectNoHorizontalScroll(page, WIDTH);

  // Keyboard: the button is reached and pressed without a mouse.
  await ask.focus();
  await page.keyboard.press('Enter');
  await expectToast(
    page,
    'Wir stellen deine Daten zusammen. Sobald sie bereit sind, schicken wir dir einen Link per E-Mail.',
  );
  const mail = await mailbox.waitFor(client.email, 'Deine Daten sind bereit', 60_000);
  // The section follows by itself (it asks again while preparing).
  await expect(section.getByText('Bereit: Wir haben dir den Link geschickt')).toBeVisible({ timeout: 20_000 });
  await expect(section.getByText(/Er ist gültig bis/)).toBeVisible();
  await a11y('account: your data ready (de, 375 px)');
  await expectNoHorizontalScroll(page, WIDTH);

  const link = new URL(linkIn(mail));
  expect(link.pathname).toMatch(/^\/account\/export\/[0-9a-f-]{36}$/);
  const path = `${link.pathname}${link.search}`;

  // A signed-out visitor (a German browser) opens the link: sign in first, then back on the page.
  const visitor = await browser.newContext({ baseURL, locale: 'de-DE', ...phone });
  try {
    const other = await visitor.newPage();
    await other.goto(path);
    await expect(other).toHaveURL(/\/login\?redirect=/);
    await other.getByLabel('E-Mail', { exact: true }).fill(client.email);
    await other.getByLabel('Passwort', { exact: true }).fill(client.password);
    await other.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expect(other).toHaveURL(new RegExp(`${link.pathname}\\?expires=\\d+&signature=`));
    await expect(other.getByRole('heading', { level: 1, name: 'Deine Daten herunterladen' })).toBeVisible();
    await expectNoA11yViolations(other, 'data export download page (de, 375 px)');
    await expectNoHorizontalScroll(other, WIDTH);

    const [download] = await Promise.all([
      other.waitForEvent('download'),
      other.getByRole('button', { name: 'ZIP-Datei herunterladen' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^data-export-[0-9a-f]{8}\.zip$/);
    const file = testInfo.outputPath('export.zip');
    await download.saveAs(file);
    await expect(
      other.getByText('Dein Download hat begonnen. Du findest die ZIP-Datei in deinen Downloads.'),
    ).toBeVisible();

    const entries = await zipEntries(fs.readFileSync(file));
    // Issue 48: therapist preferences, the waitlist and every other table of the person's (`records`) too.
    const parts = [
      'profile',
      'bookings',
      'wallet',
      'reviews',
      'messages',
      'questionnaires',
      'therapist-preferences',
      'waitlist',
      'records',
    ];
    expect([...entries.keys()].sort()).toEqual(
      ['README.txt', ...parts.flatMap((p) => [`${p}.csv`, `${p}.json`])].sort(),
    );
    expect(entries.get('README.txt')).toContain('Deine Daten, Ada');
    const profile = JSON.parse(entries.get('profile.json')!);
    expect(profile).toMatchObject({ email: client.email, userType: 'client', firstName: 'Ada', language: 'de' });
    expect(entries.get('profile.json')).not.toMatch(/password|argon2/i);
    const bookings = JSON.parse(entries.get('bookings.json')!) as Array<{
      identifier: string;
      status: string;
      providerName: string;
    }>;
    expect(bookings).toEqual([
      expect.objectContaining({ identifier: bookingId, status: 'confirmed', providerName: 'Robin Provider' }),
    ]);
    expect(entries.get('bookings.csv')).toContain(bookingId);
    // The wallet: the top-up and the booking's payment.
    expect((JSON.parse(entries.get('wallet.json')!) as unknown[]).length).toBeGreaterThanOrEqual(2);
    expect(fs.statSync(file).size).toBeGreaterThan(500);

    // An altered link: refused in words, with the way back to ask for a new one.
    await other.goto(
      path.replace(/signature=([A-Za-z0-9_-])/, (_m, c: string) => `signature=${c === 'A' ? 'B' : 'A'}`),
    );
    await other.getByRole('button', { name: 'ZIP-Datei herunterladen' }).click();
    await expect(other.getByRole('alert')).toContainText('Dieser Download-Link ist ungültig');
    await expectNoA11yViolations(other, 'data export download page, invalid link (de, 375 px)');
    await expect(other.getByRole('link', { name: 'Zurück zu deinen Daten' })).toBeVisible();
  } finally {
    await visitor.close();
    await request.dispose();
  }
});
