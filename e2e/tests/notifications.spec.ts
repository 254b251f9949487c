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
  providerWithRequest,
  signInApi,
} from '../support/bookings.ts';
import { mailbox } from '../support/mailbox.ts';

/**
 * Issue 47 end to end: clients are told. A provider's appointment for a client who booked before reaches the client's
 * overview, the bell and the mailbox; a provider declines a request with a reason and another free time, and the
 * client books that time from the mail's link (on a phone, in German). Each run uses a provider of its own (the
 * seeded demo provider's calendar is shared by other journeys running beside this one).
 */

test('a provider makes an appointment; the client sees it on the overview, in the bell and in the mailbox', async ({
  page,
  browser,
  baseURL,
  createUser,
  playwright,
  a11y,
}) => {
  test.setTimeout(240_000);
  const request = await playwright.request.newContext({ baseURL });
  const provider = await createUser('provider', { verified: true });
  const providerId = await bookableProvider(request, provider);
  const client = await clientInGb(request, 'Amara');
  const clientApi = await signInApi(request, client);
  await fundWallet(request, clientApi.headers, FEE_MINOR);
  // A first session makes Amara one of the provider's clients.
  await paidBooking(request, clientApi.headers, providerId, daysAhead(6));
  await request.dispose();

  const desk = await browser.newContext({ baseURL });
  await desk.addCookies([{ name: 'cookie-consent', value: 'true', url: baseURL! }]);
  const providerPage = await desk.newPage();
  await signIn(providerPage, provider.email, provider.password, '/appointments');
  await providerPage.getByRole('button', { name: 'Create appointment' }).click();
  const create = providerPage.getByRole('dialog', { name: 'Create appointment' });
  await create.getByLabel('Client', { exact: true }).selectOption({ index: 1 });
  await create.getByLabel('Session type', { exact: true }).selectOption({ index: 1 });
  await create.getByLabel('Therapy', { exact: true }).selectOption({ index: 1 });
  await create.getByRole('button', { name: 'Create appointment' }).click();
  await expect(providerPage.getByRole('dialog', { name: 'Appointment created' })).toBeVisible();
  await desk.close();

  await signIn(page, client.email, client.password, '/overview');
  const waiting = page.getByRole('region', { name: 'Needs your action' });
  await expect(waiting).toContainText('Pick a time');
  await expect(page.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();
  await a11y('overview with an appointment to schedule');
  const mail = await mailbox.waitFor(client.email, /Please pick a time/);
  expect(mail.text).toContain('made an appointment for you');
  expect(mail.text).toMatch(/\/appointments\/[0-9a-f-]+/);

  await page.getByRole('link', { name: 'Notifications, 1 unread' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Notifications' }).getByRole('listitem').first()).toContainText(
    'made an appointment for you: please pick a time',
  );
  await a11y('notification centre');
  // Keyboard: the booking's link is reachable and opens the booking; the bell then counts none.
  await page.getByRole('link', { name: /Open booking/ }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/appointments\/[0-9a-f-]+$/);
  await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
});

test.describe('on a phone, in German', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the provider declines a request with a reason and another time; the client books that time', async ({
    page,
    browser,
    baseURL,
    createUser,
    playwright,
  }, testInfo) => {
    test.setTimeout(240_000);
    const request = await playwright.request.newContext({ baseURL });
    const provider = await createUser('provider', { verified: true });
    const { client, bookingId } = await providerWithRequest(request, provider, 'Greta');
    await request.dispose();

    const desk = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 } });
    await desk.addCookies([{ name: 'cookie-consent', value: 'true', url: baseURL! }]);
    const providerPage = await desk.newPage();
    await signIn(providerPage, provider.email, provider.password, `/appointments/${bookingId}`);
    await chooseLanguage(providerPage, 'de');
    await providerPage.getByRole('button', { name: 'Ablehnen' }).click();
    const dialog = providerPage.getByRole('dialog', { name: 'Anfrage ablehnen' });
    await dialog.getByRole('button', { name: 'Anfrage ablehnen' }).click();
    await expect(dialog.getByText('Bitte sag der Klient*in, warum du ablehnst')).toBeVisible();
    await dialog.getByLabel(/Warum lehnst du ab\?/).fill('Ich bin an diesem Vormittag nicht da.');
    await pickSlot(providerPage, daysAhead(6), 2, 'de');
    await dialog.getByRole('button', { name: 'Diese Zeit hinzufügen' }).click();
    await expect(dialog.getByRole('list', { name: 'Vorgeschlagene Zeiten' }).getByRole('listitem')).toHaveCount(1);
    await expectNoHorizontalScroll(providerPage, 375);
    await expectNoA11yViolations(providerPage, 'decline (de, 375)');
    await providerPage.screenshot({ path: testInfo.outputPath('decline-de-375.png') });
    await dialog.getByRole('button', { name: 'Anfrage ablehnen' }).click();
    await expect(providerPage.getByRole('heading', { name: 'Anfrage abgelehnt' })).toBeVisible();
    await desk.close();

    // The client's mail carries the reason and the link that books the suggested time.
    const mail = await mailbox.waitFor(client.email, (m) => m.text.includes('Ich bin an diesem Vormittag nicht da.'));
    // In the client's own language (her account is English), whatever language the provider wrote in.
    expect(mail.text).toContain('Reason: Ich bin an diesem Vormittag nicht da.');
    const link = /https?:\/\/\S+\?slot=\S+/.exec(mail.text)?.[0];
    expect(link, mail.text).toBeTruthy();

    await signIn(page, client.email, client.password, '/notifications');
    await chooseLanguage(page, 'de');
    await expect(page.getByRole('list', { name: 'Benachrichtigungen' }).getByRole('listitem').first()).toContainText(
      'hat deine Buchung abgelehnt',
    );
    await expectNoHorizontalScroll(page, 375);
    await expectNoA11yViolations(page, 'notifications (de, 375)');
    await page.goto(new URL(link!).pathname + new URL(link!).search);
    const form = page.getByRole('form', { name: 'Sitzung buchen' });
    await expect(form.getByTestId('booking-time')).not.toContainText('Wähle oben');
    await form.getByLabel('Sitzungsform').selectOption({ index: 1 });
    await expectNoA11yViolations(page, 'booking the suggested time (de, 375)');
    await form.getByRole('button', { name: 'Weiter' }).click();
    await expect(page).toHaveURL(/\/(payment|appointments)\/[0-9a-f-]+$/);
  });
});
