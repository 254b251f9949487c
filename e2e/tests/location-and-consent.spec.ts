import { expect, test } from '../support/fixtures.ts';
import { signIn } from '../support/app.ts';

test.describe('cookie consent', () => {
  test.use({ acceptCookies: false });

  test('a visitor customises cookies; the choice is kept and the banner stays away', async ({
    page,
    context,
    a11y,
    baseURL,
  }) => {
    await context.addCookies([{ name: 'X-CountryCode', value: 'GB', url: baseURL! }]);
    await page.goto('/');
    const banner = page
      .getByRole('region', { name: 'Your privacy' })
      .or(page.getByRole('dialog', { name: 'Your privacy' }));
    await expect(banner).toBeVisible();
    await a11y('cookie banner');
    await page.getByRole('button', { name: 'Customise' }).click();
    await page
      .getByRole('switch', { name: 'Analytics' })
      .or(page.getByRole('checkbox', { name: 'Analytics' }))
      .click();
    await a11y('cookie choices');
    await page.getByRole('button', { name: 'Save choices' }).click();
    await expect(banner).toBeHidden();
    const consent = (await context.cookies()).find((c) => c.name === 'cookie-consent');
    expect(JSON.parse(decodeURIComponent(consent!.value))).toEqual({
      analytics: true,
      advertising: false,
      personalization: false,
    });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner).toBeHidden();
  });
});

test('a visitor from a country we do not serve sees the prompt once, and can choose another country', async ({
  page,
  context,
  a11y,
  baseURL,
}) => {
  await context.addCookies([{ name: 'X-CountryCode', value: 'FR', url: baseURL! }]);
  await page.goto('/');
  const prompt = page.getByRole('dialog', { name: /We do not operate in France yet/ });
  await expect(prompt).toBeVisible();
  await a11y('non-operating country prompt');

  await prompt.getByRole('button', { name: 'Continue anyway' }).click();
  await expect(prompt).toBeHidden();
  expect((await context.cookies()).find((c) => c.name === 'ignoreOperatingCountryPrompt')?.value).toBe('true');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(prompt).toBeHidden();

  // Without the dismissal the prompt offers a switch to a country we serve.
  await context.clearCookies({ name: 'ignoreOperatingCountryPrompt' });
  await page.reload();
  await page
    .getByRole('dialog', { name: /We do not operate in France yet/ })
    .getByRole('button', { name: 'Choose another country' })
    .click();
  const chooser = page.getByRole('dialog', { name: 'Choose Your Location' });
  await expect(chooser).toBeVisible();
  await a11y('choose your location');
  await chooser.getByRole('radio', { name: 'Germany' }).or(chooser.getByLabel('Germany')).first().check();
  await chooser.getByRole('button', { name: 'Save' }).click();
  await expect(chooser).toBeHidden();
  expect((await context.cookies()).find((c) => c.name === 'X-CountryCode')?.value).toBe('DE');
  await expect(page.getByText('Location: Germany')).toBeVisible();
});

test('signed in, "Cookie settings" in the footer reopens the banner; switching analytics off tells the account', async ({
  page,
  context,
  createUser,
  a11y,
}) => {
  const user = await createUser('client');
  const consentPut = () =>
    page.waitForResponse(
      (res) => res.url().endsWith('/api/v1/user/cookie-consent') && res.request().method() === 'PUT',
    );
  // A new session tells the account this device's choice first (lib/consent-sync.ts).
  const synced = consentPut();
  await signIn(page, user.email, user.password, '/overview');
  expect((await synced).request().postDataJSON()).toEqual({ consent: true });
  // The fixture's cookie says "Accept all": no banner until asked for.
  const banner = page.getByRole('region', { name: 'Your privacy' });
  await expect(banner).toBeHidden();
  const control = page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' });
  await control.focus();
  await page.keyboard.press('Enter');
  await expect(banner).toBeVisible();
  await expect(banner).toBeFocused();
  const analytics = banner.getByRole('switch', { name: 'Analytics' });
  await expect(analytics).toHaveAttribute('aria-checked', 'true');
  await a11y('cookie banner reopened');
  await analytics.click();
  await expect(analytics).toHaveAttribute('aria-checked', 'false');
  const told = consentPut();
  await banner.getByRole('button', { name: 'Save choices' }).click();
  const response = await told;
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON()).toEqual({
    consent: { analytics: false, advertising: true, personalization: true },
  });
  expect(((await response.json()) as { data: { analytics: boolean } }).data).toEqual({ analytics: false });
  await expect(banner).toBeHidden();
  await expect(control).toBeFocused();
  const consent = (await context.cookies()).find((c) => c.name === 'cookie-consent');
  expect(JSON.parse(decodeURIComponent(consent!.value))).toEqual({
    analytics: false,
    advertising: true,
    personalization: true,
  });
});
