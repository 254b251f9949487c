import { expect, test } from '../support/fixtures.ts';
import { chooseLanguage, expectNoHorizontalScroll, signIn } from '../support/app.ts';
import { bookableProvider } from '../support/bookings.ts';

/**
 * Issue 47, "See your calendar as clients do" before verification: the therapist sees her own free times on her page,
 * told that clients can book her once she is verified, and cannot pick one; a visitor meanwhile sees no free times.
 * Then the same page in German on a 375 px phone.
 */
test('an unverified therapist previews her free times; clients do not see them yet', async ({
  page,
  browser,
  baseURL,
  playwright,
  createUser,
  a11y,
}) => {
  const provider = await createUser('provider');
  const request = await playwright.request.newContext({ baseURL });
  const providerId = await bookableProvider(request, provider);
  await request.dispose();

  await signIn(page, provider.email, provider.password, '/availability');
  await page.getByRole('link', { name: 'See your calendar as clients do' }).click();
  await expect(page).toHaveURL(new RegExp(`/therapists/${providerId}/?$`));
  const notice = page.getByRole('status').filter({ hasText: 'Your calendar is not public yet' });
  await expect(notice).toContainText(
    'Clients can book you once your profile is verified. This is how your free times will look.',
  );
  // Her plan's times (09:00 to 17:00 every day) show on the first day, and none of them can be chosen.
  const times = page.getByRole('list', { name: /^Free times on / });
  await expect(times.getByRole('listitem').first()).toBeVisible();
  expect(await times.getByRole('listitem').count()).toBeGreaterThan(0);
  await expect(times.getByRole('button')).toHaveCount(0);
  await expect(page.getByText('No availability in the next 2 months')).toHaveCount(0);
  await a11y('own page, preview before verification');

  // A visitor sees the public calendar: nothing to book until she is verified, and no preview notice.
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/therapists/${providerId}/`);
  await visitor.locator('html[data-ready]').waitFor({ state: 'attached' });
  await expect(visitor.getByText('No availability in the next 2 months')).toBeVisible();
  await expect(visitor.getByText('Your calendar is not public yet')).toHaveCount(0);
  await visitorContext.close();

  // German on a phone.
  await page.setViewportSize({ width: 375, height: 800 });
  await chooseLanguage(page, 'de');
  await expect(page.getByRole('status').filter({ hasText: 'Dein Kalender ist noch nicht öffentlich' })).toContainText(
    'Klient*innen können dich buchen, sobald dein Profil verifiziert ist.',
  );
  await expect(
    page
      .getByRole('list', { name: /^Freie Zeiten am / })
      .getByRole('listitem')
      .first(),
  ).toBeVisible();
  await expectNoHorizontalScroll(page, 375);
  await page.screenshot({ path: test.info().outputPath('preview-de-375.png'), fullPage: true });
  await a11y('own page, preview in German at 375 px');
});
