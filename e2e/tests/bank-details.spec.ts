import type { APIRequestContext } from '@playwright/test';
import { expect, test, type Page } from '../support/fixtures.ts';
import { chooseLanguage, expectNoHorizontalScroll, expectToast, signIn } from '../support/app.ts';

/** Makes a signed-up provider's profile country `code` through the API (the bank form follows the country). */
async function moveProviderTo(request: APIRequestContext, user: { email: string; password: string }, code: string) {
  const login = await request.post('/api/v1/user/login', { data: { email: user.email, password: user.password } });
  expect(login.ok(), await login.text()).toBe(true);
  const headers = {
    authorization: `Bearer ${((await login.json()) as { data: { accessToken: string } }).data.accessToken}`,
  };
  const countries = (
    (await (await request.get('/api/v1/region/country')).json()) as {
      data: Array<{ identifier: string; code: string }>;
    }
  ).data;
  const states = (
    (await (await request.get(`/api/v1/region/country/code/${code}/states`)).json()) as {
      data: Array<{ identifier: string }>;
    }
  ).data;
  const ethnicities = (
    (await (await request.get('/api/v1/reference/ethnicity')).json()) as { data: Array<{ identifier: string }> }
  ).data;
  const genders = ((await (await request.get('/api/v1/reference/gender')).json()) as { data: Array<{ code: string }> })
    .data;
  const res = await request.post('/api/v1/provider/update/info', {
    headers,
    data: {
      firstName: 'Robin',
      lastName: 'Provider',
      phoneNumber: null,
      headline: null,
      title: null,
      officeAddress: null,
      bio: null,
      zipCode: null,
      countryIdentifier: countries.find((c) => c.code === code)!.identifier,
      stateIdentifier: states[0]!.identifier,
      dob: null,
      religionIdentifier: null,
      ethnicityIdentifier: ethnicities[0]!.identifier,
      gender: genders[0]!.code,
      disciplineIdentifier: null,
      therapies: [],
      modalities: [],
      specialities: [],
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function fillGb(page: Page, labels: Record<string, string>, values: { accountNumber: string }) {
  const form = page.getByRole('form');
  await form.getByLabel(labels.accountName!, { exact: true }).fill("Robin O'Neil-Provider");
  await form.getByLabel(labels.bankName!, { exact: true }).fill('Barclays Bank');
  // As printed on a UK bank card: the dashes are dropped.
  await form.getByLabel(labels.sortCode!, { exact: true }).fill('20-45-14');
  await form.getByLabel(labels.accountNumber!, { exact: true }).fill(values.accountNumber);
  await form.getByLabel(labels.accountType!, { exact: true }).selectOption('checking');
  await form.getByLabel(labels.ownership!, { exact: true }).selectOption('personal');
  await form.getByLabel(labels.address!, { exact: true }).fill('10 Downing Street, London');
  await form.getByLabel(labels.postalCode!, { exact: true }).fill('SW1A 2AA');
  await form.getByLabel(labels.dateOfBirth!, { exact: true }).fill('1980-04-12');
}

test('a provider in the UK enters bank details and then sees only the last four digits', async ({
  page,
  a11y,
  createUser,
  playwright,
  baseURL,
}, testInfo) => {
  const provider = await createUser('provider');
  const request = await playwright.request.newContext({ baseURL });
  await moveProviderTo(request, provider, 'GB');
  await request.dispose();

  await signIn(page, provider.email, provider.password, '/practice/bank-details');
  await expect(page.getByRole('heading', { level: 1, name: 'Bank details' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to practice' })).toHaveAttribute('href', '/practice');
  await expect(page.getByLabel('Sort code', { exact: true })).toBeVisible();
  await a11y('bank details (empty)');

  // A GB account without an address (and the other GB fields) is refused in the form.
  await page.getByRole('form').getByLabel('Account holder name').fill('Robin Provider');
  await page.getByRole('button', { name: 'Save bank details' }).click();
  await expect(page.getByText('Address must be 5 to 100 characters')).toBeVisible();
  await expect(page.getByText('Please enter a valid date of birth in the past')).toBeVisible();
  await a11y('bank details (errors)');

  await fillGb(
    page,
    {
      accountName: 'Account holder name',
      bankName: 'Bank name',
      sortCode: 'Sort code',
      accountNumber: 'Account number',
      accountType: 'Account type',
      ownership: 'Account ownership',
      address: 'Address',
      postalCode: 'Postal code',
      dateOfBirth: 'Date of birth',
    },
    { accountNumber: '41234567' },
  );
  await page.getByRole('button', { name: 'Save bank details' }).click();
  await expectToast(page, 'Bank details saved');
  await expect(page.getByTestId('masked-account-number')).toHaveText('•••• 4567');
  await expect(page.getByRole('form')).toHaveCount(0);
  await page.getByRole('button', { name: 'Change bank details' }).click();
  await expect(page.getByRole('heading', { name: 'Change bank details' })).toBeVisible();
  // The full number is never sent back: a change asks for it again.
  await expect(page.getByLabel('Account number', { exact: true })).toHaveValue('');
  expect(await page.content()).not.toContain('41234567');
  await a11y('bank details (saved)');
  await page.screenshot({ path: testInfo.outputPath('bank-details-en-desktop.png'), fullPage: true });

  await page.reload();
  await expect(page.getByTestId('masked-account-number')).toHaveText('•••• 4567');
  expect(await page.content()).not.toContain('41234567');
});

test('a provider in Germany (EUR, SEPA) enters an IBAN and a BIC; a wrong or non-SEPA IBAN and a foreign BIC are refused', async ({
  page,
  a11y,
  createUser,
  playwright,
  baseURL,
}) => {
  const provider = await createUser('provider');
  const request = await playwright.request.newContext({ baseURL });
  await moveProviderTo(request, provider, 'DE');
  await request.dispose();

  await signIn(page, provider.email, provider.password, '/practice/bank-details');
  const form = page.getByRole('form');
  await expect(form.getByLabel('IBAN', { exact: true })).toBeVisible();
  await expect(form.getByLabel('BIC', { exact: true })).toBeVisible();
  await expect(form.getByLabel('Sort code', { exact: true })).toHaveCount(0);
  await expect(form.getByLabel('Account number', { exact: true })).toHaveCount(0);

  await form.getByLabel('Account holder name').fill('Lena Hoffmann');
  await form.getByLabel('IBAN', { exact: true }).fill('DE89 3704 0044 0532 0130 01');
  await form.getByLabel('BIC', { exact: true }).fill('COBADEFFXXX');
  await page.getByRole('button', { name: 'Save bank details' }).click();
  await expect(page.getByText('Enter a valid IBAN')).toBeVisible();
  await form.getByLabel('IBAN', { exact: true }).fill('TR33 0006 1005 1978 6457 8413 26');
  await page.getByRole('button', { name: 'Save bank details' }).click();
  await expect(page.getByText('Euro payouts go to accounts in SEPA countries only')).toBeVisible();
  await form.getByLabel('IBAN', { exact: true }).fill('DE89 3704 0044 0532 0130 00');
  await form.getByLabel('BIC', { exact: true }).fill('BNPAFRPPXXX');
  await page.getByRole('button', { name: 'Save bank details' }).click();
  await expect(page.getByText('This BIC is of a bank in another country than the IBAN')).toBeVisible();
  await a11y('bank details, SEPA (errors)');

  await form.getByLabel('BIC', { exact: true }).fill('COBADEFFXXX');
  await page.getByRole('button', { name: 'Save bank details' }).click();
  await expectToast(page, 'Bank details saved');
  await expect(page.getByTestId('masked-account-number')).toHaveText('•••• 3000');
  await expect(page.getByText('COBADEFFXXX')).toBeVisible();
  await expect(page.getByText('Payouts go to this account by bank transfer.')).toBeVisible();
  expect(await page.content()).not.toMatch(/DE89\s?3704|0532\s?0130/);
  await a11y('bank details, SEPA (saved)');
});

test('a provider in the US enters an ABA routing number: a wrong check digit is refused, a valid one saved', async ({
  page,
  createUser,
  playwright,
  baseURL,
}) => {
  const provider = await createUser('provider');
  const request = await playwright.request.newContext({ baseURL });
  await moveProviderTo(request, provider, 'US');
  await request.dispose();

  await signIn(page, provider.email, provider.password, '/practice/bank-details');
  const form = page.getByRole('form');
  await form.getByLabel('Account holder name').fill('Mary-Ann Lee');
  await form.getByLabel('Bank name', { exact: true }).fill('Chase Bank');
  await form.getByLabel('Routing number', { exact: true }).fill('021000022');
  await form.getByLabel('Account number', { exact: true }).fill('000123456789');
  await form.getByLabel('Account type', { exact: true }).selectOption('checking');
  await form.getByLabel('Account ownership', { exact: true }).selectOption('personal');
  await form.getByLabel('Address', { exact: true }).fill('1 Main Street, Springfield');
  await form.getByLabel('Postal code', { exact: true }).fill('62701');
  await page.getByRole('button', { name: 'Save bank details' }).click();
  await expect(page.getByText('Enter a valid 9-digit routing number (ABA)')).toBeVisible();
  await form.getByLabel('Routing number', { exact: true }).fill('021000021');
  await page.getByRole('button', { name: 'Save bank details' }).click();
  await expectToast(page, 'Bank details saved');
  await expect(page.getByTestId('masked-account-number')).toHaveText('•••• 6789');
  await expect(page.getByText('Payouts go to this account by bank transfer.')).toBeVisible();
});

test('a client is told the page is for providers', async ({ page, createUser }) => {
  const client = await createUser('client');
  await signIn(page, client.email, client.password, '/practice/bank-details');
  await expect(page.getByRole('heading', { name: 'For providers only' })).toBeVisible();
  await expect(page.getByRole('form')).toHaveCount(0);
});

test.describe('German on a 375 px phone', () => {
  const WIDTH = 375;
  test.use({ viewport: { width: WIDTH, height: 812 }, isMobile: true, hasTouch: true });

  test('a provider in the UK saves bank details in German and sees them masked', async ({
    page,
    a11y,
    createUser,
    playwright,
    baseURL,
  }, testInfo) => {
    const provider = await createUser('provider');
    const request = await playwright.request.newContext({ baseURL });
    await moveProviderTo(request, provider, 'GB');
    await request.dispose();

    await signIn(page, provider.email, provider.password, '/practice/bank-details');
    await chooseLanguage(page, 'de');
    await expect(page.getByRole('heading', { level: 1, name: 'Bankverbindung' })).toBeVisible();
    await expectNoHorizontalScroll(page, WIDTH);
    await page.getByRole('button', { name: 'Bankverbindung speichern' }).click();
    await expect(page.getByText('Die Adresse muss 5 bis 100 Zeichen lang sein')).toBeVisible();
    await a11y('bank details (de, 375 px, errors)');

    await fillGb(
      page,
      {
        accountName: 'Kontoinhaber',
        bankName: 'Name der Bank',
        sortCode: 'Sort Code',
        accountNumber: 'Kontonummer',
        accountType: 'Kontoart',
        ownership: 'Privat- oder Geschäftskonto',
        address: 'Adresse',
        postalCode: 'Postleitzahl',
        dateOfBirth: 'Geburtsdatum',
      },
      { accountNumber: '87654321' },
    );
    await page.getByRole('button', { name: 'Bankverbindung speichern' }).click();
    await expectToast(page, 'Bankdaten gespeichert');
    await expect(page.getByTestId('masked-account-number')).toHaveText('•••• 4321');
    expect(await page.content()).not.toContain('87654321');
    await expectNoHorizontalScroll(page, WIDTH);
    await a11y('bank details (de, 375 px, saved)');
    await page.screenshot({ path: testInfo.outputPath('bank-details-de-375.png'), fullPage: true });
  });

  test('a provider in Germany saves an IBAN and a BIC in German on a phone', async ({
    page,
    a11y,
    createUser,
    playwright,
    baseURL,
  }, testInfo) => {
    const provider = await createUser('provider');
    const request = await playwright.request.newContext({ baseURL });
    await moveProviderTo(request, provider, 'DE');
    await request.dispose();

    await signIn(page, provider.email, provider.password, '/practice/bank-details');
    await chooseLanguage(page, 'de');
    const form = page.getByRole('form');
    await form.getByLabel('Kontoinhaber').fill('Lena Hoffmann');
    await form.getByLabel('IBAN', { exact: true }).fill('DE89 3704 0044 0532 0130 00');
    await form.getByLabel('BIC', { exact: true }).fill('COBADEFF');
    await expectNoHorizontalScroll(page, WIDTH);
    await a11y('bank details, SEPA (de, 375 px, form)');
    await page.getByRole('button', { name: 'Bankverbindung speichern' }).click();
    await expect(page.getByText('Diese BIC gehört zu einer Bank')).toHaveCount(0);
    await expectToast(page, 'Bankdaten gespeichert');
    await expect(page.getByTestId('masked-account-number')).toHaveText('•••• 3000');
    await expectNoHorizontalScroll(page, WIDTH);
    await a11y('bank details, SEPA (de, 375 px, saved)');
    await page.screenshot({ path: testInfo.outputPath('bank-details-sepa-de-375.png'), fullPage: true });
  });
});
