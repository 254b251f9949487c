import type { APIRequestContext } from '@playwright/test';
import { FEE_MINOR, providerWithBooking, signInApi } from '../support/bookings.ts';
import { expect, test, type Page } from '../support/fixtures.ts';
import { chooseLanguage, expectNoHorizontalScroll, signIn } from '../support/app.ts';

/**
 * Issue 46, "Money that reaches a bank": a provider's /wallet is their earnings (pending, available, where and when
 * it is paid out), linked from their menu; a client's /wallet shows every currency they hold, each with its history.
 */
const gbp = (minor: number, locale = 'en') =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'GBP', currencyDisplay: 'narrowSymbol' }).format(
    minor / 100,
  );

/** A EUR top-up of a client whose own wallet is another currency (the sandbox checkout pays it). */
async function topUpEuros(request: APIRequestContext, headers: { authorization: string }, amountMinor: number) {
  const topup = await request.post('/api/v1/payment/wallet', {
    headers: { ...headers, 'idempotency-key': `e2e-eur-${Date.now()}-${Math.random().toString(36).slice(2, 10)}` },
    data: { amount: amountMinor, currencyCode: 'EUR' },
  });
  expect(topup.status(), await topup.text()).toBe(201);
  const reference = ((await topup.json()) as { data: { payment: { reference: string } } }).data.payment.reference;
  const paid = await request.post(`/api/v1/payment/sandbox/checkout/${encodeURIComponent(reference)}/pay`, {
    maxRedirects: 0,
  });
  expect([200, 303]).toContain(paid.status());
  await expect
    .poll(
      async () =>
        (
          (await (await request.get('/api/v1/wallet/balance?currency=EUR', { headers })).json()) as {
            data: { balance: number };
          }
        ).data.balance,
      { timeout: 15_000 },
    )
    .toBe(amountMinor);
}

async function shoot(page: Page, name: string, width: number, testInfo: { outputPath: (n: string) => string }) {
  await expectNoHorizontalScroll(page, width);
  await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
}

test("a provider's earnings: a paid session pending, when and where it is paid out, from the menu", async ({
  page,
  a11y,
  request,
  createUser,
}, testInfo) => {
  const provider = await createUser('provider', { verified: true });
  await providerWithBooking(request, provider, 'Amara');
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, provider.email, provider.password, '/overview');
  await page.getByRole('banner').getByRole('link', { name: 'Earnings' }).click();
  await expect(page).toHaveURL(/\/wallet$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your earnings' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Top Up' })).toHaveCount(0);
  await expect(page.getByTestId('earnings-GBP-pending')).toHaveText(gbp(FEE_MINOR));
  await expect(page.getByTestId('earnings-GBP-available')).toHaveText(gbp(0));
  await expect(page.getByTestId('next-payout-GBP')).toContainText("the platform's next bank transfer");
  await expect(page.getByTestId('destination-GBP')).toContainText('No bank details for GBP yet');
  // Money out (issue 48): the link names the currency, and the bank-details page says which payouts it is about.
  await expect(page.getByTestId('destination-GBP').getByRole('link', { name: 'Add bank details' })).toHaveAttribute(
    'href',
    '/practice/bank-details?currency=GBP',
  );
  const sessions = page.getByRole('list', { name: 'Sessions' });
  await expect(sessions.getByRole('link')).toHaveCount(1);
  await expect(sessions.getByText(/with Amara C\./)).toHaveCount(1);
  await a11y('earnings');
  await shoot(page, 'earnings-en', 1280, testInfo);
  await page.setViewportSize({ width: 375, height: 800 });
  await shoot(page, 'earnings-en', 375, testInfo);

  await chooseLanguage(page, 'de');
  await expect(page.getByRole('heading', { level: 1, name: 'Deine Einnahmen' })).toBeVisible();
  await expect(page.getByTestId('earnings-GBP-pending')).toHaveText(gbp(FEE_MINOR, 'de'));
  await shoot(page, 'earnings-de', 375, testInfo);
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot(page, 'earnings-de', 1280, testInfo);

  await page.getByTestId('destination-GBP').getByRole('link', { name: 'Bankdaten hinzufügen' }).click();
  await expect(page).toHaveURL(/\/practice\/bank-details\?currency=GBP$/);
  await expect(page.getByTestId('payout-currency')).toContainText('Auszahlungen in');
  await expect(page.getByTestId('payout-currency')).toContainText('(GBP)');
  await a11y('bank details for GBP payouts (de)');
});

test('a client with dollars and euros sees both wallets, each with its own balance and history', async ({
  page,
  request,
  createUser,
}, testInfo) => {
  const client = await createUser('client');
  const clientApi = await signInApi(request, client);
  await topUpEuros(request, clientApi.headers, 8_000);

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, client.email, client.password, '/wallet');
  const wallets = page.getByRole('group', { name: 'Your wallets' });
  // Issue 48: the euro wallet, the one used, first and open; the own dollar wallet, never used, after it.
  await expect(wallets.getByRole('button')).toHaveText([/EUR/, /USD/]);
  await expect(page.getByTestId('wallet-balance')).toHaveText('€80.00');
  await wallets.getByRole('button', { name: /USD/ }).click();
  await expect(page).toHaveURL(/currency=USD/);
  await expect(page.getByTestId('wallet-balance')).toHaveText('$0.00');
  await wallets.getByRole('button', { name: /EUR/ }).click();
  await expect(page).toHaveURL(/currency=EUR/);
  await expect(page.getByTestId('wallet-balance')).toHaveText('€80.00');
  await expect(page.getByRole('link', { name: /Top-up/ }).first()).toBeVisible();
  await shoot(page, 'wallets-en', 1280, testInfo);
  await page.setViewportSize({ width: 375, height: 800 });
  await shoot(page, 'wallets-en', 375, testInfo);

  await chooseLanguage(page, 'de');
  await expect(page.getByRole('group', { name: 'Deine Guthaben' })).toBeVisible();
  await shoot(page, 'wallets-de', 375, testInfo);
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot(page, 'wallets-de', 1280, testInfo);

  await page.goto('/overview');
  await expect(page.getByTestId('overview-balances')).toContainText('80,00');
  await page.screenshot({ path: testInfo.outputPath('overview-de-1280.png') });
});
