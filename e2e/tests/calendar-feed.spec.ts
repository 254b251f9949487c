import { expect, test } from '../support/fixtures.ts';
import { chooseLanguage, expectNoHorizontalScroll, expectToast, signIn } from '../support/app.ts';
import { expectNoA11yViolations } from '../support/a11y.ts';
import { providerWithBooking } from '../support/bookings.ts';

/**
 * Issue 19, the calendar feed: the private subscription address on the account page, what a calendar app reads there
 * (the booking as an event), copying it, and a reset that kills the old address; once more in German on a phone.
 */

test('a client finds the calendar address, a calendar app reads the booking from it, and a reset kills the old one', async ({
  page,
  a11y,
  createUser,
  playwright,
  baseURL,
  context,
}) => {
  test.setTimeout(180_000);
  const request = await playwright.request.newContext({ baseURL });
  const provider = await createUser('provider', { verified: true });
  const { bookingId, client } = await providerWithBooking(request, provider, 'Ada');

  await signIn(page, client.email, client.password, '/account');
  await page
    .getByRole('navigation', { name: 'Account sections' })
    .getByRole('link', { name: 'Calendar subscription' })
    .click();
  await expect(page).toHaveURL(/\/account\?section=calendar$/);
  const section = page.getByRole('region', { name: 'Calendar subscription' });
  const address = section.getByLabel('Your private calendar address');
  await expect(address).toHaveValue(/\/api\/v1\/calendar\/feed\/[A-Za-z0-9_-]{56}\.ics$/);
  await expect(section.getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute('href', /^webcal:\/\//);
  await a11y('account: calendar subscription');
  const first = await address.inputValue();

  // What a calendar app reads there: the booking as an event, with the other party's name.
  const feed = await request.get(first);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const text = await feed.text();
  expect(text).toContain(`UID:${bookingId}`);
  expect(text).toContain('Robin Provider');

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await section.getByRole('button', { name: 'Copy address' }).click();
  await expectToast(page, 'Address copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);

  // Reset: confirm, a new address, the old one is gone.
  await section.getByRole('button', { name: 'Reset address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset the address?' });
  await expect(dialog).toContainText('The old address stops working at once.');
  await a11y('reset calendar address dialog');
  await dialog.getByRole('button', { name: 'Reset address' }).click();
  await expectToast(
    page,
    'Your calendar address was reset. The old one no longer works; subscribe again with the new one.',
  );
  await expect(address).not.toHaveValue(first);
  const second = await address.inputValue();
  expect((await request.get(first)).status()).toBe(404);
  expect((await request.get(second)).status()).toBe(200);
  await request.dispose();
});

test.describe('on a phone, in German', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the provider finds the Kalender-Abo at 375 px and resets it', async ({
    page,
    createUser,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const request = await playwright.request.newContext({ baseURL });
    const provider = await createUser('provider', { verified: true });
    const { bookingId } = await providerWithBooking(request, provider, 'Greta');

    await signIn(page, provider.email, provider.password, '/account?section=calendar');
    await chooseLanguage(page, 'de');
    const section = page.getByRole('region', { name: 'Kalender-Abo' });
    const address = section.getByLabel('Deine private Kalenderadresse');
    await expect(address).toHaveValue(/\.ics$/);
    const text = await (await request.get(await address.inputValue())).text();
    expect(text).toContain(`UID:${bookingId}`);
    expect(text).toContain('Greta Client');
    await expectNoHorizontalScroll(page, 375);
    await expectNoA11yViolations(page, 'calendar subscription (de, 375)');

    const before = await address.inputValue();
    await section.getByRole('button', { name: 'Adresse zurücksetzen' }).click();
    await page
      .getByRole('dialog', { name: 'Adresse zurücksetzen?' })
      .getByRole('button', { name: 'Adresse zurücksetzen' })
      .click();
    await expectToast(
      page,
      'Deine Kalenderadresse wurde zurückgesetzt. Die alte funktioniert nicht mehr; abonniere die neue.',
    );
    await expect(address).not.toHaveValue(before);
    expect((await request.get(before)).status()).toBe(404);
    await request.dispose();
  });
});
