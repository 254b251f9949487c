import { validatePain001 } from '@therapy/api/test/epc-validate';
import { DEMO_OPERATOR, DEMO_PROVIDER } from '../support/demo.ts';
import { expect, test, type Page } from '../support/fixtures.ts';
import { chooseLanguage, expectNoHorizontalScroll, expectToast, fillSignIn, signIn } from '../support/app.ts';

/**
 * Issue 46, the money journey on the demo data: the demo therapist (Lena Hoffmann, EUR, a German IBAN for the SEPA
 * file) had two sessions a fortnight and a week ago; the first was paid out by an EUR batch, the second is available.
 * In English on a desktop the operator finds her due on /operator/payouts, creates the EUR batch, downloads its file
 * (which passes both EPC pain.001.001.09 schemas), marks it sent, then marks her item returned by the bank. In German
 * on a 375 px phone the therapist opens her earnings from the menu and sees the paid-out payout, the returned one and
 * its money back in what is available. Re-runnable: the returned money is due again.
 */
const OPERATOR = DEMO_OPERATOR;
const PROVIDER = DEMO_PROVIDER;
const euro = (minor: number, locale: 'en' | 'de') =>
  new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-US', { style: 'currency', currency: 'EUR' }).format(
    minor / 100,
  );

async function signInAsOperator(page: Page): Promise<void> {
  await page.goto('/login');
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
  await fillSignIn(page, OPERATOR.email, OPERATOR.password);
  await expect(page).toHaveURL(/\/operator\/reviews$/);
  // The account's saved language wins at sign-in, and other journeys sign the demo operator in German: English here.
  await chooseLanguage(page, 'en');
}

test('the operator pays the demo therapist by a SEPA file and marks it returned; she sees it in her earnings (en, de)', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);

  // The operator, in English at 1280 px.
  const desk = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  const page = await desk.newPage();
  await signInAsOperator(page);
  await page.getByRole('banner').getByRole('link', { name: 'Payouts', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
  const euros = page.getByRole('region', { name: 'By bank file', exact: true }).getByRole('region', {
    name: /^Euro \(EUR\)$/,
  });
  await expect(euros.getByText(/^for \d+ providers?$/)).toBeVisible();
  await euros.getByRole('button', { name: 'Create batch' }).click();
  const create = page.getByRole('dialog', { name: 'Create a EUR batch?' });
  await create.getByRole('button', { name: 'Create batch' }).click();
  await expectToast(page, /^Batch created: \d+ payouts?, /);

  // The new batch is the newest in the history, not sent yet, with the therapist's item.
  const batch = page.getByRole('region', { name: 'Batches' }).getByRole('article').first();
  await expect(batch.getByText('Not sent yet')).toBeVisible();
  const returnLena = batch.getByRole('button', { name: /^Mark returned: Lena Hoffmann, / });
  await expect(returnLena).toBeVisible();
  const amount = /, (.+)$/.exec((await returnLena.getAttribute('aria-label')) ?? '')![1]!;

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    batch.getByRole('button', { name: 'Download file' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^payouts-[0-9a-f-]{36}\.xml$/);
  const xml = await (async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  })();
  expect(xml).toContain('<IBAN>DE89370400440532013000</IBAN>');
  expect(xml).toContain('<Nm>Lena Hoffmann</Nm>');
  for (const verdict of await validatePain001(xml)) expect(verdict.valid, verdict.output).toBe(true);

  await batch.getByRole('button', { name: 'Mark as sent' }).click();
  await page
    .getByRole('dialog', { name: 'Mark this batch as sent?' })
    .getByRole('button', { name: 'Mark as sent' })
    .click();
  await expectToast(page, 'The batch is marked as sent.');
  await expect(batch.getByText(/^Sent /)).toBeVisible();

  // The bank sends her payout back: after a confirmation the money returns to her earnings.
  await returnLena.click();
  const back = page.getByRole('dialog', { name: 'Mark this payout returned?' });
  await expect(
    back.getByText(`${amount} for Lena Hoffmann then goes back to the provider's earnings`, { exact: false }),
  ).toBeVisible();
  await back.getByRole('button', { name: 'Mark returned' }).click();
  await expectToast(page, `${amount} for Lena Hoffmann is back in the provider's earnings.`);
  await expect(batch.getByText('Returned', { exact: true })).toBeVisible();
  if (process.env.E2E_SCREENSHOTS)
    await page.screenshot({ path: test.info().outputPath('payouts-en-1280.png'), fullPage: true });
  await desk.close();

  // The therapist, in German on a 375 px phone: her earnings from the menu.
  const phone = await browser.newContext({
    baseURL,
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
  });
  const mine = await phone.newPage();
  await signIn(mine, PROVIDER.email, PROVIDER.password);
  await chooseLanguage(mine, 'de');
  await mine.getByRole('button', { name: 'Menü öffnen' }).click();
  await mine.getByRole('link', { name: 'Einnahmen', exact: true }).click();
  await expect(mine).toHaveURL(/\/wallet$/);
  await expect(mine.getByRole('heading', { level: 1, name: 'Deine Einnahmen' })).toBeVisible();
  const returnedAmount = amount.replace(/[^\d.]/g, '');
  const returnedMinor = Math.round(Number(returnedAmount) * 100);
  // The first session's payout reached her bank; the returned one is back and available again.
  const payouts = mine.getByRole('region', { name: 'Auszahlungen' });
  await expect(payouts.getByText('Ausgezahlt', { exact: true }).first()).toBeVisible();
  await expect(payouts.getByText('Zurück im Guthaben', { exact: true }).first()).toBeVisible();
  await expect(mine.getByText(euro(returnedMinor, 'de')).first()).toBeVisible();
  await expectNoHorizontalScroll(mine, 375);
  if (process.env.E2E_SCREENSHOTS)
    await mine.screenshot({ path: test.info().outputPath('earnings-de-375.png'), fullPage: true });
  await phone.close();
});
