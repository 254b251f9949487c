import { expect, test } from '../support/fixtures.ts';
import { chooseLanguage, expectNoHorizontalScroll, signIn } from '../support/app.ts';
import { expectNoA11yViolations } from '../support/a11y.ts';
import {
  bookableProvider,
  clientInGb,
  daysAhead,
  FEE_MINOR,
  fundWallet,
  paidBooking,
  pickSlot,
  signInApi,
} from '../support/bookings.ts';

/**
 * Issue 15 end to end, the other sides of a booking: a provider creates an appointment that the client schedules and
 * pays (on a phone, in German); a reschedule inside 48 hours that the other party approves; a request withdrawn,
 * which spends nothing (issue 48); the reschedule limit.
 */

test.describe('on a phone, in German', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('a provider creates an appointment without a time; the client schedules and pays it', async ({
    page,
    browser,
    baseURL,
    createUser,
    playwright,
  }, testInfo) => {
    test.setTimeout(240_000);
    const request = await playwright.request.newContext({ baseURL });
    const provider = await createUser('provider', { verified: true });
    const providerId = await bookableProvider(request, provider);
    const client = await clientInGb(request, 'Greta');
    const clientApi = await signInApi(request, client);
    await fundWallet(request, clientApi.headers, FEE_MINOR * 2);
    // A first session makes Greta one of the provider's clients.
    await paidBooking(request, clientApi.headers, providerId, daysAhead(6));
    await request.dispose();

    const desk = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 } });
    await desk.addCookies([{ name: 'cookie-consent', value: 'true', url: baseURL! }]);
    const providerPage = await desk.newPage();
    await signIn(providerPage, provider.email, provider.password, '/appointments');
    await chooseLanguage(providerPage, 'de');
    await providerPage.getByRole('button', { name: 'Termin anlegen' }).click();
    const create = providerPage.getByRole('dialog', { name: 'Termin anlegen' });
    await create.getByLabel('Klient*in', { exact: true }).selectOption({ index: 1 });
    await create.getByLabel('Sitzungsform').selectOption({ index: 1 });
    await create.getByLabel('Therapie').selectOption({ index: 1 });
    await expectNoA11yViolations(providerPage, 'create appointment (de, 375)');
    await create.getByRole('button', { name: 'Termin anlegen' }).click();
    await expect(providerPage.getByRole('dialog', { name: 'Termin angelegt' }).getByRole('status')).toContainText(
      'Greta Client wird gebeten, eine Zeit zu wählen',
    );
    await desk.close();

    await signIn(page, client.email, client.password, '/appointments');
    await chooseLanguage(page, 'de');
    await page
      .getByRole('link', { name: /Buchung öffnen/ })
      .last()
      .click();
    await page.getByRole('button', { name: 'Zeit wählen' }).click();
    const schedule = page.getByRole('dialog');
    await pickSlot(page, daysAhead(7), 0, 'de');
    await schedule.getByRole('button', { name: 'Planen und bezahlen' }).click();
    await expect(page).toHaveURL(/\/payment\//);
    await expectNoHorizontalScroll(page, 375);
    await expectNoA11yViolations(page, 'payment (de, 375)');
    await page.screenshot({ path: testInfo.outputPath('payment-de-375.png'), fullPage: true });
    await page.getByRole('button', { name: /bezahlen$/ }).click();
    await expect(page.getByRole('heading', { name: 'Zahlung erfolgreich!' })).toBeVisible();
  });
});

test('a reschedule inside 48 hours is a request the provider approves; the limit then disables Reschedule', async ({
  page,
  a11y,
  browser,
  baseURL,
  createUser,
  playwright,
}) => {
  test.setTimeout(240_000);
  const request = await playwright.request.newContext({ baseURL });
  const provider = await createUser('provider', { verified: true });
  const providerId = await bookableProvider(request, provider);
  const client = await clientInGb(request);
  const clientApi = await signInApi(request, client);
  await fundWallet(request, clientApi.headers, FEE_MINOR);
  const bookingId = await paidBooking(request, clientApi.headers, providerId, daysAhead(1), 2);
  await request.dispose();

  await signIn(page, client.email, client.password, `/appointments/${bookingId}`);
  await page.getByRole('button', { name: 'Reschedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reschedule booking' });
  await expect(dialog.getByText('The other party must approve')).toBeVisible();
  await pickSlot(page, daysAhead(1), 4);
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(
    page.getByText(
      'Your request to reschedule has been sent. The other party must approve it before the new time applies.',
    ),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.getByText('Waiting for the other party to answer.')).toBeVisible();
  await a11y('booking with a pending request');

  // The provider approves in a browser of their own.
  const desk = await browser.newContext({ baseURL });
  await desk.addCookies([{ name: 'cookie-consent', value: 'true', url: baseURL! }]);
  const providerPage = await desk.newPage();
  await signIn(providerPage, provider.email, provider.password, `/appointments/${bookingId}`);
  await providerPage.getByRole('button', { name: 'Answer the request' }).click();
  await providerPage
    .getByRole('dialog', { name: 'Reschedule request' })
    .getByRole('button', { name: 'Accept new time' })
    .click();
  await expect(providerPage.getByText('The new time has been accepted')).toBeVisible();

  // The accepted request used one of two reschedules. Another request spends nothing while it waits (issue 48): the
  // client withdraws it and still has one; asked again and accepted, none is left.
  await page.reload();
  await expect(page.getByText('1 reschedule left for you')).toBeVisible();
  const requestAgain = async (index: number) => {
    await page.getByRole('button', { name: 'Reschedule' }).click();
    await pickSlot(page, daysAhead(1), index);
    await page
      .getByRole('dialog', { name: 'Reschedule booking' })
      .getByRole('button', { name: 'Send request' })
      .click();
    await expect(page.getByRole('dialog', { name: 'Reschedule success' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(page.getByText('Waiting for the other party to answer.')).toBeVisible();
  };
  await requestAgain(6);
  await expect(page.getByText('1 reschedule left for you')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reschedule' })).toBeDisabled();
  await page.getByRole('button', { name: 'Withdraw request' }).click();
  await expect(page.getByText('Your reschedule request has been withdrawn; the booking keeps its time')).toBeVisible();
  await expect(page.getByText('Waiting for the other party to answer.')).toBeHidden();
  await expect(page.getByText('1 reschedule left for you')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reschedule' })).toBeEnabled();
  await a11y('reschedule request withdrawn');

  await requestAgain(5);
  await providerPage.reload();
  await providerPage.getByRole('button', { name: 'Answer the request' }).click();
  await providerPage
    .getByRole('dialog', { name: 'Reschedule request' })
    .getByRole('button', { name: 'Accept new time' })
    .click();
  await expect(providerPage.getByText('The new time has been accepted')).toBeVisible();
  await desk.close();
  await page.reload();
  await expect(page.getByText('Rescheduling limit reached.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reschedule' })).toBeDisabled();
  await a11y('reschedule limit reached');
});
