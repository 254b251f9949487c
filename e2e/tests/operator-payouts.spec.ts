import { DEMO_OPERATOR, layoutSnapshot } from '../support/demo.ts';
import { expect, test, type Page } from '../support/fixtures.ts';
import { chooseLanguage, expectNoHorizontalScroll, fillSignIn } from '../support/app.ts';

/**
 * Issue 46, the operator's payouts page: the demo operator opens /operator/payouts from the header, in English at
 * 1280 px and in German on a 375 px phone, and sees per currency what is due and by which route (a bank file for the
 * batch currencies, the weekly run for the gateway's) and the history of batches: whatever the demo data and the other
 * journeys left, so the test reads the page's shape, not amounts. The money journey itself (earnings, a batch, its
 * file, sent, an item returned) is the integrator's journey. A last test stubs the two reads with a dense answer to
 * check the layout of cards, batches and dialogs at both widths in both languages.
 */
const OPERATOR = DEMO_OPERATOR;

async function signInAsOperator(page: Page, locale: 'en' | 'de'): Promise<void> {
  await page.goto('/login');
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
  if (locale === 'de') {
    await chooseLanguage(page, 'de');
    await page.getByLabel('E-Mail', { exact: true }).fill(OPERATOR.email);
    await page.getByLabel('Passwort', { exact: true }).fill(OPERATOR.password);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Praxisprüfungen' })).toBeVisible();
  } else {
    await fillSignIn(page, OPERATOR.email, OPERATOR.password);
    await expect(page).toHaveURL(/\/operator\/reviews$/);
  }
}

/** Each currency card, in its route's group, shows either an amount with its providers or that nothing is due. */
async function expectCurrencyCard(page: Page, group: string, name: RegExp, nothing: string, providers: RegExp) {
  const card = page.getByRole('region', { name: group, exact: true }).getByRole('region', { name });
  await expect(card).toBeVisible();
  await expect(card.getByText(nothing).or(card.getByText(providers))).toBeVisible();
}

test('in English at 1280 px: the operator opens the payouts page from the header and sees what is due and the batches', async ({
  page,
  a11y,
  browserErrors,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsOperator(page, 'en');
  await page.getByRole('banner').getByRole('link', { name: 'Payouts', exact: true }).click();
  await expect(page).toHaveURL(/\/operator\/payouts$/);
  await expect(page).toHaveTitle(/^Provider payouts · /);
  await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Due now' })).toBeVisible();
  await expectCurrencyCard(page, 'By bank file', /^Euro \(EUR\)$/, 'Nothing is due', /^for \d+ providers?$/);
  await expectCurrencyCard(page, 'By bank file', /\(GBP\)$/, 'Nothing is due', /^for \d+ providers?$/);
  await expectCurrencyCard(page, 'By the weekly run', /\(NGN\)$/, 'Nothing is due', /^for \d+ providers?$/);
  await expect(
    page.getByText('The payment service pays these automatically each week. Nothing to do here.'),
  ).toBeVisible();
  const history = page.getByRole('region', { name: 'Batches' });
  await expect(history.getByText('No batches yet').or(history.getByRole('article').first())).toBeVisible();
  await a11y('payouts (en, 1280 px)');
  await layoutSnapshot(page, testInfo, 'payouts-en-1280');
  expect(browserErrors).toEqual([]);
});

test.describe('in German on a 375 px phone', () => {
  const WIDTH = 375;
  test.use({ viewport: { width: WIDTH, height: 812 }, isMobile: true, hasTouch: true });

  test('the operator finds the payouts page in the menu; it fits the phone', async ({ page, a11y }, testInfo) => {
    await signInAsOperator(page, 'de');
    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    await page.getByRole('link', { name: 'Auszahlungen', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Auszahlungen' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Jetzt fällig' })).toBeVisible();
    await expectCurrencyCard(page, 'Per Bankdatei', /^Euro \(EUR\)$/, 'Nichts ist fällig', /^für \d+ Person(en)?$/);
    await expectCurrencyCard(
      page,
      'Über den wöchentlichen Lauf',
      /\(NGN\)$/,
      'Nichts ist fällig',
      /^für \d+ Person(en)?$/,
    );
    const history = page.getByRole('region', { name: 'Stapel' });
    await expect(history.getByText('Noch keine Stapel').or(history.getByRole('article').first())).toBeVisible();
    await expectNoHorizontalScroll(page, WIDTH);
    await a11y('payouts (de, 375 px)');
    await layoutSnapshot(page, testInfo, 'payouts-de-375');
  });
});

