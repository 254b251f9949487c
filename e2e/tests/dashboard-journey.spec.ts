import { expect, test } from '../support/fixtures.ts';
import { chooseLanguage, signIn, signOut } from '../support/app.ts';
import {
  bookableProvider,
  clientInGb,
  daysAhead,
  FEE_MINOR,
  fundWallet,
  paidBooking,
  signInApi,
} from '../support/bookings.ts';
import { sessionHeld } from '../support/practice-desk.ts';

/**
 * Issue 16, the /overview dashboards: a client with a session coming and one held sees the next session with its
 * link, the balance left, the session to review (and reviews it from there: it leaves the list) and the therapist
 * seen; their therapist sees the dashboard in German with the latest review.
 */
test('the client and the provider dashboards', async ({ page, a11y, createUser, playwright, baseURL }) => {
  test.setTimeout(180_000);
  const request = await playwright.request.newContext({ baseURL });
  const provider = await createUser('provider', { verified: true });
  const providerId = await bookableProvider(request, provider);
  const client = await clientInGb(request, 'Noor');
  const { headers } = await signInApi(request, client);
  await fundWallet(request, headers, 3 * FEE_MINOR);
  const held = await paidBooking(request, headers, providerId, daysAhead(2));
  const coming = await paidBooking(request, headers, providerId, daysAhead(5));
  await sessionHeld(held);
  await request.dispose();

  await signIn(page, client.email, client.password, '/overview');
  const next = page.getByRole('region', { name: 'Your next session' });
  await expect(next.getByRole('link', { name: /with .* · Confirmed/ })).toHaveAttribute(
    'href',
    `/appointments/${coming}`,
  );
  await expect(next.getByRole('link', { name: 'Join the session' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Wallet balance' }).getByText('£65.00')).toBeVisible();
  const seen = page.getByRole('region', { name: 'Therapists you have seen' });
  await expect(seen.getByRole('link')).toHaveAttribute('href', `/therapists/${providerId}/`);
  const toReview = page.getByRole('region', { name: 'Sessions to review' });
  await expect(toReview.getByText('1 completed session waits for your review.')).toBeVisible();
  await a11y('client dashboard');

  await toReview.getByRole('button', { name: 'Write a review' }).click();
  const write = page.getByRole('dialog', { name: 'Review your session' });
  await write
    .locator('label')
    .filter({ hasText: /^5 stars$/ })
    .click();
  await write.getByLabel(/Your review/).fill('Warm, focused and practical.');
  await write.getByRole('button', { name: 'Post Review' }).click();
  await expect(page.getByRole('dialog')).toBeHidden({ timeout: 5_000 });
  await expect(toReview.getByText('Nothing to review right now.')).toBeVisible();
  await signOut(page);

  await signIn(page, provider.email, provider.password, '/overview');
  await chooseLanguage(page, 'de');
  await expect(page.getByRole('region', { name: 'Heutige Sitzungen' })).toBeVisible();
  const reviews = page.getByRole('region', { name: 'Neueste Bewertungen' });
  await expect(reviews.getByText('Warm, focused and practical.')).toBeVisible();
  await expect(reviews.getByText('5 von 5 (1 Bewertung)')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Offene Anfragen' }).getByText('Keine Anfragen offen.')).toBeVisible();
  await a11y('provider dashboard in German');
});
