import type { APIRequestContext } from '@playwright/test';
import { expect, test, type Page } from '../support/fixtures.ts';
import { chooseLanguage, expectNoHorizontalScroll, expectToast, signIn } from '../support/app.ts';
import { expectNoA11yViolations } from '../support/a11y.ts';
import { clientInGb, FEE_MINOR, fundWallet, providerWithBooking, signInApi } from '../support/bookings.ts';
import { mailbox } from '../support/mailbox.ts';

/**
 * Issue 19, the waitlist: a client finds no time that suits on a therapist's page and joins the waitlist for the
 * hour another client has booked; that client cancels; the waiting client gets a mail and the notice in the app, and
 * books the held time from the wallet. In German on a phone, a range in the past is refused in the form.
 */

/** The booked session's start and end as HH:mm in UTC (the journeys' browsers run in UTC). */
async function sessionHours(request: APIRequestContext, headers: Record<string, string>, bookingId: string) {
  const res = await request.get(`/api/v1/booking/${bookingId}/details`, { headers });
  expect(res.ok(), await res.text()).toBe(true);
  const { startTime, endTime } = ((await res.json()) as { data: { startTime: string; endTime: string } }).data;
  return { date: startTime.slice(0, 10), from: startTime.slice(11, 16), to: endTime.slice(11, 16) };
}

async function openJoin(page: Page, providerId: string, name: RegExp) {
  await page.goto(`/therapists/${providerId}`);
  await page.getByRole('button', { name: /^(Join the waitlist|Auf die Warteliste)$/ }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a client joins the waitlist, another cancels, the held time is mailed and shown, and the client books it', async ({
  page,
  a11y,
  createUser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const request = await playwright.request.newContext({ baseURL });
  const provider = await createUser('provider', { verified: true });
  const { bookingId, client: ada } = await providerWithBooking(request, provider, 'Ada');
  const adaApi = await signInApi(request, ada);
  const hours = await sessionHours(request, adaApi.headers, bookingId);
  const bea = await clientInGb(request, 'Bea');
  const beaApi = await signInApi(request, bea);
  await fundWallet(request, beaApi.headers, FEE_MINOR);
  const providerId = (
    await (await request.get(`/api/v1/booking/${bookingId}/details`, { headers: adaApi.headers })).json()
  ).data.provider.identifier as string;

  // Bea: no time that suits, so the waitlist for Ada's hour.
  await signIn(page, bea.email, bea.password, '/appointments');
  const dialog = await openJoin(page, providerId, /^Join .+'s waitlist$/);
  await dialog.getByLabel('Session type').selectOption({ label: 'Online' });
  await dialog.getByLabel('From', { exact: true }).fill(hours.date);
  await dialog.getByLabel('Until', { exact: true }).fill(hours.date);
  await dialog.getByLabel('Earliest start').fill(hours.to);
  await dialog.getByLabel('Latest end').fill(hours.from);
  await dialog.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(dialog.getByText('The latest time must be after the earliest')).toBeVisible();
  await dialog.getByLabel('Earliest start').fill(hours.from);
  await dialog.getByLabel('Latest end').fill(hours.to);
  await a11y('join the waitlist');
  await dialog.getByRole('button', { name: 'Join the waitlist' }).click();
  await expectToast(page, 'You are on the waitlist. We will write to you when a time frees up.');
  await page.goto('/waitlist');
  await expect(page.getByText('Waiting', { exact: true })).toBeVisible();

  // Ada cancels: the hour is held for Bea, mailed, and shown in the app.
  const cancel = await request.post(`/api/v1/booking/${bookingId}/cancel`, {
    headers: adaApi.headers,
    data: { note: 'Something came up' },
  });
  expect(cancel.status(), await cancel.text()).toBe(200);
  const mail = await mailbox.waitFor(
    bea.email,
    (m) => m.subject.startsWith('A time with') && m.subject.endsWith('is free for you'),
  );
  expect(mail.text).toMatch(/\/waitlist\?offer=[0-9a-f-]{36}/);
  await page.goto('/appointments');
  const notice = page.getByRole('status').filter({ hasText: 'is held for you' });
  await expect(notice).toBeVisible();
  await a11y('appointments with the waitlist notice');
  await notice.getByRole('link', { name: 'See the offer' }).click();
  await expect(page).toHaveURL(/\/waitlist\?offer=/);
  await expect(page.getByRole('heading', { name: 'A time is held for you' })).toBeVisible();
  await a11y('waitlist with a held time');

  // Bea books it and pays from her wallet.
  await page.getByRole('button', { name: 'Book this time' }).click();
  await expect(page).toHaveURL(/\/payment\/[0-9a-f-]+$/);
  await page.getByRole('button', { name: 'Pay £65.00' }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful!' })).toBeVisible();
  await page.goto('/waitlist');
  await expect(page.getByText('Booked', { exact: true })).toBeVisible();
  await request.dispose();
});

test.describe('on a phone, in German', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('a range in the past is refused in the form, a valid one joins, and leaving ends the place', async ({
    page,
    createUser,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const request = await playwright.request.newContext({ baseURL });
    const provider = await createUser('provider', { verified: true });
    const { bookingId, client: ada } = await providerWithBooking(request, provider, 'Ada');
    const adaApi = await signInApi(request, ada);
    const hours = await sessionHours(request, adaApi.headers, bookingId);
    const providerId = (
      await (await request.get(`/api/v1/booking/${bookingId}/details`, { headers: adaApi.headers })).json()
    ).data.provider.identifier as string;
    const greta = await clientInGb(request, 'Greta');
    await request.dispose();

    await signIn(page, greta.email, greta.password, '/appointments');
    await chooseLanguage(page, 'de');
    const dialog = await openJoin(page, providerId, /^Warteliste von /);
    await dialog.getByLabel('Sitzungsart').selectOption({ index: 1 });
    await dialog.getByLabel('Von', { exact: true }).fill('2020-01-01');
    await dialog.getByRole('button', { name: 'Auf die Warteliste' }).click();
    await expect(dialog.getByText('Die Daten dürfen nicht in der Vergangenheit liegen')).toBeVisible();
    await expectNoHorizontalScroll(page, 375);
    await expectNoA11yViolations(page, 'join the waitlist (de, 375)');
    await dialog.getByLabel('Von', { exact: true }).fill(hours.date);
    await dialog.getByLabel('Bis', { exact: true }).fill(hours.date);
    await dialog.getByLabel('Frühester Beginn').fill(hours.from);
    await dialog.getByLabel('Spätestes Ende').fill(hours.to);
    await dialog.getByRole('button', { name: 'Auf die Warteliste' }).click();
    await expectToast(page, 'Du stehst auf der Warteliste. Wir schreiben dir, sobald ein Termin frei wird.');

    await page.goto('/waitlist');
    await expect(page.getByRole('heading', { level: 1, name: 'Deine Warteliste' })).toBeVisible();
    await expect(page.getByText('Wartet', { exact: true })).toBeVisible();
    await expectNoHorizontalScroll(page, 375);
    await expectNoA11yViolations(page, 'waitlist (de, 375)');
    await page.getByRole('button', { name: 'Warteliste verlassen' }).click();
    await expectToast(page, 'Du hast die Warteliste verlassen');
    await expect(page.getByRole('heading', { name: 'Du stehst auf keiner Warteliste' })).toBeVisible();
  });
});
