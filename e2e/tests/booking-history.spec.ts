import type { Locator, Page } from '@playwright/test';
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
  slotOn,
} from '../support/bookings.ts';

/**
 * Issue 48, "History that tells the truth": a booking moved twice (once by the client in the browser, once by the
 * therapist) shows both moves on its page, each with from and to, who moved it and the note, in English at 1280 px and
 * in German at 375 px, for the client and for the therapist; axe on each page.
 */

/** The text of a definition in a history line ("From" / "Von", "To" / "Auf"). */
const term = (line: Locator, name: string) =>
  line.locator('dt', { hasText: name }).locator('xpath=following-sibling::dd[1]');

async function historyLines(page: Page, heading: string) {
  const list = page.getByRole('list', { name: heading });
  await expect(list).toBeVisible();
  return list.getByRole('listitem');
}

test('a booking moved twice tells both moves, with who, the times and the notes, in English and in German on a phone', async ({
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
  const client = await clientInGb(request, 'Hanna');
  const clientApi = await signInApi(request, client);
  await fundWallet(request, clientApi.headers, FEE_MINOR);
  // Five days ahead: each reschedule applies at once (no approval needed).
  const bookingId = await paidBooking(request, clientApi.headers, providerId, daysAhead(5));

  // The client moves it in the browser, with a note.
  await signIn(page, client.email, client.password, `/appointments/${bookingId}`);
  await page.getByRole('button', { name: 'Reschedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reschedule booking' });
  await pickSlot(page, daysAhead(6), 1);
  await dialog.getByLabel('Note').fill('Friday suits me better');
  await dialog.getByRole('button', { name: 'Reschedule' }).click();
  await expect(page.getByRole('dialog', { name: 'Reschedule success' })).toBeVisible();
  await page.keyboard.press('Escape');

  // The therapist moves it again (their own journey is the calendar's), with a note of theirs.
  const { headers: providerHeaders } = await signInApi(request, provider);
  const slot = await slotOn(request, providerId, daysAhead(7), 2);
  const moved = await request.post(`/api/v1/appointment/${bookingId}/reschedule`, {
    headers: providerHeaders,
    data: { timeslotIdentifier: slot.identifier, note: 'A clash in my diary' },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  await request.dispose();

  // English, 1280 px: the confirmed booking, then both moves in order.
  await page.reload();
  let lines = await historyLines(page, 'History');
  await expect(lines).toHaveCount(4);
  await expect(lines.nth(0)).toContainText('Awaiting payment');
  await expect(lines.nth(1)).toContainText('Confirmed');
  await expect(lines.nth(2)).toContainText('You moved the session');
  await expect(lines.nth(2)).toContainText('Note: Friday suits me better');
  await expect(lines.nth(3)).toContainText('Robin Provider moved the session');
  await expect(lines.nth(3)).toContainText('Note: A clash in my diary');
  // The moves chain: the first ends where the second starts, and the second ends at the booking's time now.
  const firstTo = (await term(lines.nth(2), 'To').textContent())!;
  expect(firstTo).toMatch(/\d{1,2}:\d{2}/);
  await expect(term(lines.nth(3), 'From')).toHaveText(firstTo);
  const when = page.locator('dt', { hasText: /^When$/ }).locator('xpath=following-sibling::dd[1]');
  await expect(when).toContainText((await term(lines.nth(3), 'To').textContent())!);
  await expect(term(lines.nth(2), 'From')).not.toHaveText(firstTo);
  await expectNoA11yViolations(page, 'booking history (en, 1280)');
  await page.screenshot({ path: testInfo.outputPath('booking-history-en-1280.png'), fullPage: true });

  // The therapist reads the same history from their side.
  const desk = await browser.newContext({ baseURL });
  await desk.addCookies([{ name: 'cookie-consent', value: 'true', url: baseURL! }]);
  const providerPage = await desk.newPage();
  await signIn(providerPage, provider.email, provider.password, `/appointments/${bookingId}`);
  const theirs = await historyLines(providerPage, 'History');
  await expect(theirs.nth(2)).toContainText('Hanna Client moved the session');
  await expect(theirs.nth(3)).toContainText('You moved the session');
  await expect(theirs.nth(3)).toContainText('Note: A clash in my diary');
  await expectNoA11yViolations(providerPage, 'booking history, provider (en, 1280)');
  await desk.close();

  // German on a phone.
  await page.setViewportSize({ width: 375, height: 812 });
  await chooseLanguage(page, 'de');
  lines = await historyLines(page, 'Verlauf');
  await expect(lines).toHaveCount(4);
  await expect(lines.nth(1)).toContainText('Bestätigt');
  await expect(lines.nth(2)).toContainText('Du hast die Sitzung verschoben');
  await expect(lines.nth(2)).toContainText('Notiz: Friday suits me better');
  await expect(lines.nth(3)).toContainText('Robin Provider hat die Sitzung verschoben');
  await expect(term(lines.nth(3), 'Von')).toHaveText((await term(lines.nth(2), 'Auf').textContent())!);
  await expectNoHorizontalScroll(page, 375);
  await expectNoA11yViolations(page, 'booking history (de, 375)');
  await page.screenshot({ path: testInfo.outputPath('booking-history-de-375.png'), fullPage: true });
});
