import { expect, test } from '../support/fixtures.ts';
import { signIn } from '../support/app.ts';
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
 * Issue 16, reviews end to end on a phone: after a completed session the client writes a review (half stars, a
 * comment, anonymously), edits it once ("Your review can only be edited once", "Update Review"); the modal closes by
 * itself two seconds after saving, the review is read again, and the edit control is gone.
 */
test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

test('a client reviews a completed session and edits the review once', async ({
  page,
  a11y,
  createUser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const request = await playwright.request.newContext({ baseURL });
  const provider = await createUser('provider', { verified: true });
  const providerId = await bookableProvider(request, provider);
  const client = await clientInGb(request, 'Mia');
  const { headers } = await signInApi(request, client);
  await fundWallet(request, headers, FEE_MINOR);
  const bookingId = await paidBooking(request, headers, providerId, daysAhead(3));
  await sessionHeld(bookingId);
  await request.dispose();

  await signIn(page, client.email, client.password, `/appointments/${bookingId}`);
  await expect(page.getByText('Completed', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Write a review' }).click();
  const write = page.getByRole('dialog', { name: 'Review your session' });
  await expect(write.getByText('Your review can only be edited once')).toBeVisible();
  await write.getByRole('button', { name: 'Post Review' }).click();
  await expect(write.getByText('Please choose a rating from 0.5 to 5 stars, in half stars')).toBeVisible();
  await write
    .locator('label')
    .filter({ hasText: /^4\.5 stars$/ })
    .click();
  await write.getByLabel(/Your review/).fill('Calm, clear and kind. I felt heard.');
  await write.getByLabel('Post my review anonymously').check();
  await a11y('review modal');
  await write.getByRole('button', { name: 'Post Review' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your review' })).toBeVisible();
  // It closes by itself after two seconds, and the page shows the saved review.
  await expect(page.getByRole('dialog')).toBeHidden({ timeout: 5_000 });
  await expect(page.getByText('4.5 of 5 stars')).toBeVisible();
  await expect(page.getByText('Posted anonymously')).toBeVisible();
  await a11y('booking with its review');

  await page.getByRole('button', { name: 'Edit review' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Review' });
  await expect(edit.getByText('Your review can only be edited once')).toBeVisible();
  await expect(edit.getByLabel('Post my review anonymously')).toBeDisabled();
  await edit
    .locator('label')
    .filter({ hasText: /^3 stars$/ })
    .click();
  await edit.getByLabel(/Your review/).fill('Calm and clear.');
  await edit.getByRole('button', { name: 'Update Review' }).click();
  await expect(page.getByRole('heading', { name: 'Review Updated Successfully' })).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden({ timeout: 5_000 });
  await expect(page.getByText('3 of 5 stars')).toBeVisible();
  await expect(page.getByText('Calm and clear.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit review' })).toHaveCount(0);
});
