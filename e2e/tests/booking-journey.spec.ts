import { expect, test } from '../support/fixtures.ts';
import { expectToast, signIn } from '../support/app.ts';
import { bookableProvider, clientInGb, daysAhead, pickSlot } from '../support/bookings.ts';

/**
 * Issue 15 end to end: a client books a verified therapist from their page, is short and tops up in the booking's
 * currency through the sandbox checkout, pays, finds the session under /appointments, reschedules it and cancels it
 * 48 hours or more ahead with a full refund to the wallet.
 */
const price = '£65.00';

test('a client books, tops up, pays, reschedules and cancels with a refund', async ({
  page,
  a11y,
  createUser,
  playwright,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const request = await playwright.request.newContext({ baseURL });
  const provider = await createUser('provider', { verified: true });
  const providerId = await bookableProvider(request, provider);
  const client = await clientInGb(request);
  await request.dispose();

  // The therapist's page: a day four days ahead (past the 48 h refund line), its first free time, the form.
  const day = daysAhead(4);
  await signIn(page, client.email, client.password, `/therapists/${providerId}/`);
  await pickSlot(page, day, 0);
  const form = page.getByRole('form', { name: 'Book a session' });
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(form.getByText('Please select a modality')).toBeVisible();
  await form.getByLabel('Modality').selectOption({ label: 'Online' });
  await form.getByLabel('Note for the therapist').fill('I would like to talk about sleep.');
  await a11y('booking form');
  await form.getByRole('button', { name: 'Continue' }).click();

  // The payment page: the hold, the price, a wallet that is short, so the top-up comes first.
  await expect(page).toHaveURL(/\/payment\/[0-9a-f-]+$/);
  const paymentUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
  await expect(page.getByText('Your time slot is held for')).toBeVisible();
  await a11y('payment, short');
  await page.screenshot({ path: testInfo.outputPath('payment-short.png'), fullPage: true });
  await page.getByRole('button', { name: `Top up ${price}` }).click();
  const topup = page.getByRole('dialog', { name: 'Top Up Wallet' });
  await expect(topup.getByLabel('Amount (GBP)')).toHaveValue('65');
  await topup.getByRole('button', { name: 'Proceed' }).click();
  await page
    .getByRole('dialog', { name: 'Choose how to pay' })
    .getByRole('button', { name: /^Top Up Via/ })
    .click();
  await expect(page.getByRole('heading', { name: 'Sandbox checkout' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expectToast(page, 'Payment successful!');

  // Back to the booking's payment: now it pays.
  await page.goto(paymentUrl);
  await page.getByRole('button', { name: `Pay ${price}` }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful!' })).toBeVisible();
  await page.getByRole('link', { name: 'View booking' }).click();
  await expect(page.getByText('Confirmed', { exact: true }).first()).toBeVisible();
  await a11y('booking detail, confirmed');

  // Listed under /appointments.
  await page.getByRole('link', { name: 'Back To Bookings' }).click();
  await expect(page).toHaveURL(/\/appointments/);
  await expect(page.getByRole('link', { name: /Open booking/ }).first()).toBeVisible();
  await a11y('appointments');
  await page
    .getByRole('link', { name: /Open booking/ })
    .first()
    .click();

  // Reschedule to the next day (still more than 48 h ahead: it applies at once).
  await page.getByRole('button', { name: 'Reschedule' }).click();
  const reschedule = page.getByRole('dialog', { name: 'Reschedule booking' });
  await expect(reschedule.getByText('You can reschedule this booking 2 more times.')).toBeVisible();
  await pickSlot(page, daysAhead(5), 1);
  await a11y('reschedule dialog');
  await reschedule.getByRole('button', { name: 'Reschedule', exact: true }).click();
  await expect(page.getByText('Appointment Rescheduled Successfully')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.getByText('1 reschedule left for you')).toBeVisible();

  // Cancel: the policy says before the click that the fee comes back.
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel booking' });
  await expect(
    cancel.getByText(new RegExp(`You will get a full refund of ${price.replace('.', '\\.')} to your wallet`)),
  ).toBeVisible();
  await cancel.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(cancel.getByText('Please tell us why you are cancelling')).toBeVisible();
  await cancel.getByLabel('Why are you cancelling?').fill('Something came up at work.');
  await a11y('cancel dialog');
  await cancel.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(page.getByText('APPOINTMENT CANCELLED SUCCESSFULLY')).toBeVisible();
  await page.keyboard.press('Escape');

  // The money is back in the wallet.
  await page.goto('/wallet');
  await expect(page.getByTestId('wallet-balance')).toHaveText(price);
});
