import { type APIRequestContext } from '@playwright/test';
import { topupMinimumText } from '../../packages/contracts/src/wallet.ts';
import { expect, test, type Page } from '../support/fixtures.ts';
import { expectNoHorizontalScroll, expectToast, signIn, chooseLanguage } from '../support/app.ts';
import { PASSWORD, signUpHeaders, uniqueEmail } from '../support/data.ts';
import {
  FEE_MINOR,
  bookableProvider,
  clientInGb,
  daysAhead,
  fundWallet,
  paidBooking,
  signInApi,
} from '../support/bookings.ts';

/**
 * The wallet journeys (spec §2 "Wallet top-up", "Pending payment pop-up", §4 "Top-up"): card top-up through the
 * sandbox checkout, transfer top-up through the bank-transfer simulator, a declined card, and the minimum amount.
 * `createUser('client')` registers a client in the US, so the wallet is in USD (DESIGN.md §6).
 */
const CURRENCY = 'USD';
const money = (major: number, currency = CURRENCY, locale = 'en') =>
  new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
  }).format(major);

async function openWallet(page: Page, user: { email: string; password: string }) {
  await signIn(page, user.email, user.password, '/wallet');
  await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
  await expect(page.getByTestId('wallet-balance')).toBeVisible();
}

async function openTopup(page: Page) {
  await page.getByRole('button', { name: 'Top Up', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Top Up Wallet' });
  await expect(dialog.getByText('Current Balance')).toBeVisible();
  await expect(dialog.getByTestId('topup-balance')).toBeVisible();
  return dialog;
}

async function enterAmount(page: Page, amount: string, currency = CURRENCY) {
  const dialog = page.getByRole('dialog', { name: 'Top Up Wallet' });
  const field = dialog.getByLabel(`Amount (${currency})`);
  await field.fill('');
  await field.pressSequentially(amount);
  await dialog.getByRole('button', { name: 'Proceed' }).click();
}

/** A client in another country than the fixture's (the fixture always registers in the US). */
async function registerClientIn(request: APIRequestContext, countryCode: string, extra: { phoneNumber?: string } = {}) {
  const countries = (await (await request.get('/api/v1/region/country')).json()) as {
    data: Array<{ identifier: string; code: string }>;
  };
  const country = countries.data.find((c) => c.code === countryCode);
  if (!country) throw new Error(`country ${countryCode} is not listed`);
  const email = uniqueEmail('client');
  const res = await request.post('/api/v1/user/register', {
    headers: signUpHeaders(),
    data: {
      userType: 'client',
      firstName: 'Ada',
      lastName: 'Client',
      email,
      confirmEmail: email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      acceptTerms: true,
      countryIdentifier: country.identifier,
      ...extra,
    },
  });
  expect(res.status(), `register client in ${countryCode}: ${await res.text()}`).toBe(201);
  return { email, password: PASSWORD };
}

test('a client tops up 1,000 by card through the checkout and sees the new balance', async ({
  page,
  a11y,
  createUser,
}, testInfo) => {
  const client = await createUser('client');
  await openWallet(page, client);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Wallet' })).toBeVisible();
  await expect(page.getByTestId('wallet-balance')).toHaveText(money(0));
  await expect(page.getByRole('heading', { name: 'No transactions yet' })).toBeVisible();
  await a11y('wallet');
  await page.screenshot({
    path: testInfo.outputPath('wallet-en-desktop-empty.png'),
    fullPage: true,
  });

  const dialog = await openTopup(page);
  await expect(dialog.getByTestId('topup-balance')).toHaveText(money(0));
  await dialog.getByLabel(`Amount (${CURRENCY})`).pressSequentially('1000');
  await expect(dialog.getByLabel(`Amount (${CURRENCY})`)).toHaveValue('1,000');
  await a11y('top-up: amount');
  await page.screenshot({
    path: testInfo.outputPath('wallet-en-desktop-amount.png'),
  });
  await dialog.getByRole('button', { name: 'Proceed' }).click();

  const methods = page.getByRole('dialog', { name: 'Choose how to pay' });
  await expect(methods.getByText(`You are topping up ${money(1000)}.`)).toBeVisible();
  // A dedicated bank account exists only for NGN: a USD wallet is told so instead of being offered the transfer.
  await expect(
    methods.getByText(
      'Transfer To Account is not available for USD wallets: a dedicated bank account exists only for NGN. Please pay by card.',
    ),
  ).toBeVisible();
  await expect(methods.getByRole('button', { name: 'Transfer To Account' })).toHaveCount(0);
  await a11y('top-up: methods');
  await page.screenshot({
    path: testInfo.outputPath('wallet-en-desktop-methods.png'),
  });
  // The card button names the gateway the server uses for the currency: here the sandbox (development's default).
  await methods.getByRole('button', { name: 'Top Up Via Sandbox' }).click();

  // The sandbox plays the gateway's checkout page.
  await expect(page).toHaveURL(/\/api\/v1\/payment\/sandbox\/checkout\//);
  await expect(page.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
  await a11y('sandbox checkout');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  // Back in the app with ?payment=: the pending pop-up until the status is final, then the toast.
  await expect(page).toHaveURL(/\/wallet/);
  await expectToast(page, 'Payment successful!');
  await expect(page).not.toHaveURL(/payment=/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('wallet-balance')).toHaveText(money(1000));
  const list = page.getByRole('list', { name: 'Transactions' });
  const row = list.getByRole('link').filter({ hasText: `+${money(1000)}` });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Top-up');
  await a11y('wallet after top-up');
  await page.screenshot({
    path: testInfo.outputPath('wallet-en-desktop-after.png'),
    fullPage: true,
  });

  // The single transaction.
  await row.click();
  await expect(page).toHaveURL(/\/wallet\/transactions\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Top-up' })).toBeVisible();
  await expect(page.getByTestId('transaction-amount')).toHaveText(`+${money(1000)}`);
  await a11y('transaction');
  await page.screenshot({
    path: testInfo.outputPath('wallet-en-desktop-transaction.png'),
    fullPage: true,
  });
  await page.getByRole('link', { name: 'Back to wallet' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();

  // Someone else's (or no such) transaction is "not found".
  await page.goto('/wallet/transactions/01890000-0000-7000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Transaction not found' })).toBeVisible();
  await a11y('transaction not found');
});

test('a client tops up by bank transfer: account details, "Topup In Progress", then the credit and the mail', async ({
  page,
  a11y,
  request,
  mailbox,
}, testInfo) => {
  // Transfers to a dedicated account exist for NGN wallets only (Paystack's dedicated accounts): a client in Nigeria,
  // with a phone number (Paystack assigns a dedicated account only with one: POST /dedicated_account/assign).
  const client = await registerClientIn(request, 'NG', { phoneNumber: '08012345670' });
  await openWallet(page, client);
  await openTopup(page);
  await enterAmount(page, '2500', 'NGN');
  await page
    .getByRole('dialog', { name: 'Choose how to pay' })
    .getByRole('button', { name: 'Transfer To Account' })
    .click();

  const transfer = page.getByRole('dialog', { name: 'Transfer To Account' });
  // The account is assigned asynchronously (its webhook follows the request); the modal asks again every few seconds.
  await expect(
    transfer.getByText('Transfer to the account below and your wallet will be credited instantly.'),
  ).toBeVisible({ timeout: 15_000 });
  await expect(transfer.getByText('Bank name')).toBeVisible();
  await expect(transfer.getByText('Account name')).toBeVisible();
  const accountNumber = (await transfer.getByTestId('account-number').textContent())?.trim() ?? '';
  expect(accountNumber).toMatch(/^\d{6,}$/);
  await a11y('top-up: transfer details');
  await page.screenshot({
    path: testInfo.outputPath('wallet-en-desktop-transfer.png'),
  });

  await transfer.getByRole('button', { name: 'I Have Made The Payment' }).click();
  const progress = page.getByRole('dialog', { name: 'Topup In Progress' });
  await expect(
    progress.getByText(
      'Your Topup is currently processing and will complete when you finish making the transfer. A mail will be sent to notify you when the topup is complete.',
    ),
  ).toBeVisible();
  await a11y('top-up: in progress');
  await page.screenshot({
    path: testInfo.outputPath('wallet-en-desktop-progress.png'),
  });
  await progress.getByRole('button', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/overview\/?$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The bank's side: money arrives on the dedicated account.
  const res = await request.post('/api/v1/payment/sandbox/transfer', {
    data: { accountNumber, amount: 250000 },
  });
  expect(res.status(), await res.text()).toBe(200);

  await page.goto('/wallet');
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('wallet-balance')).toHaveText(money(2500, 'NGN'), {
      timeout: 2_000,
    });
  }).toPass({ timeout: 20_000 });
  await expect(
    page
      .getByRole('list', { name: 'Transactions' })
      .getByRole('link')
      .filter({ hasText: `+${money(2500, 'NGN')}` }),
  ).toHaveCount(1);
  const mail = await mailbox.waitFor(client.email, /top-?up/i);
  expect(mail.subject).toMatch(/top-?up/i);
});

test('a declined card payment says "Payment failed. Please try again." and the amount has a minimum', async ({
  page,
  a11y,
  createUser,
}) => {
  const client = await createUser('client');
  await openWallet(page, client);
  const dialog = await openTopup(page);

  // Below the USD minimum.
  await enterAmount(page, '4');
  await expect(dialog.getByText(topupMinimumText(CURRENCY), { exact: true })).toBeVisible();
  expect(topupMinimumText(CURRENCY)).toBe('Minimum topup amount is 5 $');
  await a11y('top-up: minimum');

  await enterAmount(page, '1000');
  await page
    .getByRole('dialog', { name: 'Choose how to pay' })
    .getByRole('button', { name: 'Top Up Via Sandbox' })
    .click();
  await expect(page.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
  await page.getByRole('button', { name: 'Decline', exact: true }).click();

  await expect(page).toHaveURL(/\/wallet/);
  await expectToast(page, 'Payment failed. Please try again.');
  await expect(page).not.toHaveURL(/payment=/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('wallet-balance')).toHaveText(money(0));
});

test('a client in Nigeria cannot top up less than 500 ₦', async ({ page, a11y, playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  const client = await registerClientIn(request, 'NG');
  await request.dispose();
  await openWallet(page, client);
  const dialog = await openTopup(page);
  await expect(dialog.getByTestId('topup-balance')).toHaveText(money(0, 'NGN'));
  await enterAmount(page, '499', 'NGN');
  const expected = topupMinimumText('NGN');
  expect(expected).toBe('Minimum topup amount is 500 ₦');
  await expect(dialog.getByText(expected, { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('Amount (NGN)')).toHaveAttribute('aria-invalid', 'true');
  await a11y('top-up: minimum (NGN)');

  await enterAmount(page, '500', 'NGN');
  await expect(
    page.getByRole('dialog', { name: 'Choose how to pay' }).getByText(`You are topping up ${money(500, 'NGN')}.`),
  ).toBeVisible();
});

test.describe('on a 375 px phone', () => {
  test.use({
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
  });

  test('the wallet and the top-up fit the screen, in English and German', async ({
    page,
    a11y,
    playwright,
    baseURL,
  }, testInfo) => {
    // A client in Nigeria with a phone number: both ways to pay (card and transfer to the dedicated NGN account).
    const request = await playwright.request.newContext({ baseURL });
    const client = await registerClientIn(request, 'NG', { phoneNumber: '08012345671' });
    await request.dispose();
    await openWallet(page, client);
    await expectNoHorizontalScroll(page, 375);
    await a11y('wallet (375 px)');
    await page.screenshot({
      path: testInfo.outputPath('wallet-en-375.png'),
      fullPage: true,
    });
    await openTopup(page);
    await page.screenshot({
      path: testInfo.outputPath('wallet-en-375-amount.png'),
    });
    await page.keyboard.press('Escape');

    await chooseLanguage(page, 'de');
    await expect(page.getByRole('heading', { level: 1, name: 'Guthaben' })).toBeVisible();
    await expect(page.getByText('Aktuelles Guthaben')).toBeVisible();
    await expectNoHorizontalScroll(page, 375);
    await a11y('wallet (de, 375 px)');
    await page.screenshot({
      path: testInfo.outputPath('wallet-de-375.png'),
      fullPage: true,
    });

    await page.getByRole('button', { name: 'Aufladen', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Guthaben aufladen' });
    const field = dialog.getByLabel('Betrag (NGN)');
    await field.pressSequentially('4');
    await dialog.getByRole('button', { name: 'Weiter' }).click();
    await expect(dialog.getByText('Der Mindestbetrag für eine Aufladung ist 500 ₦')).toBeVisible();
    await a11y('top-up (de, 375 px)');
    await page.screenshot({
      path: testInfo.outputPath('wallet-de-375-amount.png'),
    });
    await field.fill('');
    await field.pressSequentially('25000');
    await expect(field).toHaveValue('25,000');
    await dialog.getByRole('button', { name: 'Weiter' }).click();
    const methods = page.getByRole('dialog', { name: 'Wähle, wie du zahlst' });
    await expect(methods.getByRole('button', { name: 'Über die Sandbox aufladen' })).toBeVisible();
    await a11y('top-up methods (de, 375 px)');
    await page.screenshot({
      path: testInfo.outputPath('wallet-de-375-methods.png'),
    });
    await methods.getByRole('button', { name: 'Auf Konto überweisen' }).click();
    const transfer = page.getByRole('dialog', { name: 'Auf Konto überweisen' });
    // Assigned asynchronously (its webhook follows the request): the modal asks again every few seconds.
    await expect(
      transfer.getByText('Überweise auf das folgende Konto, und dein Guthaben wird sofort gutgeschrieben.'),
    ).toBeVisible({ timeout: 15_000 });
    await expectNoHorizontalScroll(page, 375);
    await a11y('top-up transfer (de, 375 px)');
    await page.screenshot({
      path: testInfo.outputPath('wallet-de-375-transfer.png'),
    });
    await transfer.getByRole('button', { name: 'Ich habe die Zahlung getätigt' }).click();
    await expect(page.getByRole('dialog', { name: 'Aufladung wird bearbeitet' })).toBeVisible();
    await page.screenshot({
      path: testInfo.outputPath('wallet-de-375-progress.png'),
    });
  });
});

test('the German wallet on a desktop', async ({ page, createUser }, testInfo) => {
  const client = await createUser('client');
  await openWallet(page, client);
  await chooseLanguage(page, 'de');
  await expect(page.getByRole('heading', { level: 1, name: 'Guthaben' })).toBeVisible();
  await expect(page.getByTestId('wallet-balance')).toHaveText(money(0, CURRENCY, 'de'));
  await page.screenshot({
    path: testInfo.outputPath('wallet-de-desktop.png'),
    fullPage: true,
  });
  await page.getByRole('button', { name: 'Aufladen', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Guthaben aufladen' }).getByTestId('topup-balance')).toBeVisible();
  await page.screenshot({
    path: testInfo.outputPath('wallet-de-desktop-amount.png'),
  });
});

test('back from the checkout, the pending pop-up animates, hints after 15 s, and ends with the final status', async ({
  page,
  a11y,
  createUser,
}, testInfo) => {
  const client = await createUser('client');
  await openWallet(page, client);
  // A payment that stays pending until the test says otherwise; the clock is the test's too.
  const paymentId = '01890000-0000-7000-8000-0000000000aa';
  let status = 'pending';
  await page.route(`**/api/v1/payment/status/${paymentId}`, (route) =>
    route.fulfill({
      json: {
        data: {
          identifier: paymentId,
          status,
          amount: 100000,
          currencyCode: CURRENCY,
        },
      },
    }),
  );
  await page.clock.install();
  await page.goto(`/wallet?payment=${paymentId}&reference=ref-e2e`);

  const popup = page.getByRole('dialog', { name: 'Confirming your payment' });
  await expect(popup).toBeVisible();
  const frame = popup.getByTestId('pending-illustration');
  const first = await frame.getAttribute('data-frame');
  await page.clock.runFor(350);
  await expect(frame).not.toHaveAttribute('data-frame', first ?? '');
  await expect(popup.getByText('This is taking longer than expected.')).toHaveCount(0);
  await a11y('pending payment pop-up');
  await page.screenshot({
    path: testInfo.outputPath('wallet-en-desktop-pending.png'),
  });

  await page.clock.runFor(15_000);
  await expect(popup.getByText('This is taking longer than expected.')).toBeVisible();
  await expect(popup.getByRole('link', { name: 'Refresh' })).toHaveAttribute(
    'href',
    `/wallet?payment=${paymentId}&reference=ref-e2e`,
  );
  await page.screenshot({
    path: testInfo.outputPath('wallet-en-desktop-pending-slow.png'),
  });

  status = 'failed';
  await page.clock.runFor(5_000);
  await expectToast(page, 'Payment failed. Please try again.');
  await expect(popup).toBeHidden();
  await expect(page).not.toHaveURL(/payment=/);
});

/** A sandbox card top-up in `currency` (not the own one), through the checkout's Pay, waited for until credited. */
async function topUpIn(
  request: APIRequestContext,
  headers: { authorization: string },
  amount: number,
  currency: string,
) {
  const topup = await request.post('/api/v1/payment/wallet', {
    headers: { ...headers, 'idempotency-key': `e2e-${currency}-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    data: { amount, currencyCode: currency },
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
          (await (await request.get(`/api/v1/wallet/balance?currency=${currency}`, { headers })).json()) as {
            data: { balance: number };
          }
        ).data.balance,
      { timeout: 15_000 },
    )
    .toBe(amount);
}

test.describe('a client with two currencies (issue 48: one wallet view)', () => {
  test('sees both on /wallet, the one used last first, each with its own history; the overview shows both', async ({
    page,
    a11y,
    request,
    createUser,
  }, testInfo) => {
    // A client in Great Britain pays a session of a British therapist from a pound top-up (their pound wallet is back
    // at £0), then tops up €80: two wallets, the euro one used last.
    const provider = await createUser('provider', { verified: true });
    const providerId = await bookableProvider(request, provider);
    const client = await clientInGb(request, 'Amara');
    const clientApi = await signInApi(request, client);
    await fundWallet(request, clientApi.headers, FEE_MINOR);
    await paidBooking(request, clientApi.headers, providerId, daysAhead(5));
    await topUpIn(request, clientApi.headers, 8_000, 'EUR');

    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, client.email, client.password, '/wallet');
    const wallets = page.getByRole('group', { name: 'Your wallets' });
    await expect(wallets.getByRole('button')).toHaveText([/^EUR€80\.00$/, /^GBP£0\.00$/]);
    await expect(wallets.getByRole('button', { name: /EUR/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('wallet-balance')).toHaveText(money(80, 'EUR'));
    const list = page.getByRole('list', { name: 'Transactions' });
    await expect(list.getByRole('link')).toHaveCount(1);
    await expect(list.getByRole('link').first()).toContainText('Top-up');
    await expect(list.getByRole('link').first()).toContainText(`+${money(80, 'EUR')}`);
    await a11y('wallet: the euro wallet');
    await page.screenshot({ path: testInfo.outputPath('wallets-two-en-1280-eur.png'), fullPage: true });

    // The pound wallet at £0 keeps its history: the top-up and the session's payment.
    await wallets.getByRole('button', { name: /GBP/ }).click();
    await expect(page).toHaveURL(/[?&]currency=GBP/);
    await expect(page.getByTestId('wallet-balance')).toHaveText(money(0, 'GBP'));
    await expect(list.getByRole('link')).toHaveCount(2);
    await expect(list.getByRole('link').nth(0)).toContainText('Booking payment');
    await expect(list.getByRole('link').nth(0)).toContainText(`-${money(FEE_MINOR / 100, 'GBP')}`);
    await expect(list.getByRole('link').nth(1)).toContainText(`+${money(FEE_MINOR / 100, 'GBP')}`);
    await expect(page.getByText('No transactions yet')).toHaveCount(0);
    await a11y('wallet: the pound wallet');
    await page.screenshot({ path: testInfo.outputPath('wallets-two-en-1280-gbp.png'), fullPage: true });

    // The overview names both, each linking to its own wallet.
    await page.goto('/overview');
    const card = page.getByTestId('overview-balances');
    await expect(card.getByRole('link')).toHaveText([`${money(80, 'EUR')} EUR`, `${money(0, 'GBP')} GBP`]);
    await a11y('overview: both wallets');
    await card.getByRole('link', { name: /GBP/ }).click();
    await expect(page).toHaveURL(/\/wallet\?currency=GBP$/);
    await expect(page.getByTestId('wallet-balance')).toHaveText(money(0, 'GBP'));

    // In German at 375 px: both wallets, the euro history.
    await page.setViewportSize({ width: 375, height: 812 });
    await chooseLanguage(page, 'de');
    await page.goto('/wallet');
    const deWallets = page.getByRole('group', { name: 'Deine Guthaben' });
    await expect(deWallets.getByRole('button')).toHaveText([/^EUR80,00\s€$/, /^GBP0,00\s£$/]);
    await expect(page.getByTestId('wallet-balance')).toHaveText(money(80, 'EUR', 'de'));
    const deList = page.getByRole('list', { name: 'Transaktionen' });
    await expect(deList.getByRole('link')).toHaveCount(1);
    await expectNoHorizontalScroll(page, 375);
    await a11y('wallet (de, 375 px): two currencies');
    await page.screenshot({ path: testInfo.outputPath('wallets-two-de-375.png'), fullPage: true });
    await deWallets.getByRole('button', { name: /GBP/ }).click();
    await expect(deList.getByRole('link')).toHaveCount(2);
    await expectNoHorizontalScroll(page, 375);
    await page.screenshot({ path: testInfo.outputPath('wallets-two-de-375-gbp.png'), fullPage: true });
  });
});