/** A dense answer for the layout check: long names, every state of a batch and an item. */
const stubOverview = [
  { currencyCode: 'GBP', route: 'bank-file', providers: 0, total: 0, withoutBankDetails: 0 },
  { currencyCode: 'EUR', route: 'bank-file', providers: 12, total: 1_234_567, withoutBankDetails: 3 },
  { currencyCode: 'NGN', route: 'gateway', providers: 4, total: 98_765_400, withoutBankDetails: 1 },
  { currencyCode: 'GHS', route: 'gateway', providers: 0, total: 0, withoutBankDetails: 0 },
  { currencyCode: 'ZAR', route: 'gateway', providers: 1, total: 150_000, withoutBankDetails: 0 },
];
const item = (n: number, status: string, providerName: string | null, accountName: string, amount: number) => ({
  identifier: `0190a6c4-0000-7000-8000-0000000001${String(n).padStart(2, '0')}`,
  reference: `bf-0190a6c400-000${n}`,
  providerId: `0190a6c4-0000-7000-8000-0000000002${String(n).padStart(2, '0')}`,
  providerName,
  accountName,
  amount,
  currencyCode: 'EUR',
  status,
});
const stubHistory = {
  items: [
    {
      identifier: '0190a6c4-0000-7000-8000-000000000301',
      currencyCode: 'EUR',
      itemCount: 2,
      total: 1_062_345,
      paidAt: null,
      createdAt: '2026-12-02T09:30:00.000Z',
      items: [
        item(
          1,
          'started',
          'Annaliese Bergmann-Schwarzenegger',
          'Praxis für Psychotherapie Bergmann-Schwarzenegger',
          12_345,
        ),
        item(2, 'started', null, 'Bruno Petit', 1_050_000),
      ],
    },
    {
      identifier: '0190a6c4-0000-7000-8000-000000000302',
      currencyCode: 'EUR',
      itemCount: 2,
      total: 80_000,
      paidAt: '2026-11-26T08:00:00.000Z',
      createdAt: '2026-11-25T16:00:00.000Z',
      items: [
        item(3, 'paid', 'Clara Voss', 'Clara Voss', 30_000),
        item(4, 'returned', 'Deniz Kaya', 'Deniz Kaya', 50_000),
      ],
    },
  ],
  total: 2,
  page: 1,
  pageSize: 20,
};

test('layout (reads stubbed): cards, batches and the dialogs at 1280 and 375 px, in English and German', async ({
  page,
  a11y,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsOperator(page, 'en');
  await page.route(/\/api\/v1\/operator\/payouts\/overview$/, (route) =>
    route.fulfill({ json: { data: stubOverview } }),
  );
  await page.route(/\/api\/v1\/operator\/payout-batches(\?.*)?$/, (route) =>
    route.fulfill({ json: { data: stubHistory } }),
  );
  for (const locale of ['en', 'de'] as const) {
    if (locale === 'de') await chooseLanguage(page, 'de');
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.goto('/operator/payouts');
      await expect(page.getByRole('article')).toHaveCount(2);
      await expectNoHorizontalScroll(page, width);
      await a11y(`payouts, stubbed (${locale}, ${width} px)`);
      await page.evaluate(() => window.scrollTo(0, 0));
      await layoutSnapshot(page, testInfo, `stub-${locale}-${width}`);
      const names =
        locale === 'en'
          ? { create: 'Create batch', sent: 'Mark as sent', back: /^Mark returned: Bruno Petit/ }
          : {
              create: 'Stapel erstellen',
              sent: 'Als gesendet markieren',
              back: /^Als Rückläufer markieren: Bruno Petit/,
            };
      for (const [button, tag] of [
        [page.getByRole('button', { name: names.create }), 'create'],
        [page.getByRole('button', { name: names.sent }), 'sent'],
        [page.getByRole('button', { name: names.back }), 'returned'],
      ] as const) {
        await button.click();
        const dialog = page.getByRole('dialog');
        await expect(dialog).toBeVisible();
        await a11y(`payouts, ${tag} dialog (${locale}, ${width} px)`);
        await layoutSnapshot(page, testInfo, `stub-${locale}-${width}-${tag}-dialog`, true);
        await page.keyboard.press('Escape');
        await expect(dialog).toHaveCount(0);
        // Focus is back on the button that opened it (Radix), so the keyboard carries on where it was.
        await expect(button).toBeFocused();
      }
    }
  }
  // The language chosen while signed in is the demo operator's own (saved to the account): back to English, which the
  // other journeys signing in as the demo operator expect.
  await chooseLanguage(page, 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
});
