import type { APIRequestContext } from '@playwright/test';
import { expect, test, type CreatedUser, type Page } from '../support/fixtures.ts';
import { chooseLanguage, expectNoHorizontalScroll, expectToast, signIn } from '../support/app.ts';
import { addDays, setUpProviderPlan, weekdayNames } from '../support/availability.ts';
import { bookableProvider, clientInGb, daysAhead, pickSlot, signInApi, ZONE } from '../support/bookings.ts';

/**
 * Issue 47, the 50-minute hour and a calendar to look at: a therapist offers 50-minute sessions with a 10-minute gap
 * from 09:30; a client books the 09:30 session; the therapist sees it in the week view, drags it to another free time
 * (a time the plan does not offer snaps back with the server's rule) and marks a day off as free. Then the calendar
 * in German on a 375 px phone, as a month.
 */
const DAY = daysAhead(4);

async function fiftyMinuteProvider(request: APIRequestContext, provider: CreatedUser) {
  const providerId = await bookableProvider(request, provider);
  const day: Array<[string, string]> = [['09:30', '17:00']];
  await setUpProviderPlan(request, provider, {
    timezone: ZONE,
    week: Object.fromEntries(weekdayNames.map((d) => [d, day])),
    sessionLengthMinutes: 50,
    bufferMinutes: 10,
  });
  return providerId;
}

/** The vertical distance between two times of the week view's grid (its rows are the same for every day). */
async function rowTop(page: Page, time: string): Promise<number> {
  const box = await page.locator(`.fc-timegrid-slots td.fc-timegrid-slot-lane[data-time="${time}"]`).boundingBox();
  if (!box) throw new Error(`no row for ${time}`);
  return box.y;
}

/**
 * Drags an event with real mouse moves until FullCalendar's drag preview shows `label` as its start (e.g. "11:30"),
 * then drops it there: the preview is what the drop will be, whatever the grid's pixel rounding.
 */
async function dragEvent(page: Page, event: ReturnType<Page['locator']>, label: string) {
  // The grid's morning at the top of the window, below the sticky header, so the whole drag stays on screen.
  const top = await rowTop(page, '09:00:00');
  await page.evaluate((y) => window.scrollBy(0, y), top - 150);
  const box = (await event.boundingBox())!;
  const step = ((await rowTop(page, '10:00:00')) - (await rowTop(page, '09:30:00'))) / 6;
  const x = box.x + box.width / 2;
  let y = box.y + step / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + 6, { steps: 3 });
  y += 6;
  const preview = page.locator('.fc-event-mirror .fc-event-time');
  for (let moves = 0; moves < 200; moves += 1) {
    const shown = (await preview.count()) > 0 ? ((await preview.first().textContent()) ?? '') : '';
    if (shown.startsWith(`${label} `) || shown.startsWith(`${label}-`)) break;
    y += step / 2;
    await page.mouse.move(x, y);
  }
  await page.mouse.up();
}

