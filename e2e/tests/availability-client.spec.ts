import { expect, test, type Page } from '../support/fixtures.ts';
import { expectNoHorizontalScroll } from '../support/app.ts';
import {
  addDays,
  dayButton,
  firstOfNextMonth,
  longDate,
  monthCaption,
  nextWeekday,
  plainSpaces,
  setUpProviderPlan,
  showMonthOf,
  todayIn,
  wallTimeToInstant,
} from '../support/availability.ts';

/**
 * A client looks at a therapist's page and picks a date and time (spec §2 "specific calendar", §4 "Calendar"): slots
 * in the client's own zone, disabled days, the move to the next month, and the whole thing by keyboard.
 */

const slotList = (page: Page, date: string) => page.getByRole('list', { name: `Free times on ${longDate(date)}` });

test.describe('a client in New York', () => {
  test.use({ timezoneId: 'America/New_York' });

  test("sees a Berlin therapist's Monday in New York time, with the zone named", async ({
    page,
    a11y,
    createUser,
    playwright,
    baseURL,
  }) => {
    const provider = await createUser('provider', { verified: true });
    const berlinToday = todayIn('Europe/Berlin');
    const monday = nextWeekday(berlinToday, 0);
    const tuesday = addDays(monday, 1);
    const thursday = addDays(monday, 3);
    const request = await playwright.request.newContext({ baseURL });
    const providerId = await setUpProviderPlan(request, provider, {
      timezone: 'Europe/Berlin',
      week: {
        MONDAY: [
          ['09:00', '12:00'],
          ['13:00', '17:00'],
        ],
      },
      customDays: [{ date: thursday, intervals: [['10:00', '12:00']] }],
    });
    await request.dispose();

    await page.goto(`/therapists/${providerId}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Robin Provider' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Select a date and time' })).toBeVisible();
    // The nearest bookable date is chosen on load; wait for it before moving the calendar.
    await expect(page.getByRole('list', { name: /^Free times on / })).toBeVisible();
    await a11y('therapist page');

    await showMonthOf(page, monday);
    await dayButton(page, monday).click();
    const list = slotList(page, monday);
    await expect(list).toBeVisible();

    // Berlin wall times 09-12 and 13-17 in one-hour sessions, shown on the New York clock.
    const newYork = new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit', timeZone: 'America/New_York' });
    const expected = [9, 10, 11, 13, 14, 15, 16].map((hour) => {
      const start = wallTimeToInstant(monday, hour, 'Europe/Berlin');
      return plainSpaces(`${newYork.format(start)} – ${newYork.format(new Date(start.getTime() + 3_600_000))}`);
    });
    expect(expected[0]).toMatch(/^3:00 AM|^4:00 AM/); // 6 h apart, or 5 h in the weeks when only one side changed clocks
    await expect.poll(async () => (await list.getByRole('button').allInnerTexts()).map(plainSpaces)).toEqual(expected);

    const zoneName = new Intl.DateTimeFormat('en', { timeZone: 'America/New_York', timeZoneName: 'long' })
      .formatToParts(wallTimeToInstant(monday, 9, 'Europe/Berlin'))
      .find((p) => p.type === 'timeZoneName')?.value;
    await expect(page.getByText(`Times are shown in ${zoneName} (America/New_York).`)).toBeVisible();

    // Tuesday is unavailable; the custom Thursday can be picked.
    await showMonthOf(page, tuesday);
    await expect(dayButton(page, tuesday)).toBeDisabled();
    await showMonthOf(page, thursday);
    await expect(dayButton(page, thursday)).toBeEnabled();
    await dayButton(page, thursday).click();
    await expect(slotList(page, thursday).getByRole('button')).toHaveCount(2);

    // Choosing a time shows the summary; signed out, Continue leads to the login page (and back after it).
    const first = slotList(page, thursday).getByRole('button').first();
    await first.click();
    await expect(first).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('slot-summary')).toContainText(longDate(thursday));
    await expect(page.getByText('Sign in to book this time.')).toBeVisible();
    await a11y('therapist page with a chosen time');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Ftherapists%2F/);
  });
});

test('the calendar moves on to next month when this month has nothing free', async ({
  page,
  a11y,
  createUser,
  playwright,
  baseURL,
}) => {
  const provider = await createUser('provider', { verified: true });
  // The client's zone is UTC (playwright.config.ts); the custom day is a Berlin date, 09:00-12:00 there, the same date in UTC.
  const firstOfNext = firstOfNextMonth(todayIn('UTC'));
  const request = await playwright.request.newContext({ baseURL });
  const providerId = await setUpProviderPlan(request, provider, {
    timezone: 'Europe/Berlin',
    week: {},
    customDays: [{ date: firstOfNext, intervals: [['09:00', '12:00']] }],
  });
  await request.dispose();

  const asked: string[] = [];
  page.on('request', (req) => {
    const match = /\/providers-availability\/[^/]+\/timeslot\/([\d-]+)/.exec(req.url());
    if (match?.[1]) asked.push(match[1]);
  });
  await page.goto(`/therapists/${providerId}/`);
  await expect(page.getByRole('grid', { name: monthCaption(firstOfNext) })).toBeVisible();
  await expect(slotList(page, firstOfNext).getByRole('button')).toHaveCount(3);
  await expect(page.locator(`[data-day="${firstOfNext}"]`)).toHaveAttribute('aria-selected', 'true');
  expect([...new Set(asked)]).toEqual([todayIn('UTC').slice(0, 7), firstOfNext.slice(0, 7)]);
  await a11y('therapist page after moving to next month');
});

test('a date and a time can be chosen with the keyboard only', async ({
  page,
  a11y,
  createUser,
  playwright,
  baseURL,
}) => {
  const provider = await createUser('provider', { verified: true });
  const weekday: Array<[string, string]> = [['09:00', '11:00']];
  const request = await playwright.request.newContext({ baseURL });
  const providerId = await setUpProviderPlan(request, provider, {
    timezone: 'Europe/Berlin',
    week: { MONDAY: weekday, TUESDAY: weekday, WEDNESDAY: weekday, THURSDAY: weekday, FRIDAY: weekday },
  });
  await request.dispose();

  await page.goto(`/therapists/${providerId}/`);
  await expect(page.getByRole('list', { name: /^Free times on / })).toBeVisible();
  await a11y('therapist page (keyboard)');

  // Tab from the top of the content into the calendar's day grid.
  await page.locator('#main-content').focus();
  const focusedDay = () =>
    page.evaluate(() => document.activeElement?.closest('[role="gridcell"]')?.getAttribute('data-day') ?? null);
  for (let i = 0; i < 10 && !(await focusedDay()); i += 1) await page.keyboard.press('Tab');
  const start = await focusedDay();
  expect(start, 'Tab reaches a day of the calendar').not.toBeNull();

  // The arrow key skips the days that cannot be booked.
  await page.keyboard.press('ArrowRight');
  const target = await focusedDay();
  expect(target && start && target > start).toBe(true);
  // Into another month, the day waits for that month's times before it can be chosen.
  await expect(dayButton(page, target!)).not.toHaveAttribute('aria-disabled', 'true');
  await expect(dayButton(page, target!)).toBeEnabled();
  await page.keyboard.press('Enter');
  await expect(page.locator(`[data-day="${target}"]`)).toHaveAttribute('aria-selected', 'true');
  const list = slotList(page, target!);
  await expect(list.getByRole('button')).toHaveCount(2);

  await page.keyboard.press('Tab');
  const first = list.getByRole('button').nth(0);
  const second = list.getByRole('button').nth(1);
  await expect(first).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('aria-pressed', 'true');

  await page.keyboard.press('Tab');
  await expect(second).toBeFocused();
  await page.keyboard.press('Space');
  await expect(second).toHaveAttribute('aria-pressed', 'true');
  await expect(first).toHaveAttribute('aria-pressed', 'false');
  await a11y('therapist page, time chosen by keyboard');
});

test.describe('on a 375 px phone in German', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, locale: 'de-DE' });

  test('the calendar fits the screen', async ({ page, a11y, createUser, playwright, baseURL }) => {
    const provider = await createUser('provider', { verified: true });
    const request = await playwright.request.newContext({ baseURL });
    const providerId = await setUpProviderPlan(request, provider, {
      timezone: 'Europe/Berlin',
      week: { MONDAY: [['09:00', '17:00']], WEDNESDAY: [['09:00', '17:00']], FRIDAY: [['09:00', '17:00']] },
    });
    await request.dispose();

    await page.goto(`/therapists/${providerId}/`);
    await expect(page.getByRole('heading', { level: 2, name: 'Datum und Uhrzeit wählen' })).toBeVisible();
    await expect(page.getByRole('list', { name: /^Freie Zeiten am / })).toBeVisible();
    await expect(page.getByText(/^Alle Uhrzeiten in der Zeitzone .+ \(UTC\)\.$/)).toBeVisible();
    await expectNoHorizontalScroll(page, 375);
    await a11y('therapist page (375 px, de)');
  });
});

test('an unknown therapist shows a not-found page', async ({ page, a11y }) => {
  await page.goto('/therapists/00000000-0000-4000-8000-000000000000/');
  await expect(page.getByRole('heading', { level: 1, name: 'Therapist not found' })).toBeVisible();
  await a11y('unknown therapist');
});