test('50 minutes with a 10-minute gap from 09:30: booked at 09:30, seen and moved in the week view', async ({
  page,
  browser,
  a11y,
  createUser,
  playwright,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const request = await playwright.request.newContext({ baseURL });
  const provider = await createUser('provider', { verified: true });
  const providerId = await fiftyMinuteProvider(request, provider);
  const client = await clientInGb(request, 'Amara');
  // A day off two days after the session, for "Mark as free".
  const { headers } = await signInApi(request, provider);
  const off = await request.post('/api/v1/provider-availability/days/custom', {
    headers,
    data: { date: addDays(DAY, 1), isAvailable: false, timeSlotsInterval: [] },
  });
  expect(off.status(), await off.text()).toBe(201);

  // The client: the first free time of the day is 09:30, the next 10:30 (50 minutes, then the 10-minute gap).
  const clientContext = await browser.newContext({ baseURL });
  await clientContext.addCookies([{ name: 'cookie-consent', value: 'true', url: baseURL! }]);
  const clientPage = await clientContext.newPage();
  await signIn(clientPage, client.email, client.password, `/therapists/${providerId}/`);
  await pickSlot(clientPage, DAY, 0);
  const times = clientPage.getByRole('list', { name: /^Free times on / });
  await expect(times.getByRole('button').nth(0)).toContainText('9:30');
  await expect(times.getByRole('button').nth(1)).toContainText('10:30');
  const form = clientPage.getByRole('form', { name: 'Book a session' });
  await form.getByLabel('Modality').selectOption({ label: 'Online' });
  await form.getByRole('button', { name: 'Continue' }).click();
  await expect(clientPage).toHaveURL(/\/payment\/[0-9a-f-]+$/);
  const bookingId = clientPage.url().split('/').pop()!;
  await clientContext.close();

  // The provider: the appointments page links the calendar; the week shows the held 09:30 session.
  await signIn(page, provider.email, provider.password, '/appointments');
  await a11y('appointments with the calendar link');
  await page.getByRole('link', { name: 'Calendar view' }).click();
  await expect(page).toHaveURL(/\/calendar$/);
  await page.goto(`/calendar?date=${DAY}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  await expect(page.getByText(`Times are shown in your time zone, ${ZONE}.`)).toBeVisible();
  const event = page.locator('.fc-timegrid-event').filter({ hasText: 'Payment open: Amara Client' });
  await expect(event).toBeVisible();
  await expect(event).toContainText('9:30');
  await expect(page.getByRole('list', { name: 'What the calendar shows' })).toContainText('Booked');
  await a11y('calendar, week');
  await page.screenshot({ path: testInfo.outputPath('calendar-week-1280.png'), fullPage: true });

  // A time the plan does not offer (10:00 lies between the 50 + 10 steps): refused, the session snaps back.
  await dragEvent(page, event, '10:00');
  await expectToast(page, 'This time slot is no longer available');
  await expect(event).toContainText('9:30');

  // 11:30 is free: the move goes through the reschedule endpoint (a hold moves at once).
  await dragEvent(page, event, '11:30');
  await expectToast(page, 'Appointment Rescheduled Successfully');
  await expect(page.locator('.fc-timegrid-event').filter({ hasText: 'Amara Client' })).toContainText('11:30');
  const stored = await request.get(`/api/v1/appointment/${bookingId}`, { headers });
  const startTime = ((await stored.json()) as { data: { startTime: string } }).data.startTime;
  const london = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, dateStyle: 'short', timeStyle: 'short' });
  expect(london.format(new Date(startTime))).toBe(`${DAY.split('-').reverse().join('/')}, 11:30`);

  // The day off: "Mark as free" gives the weekly hours back.
  const freeButton = page.getByRole('button', { name: /^Mark as free: / });
  await expect(freeButton).toBeVisible();
  await freeButton.click();
  await expectToast(page, /is free again/);
  await expect(page.getByRole('heading', { name: 'Days off in this period' })).toHaveCount(0);

  // Clicking a session opens its booking page.
  await page.locator('.fc-timegrid-event').filter({ hasText: 'Amara Client' }).click();
  await expect(page).toHaveURL(new RegExp(`/appointments/${bookingId}$`));
  await request.dispose();
});

test.describe('on a 375 px phone in German', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('the calendar shows the month, with the legend in German', async ({
    page,
    a11y,
    createUser,
    playwright,
    baseURL,
  }, testInfo) => {
    test.setTimeout(120_000);
    const request = await playwright.request.newContext({ baseURL });
    const provider = await createUser('provider', { verified: true });
    await fiftyMinuteProvider(request, provider);
    const { headers } = await signInApi(request, provider);
    const off = await request.post('/api/v1/provider-availability/days/custom', {
      headers,
      data: { date: DAY, isAvailable: false, timeSlotsInterval: [] },
    });
    expect(off.status(), await off.text()).toBe(201);
    await request.dispose();

    await signIn(page, provider.email, provider.password, `/calendar?date=${DAY}`);
    await chooseLanguage(page, 'de');
    await expect(page.getByRole('heading', { level: 1, name: 'Kalender' })).toBeVisible();
    await expect(page.locator('.fc-dayGridMonth-view')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Was der Kalender zeigt' })).toContainText('Zahlung offen');
    await expect(page.locator('.fc-daygrid-event').filter({ hasText: 'Freier Tag' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Als frei markieren: / })).toBeVisible();
    await a11y('calendar, month (de, 375 px)');
    await expectNoHorizontalScroll(page, 375);
    await page.screenshot({ path: testInfo.outputPath('calendar-month-375-de.png'), fullPage: true });
    // The list of the week, the phone's other view.
    await page.getByRole('button', { name: 'Liste' }).click();
    await expect(page.locator('.fc-list')).toBeVisible();
    await a11y('calendar, list (de, 375 px)');
  });
});
