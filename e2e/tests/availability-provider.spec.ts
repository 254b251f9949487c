import { expect, test, type Page } from '../support/fixtures.ts';
import { expectNoHorizontalScroll, expectToast, signIn, chooseLanguage } from '../support/app.ts';
import {
  addDays,
  dayButton,
  nextWeekday,
  plainSpaces,
  showMonthOf,
  wallTimeToInstant,
} from '../support/availability.ts';

/** A date `days` from today (the browser and the provider's default zone are UTC in these journeys). */
function dateIn(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The long date the custom day list shows, e.g. "Tuesday, March 3, 2026". */
const longDate = (date: string, locale = 'en') =>
  new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));

async function openAvailability(
  page: Page,
  createUser: (type: 'provider', extra: { verified: boolean }) => Promise<{ email: string; password: string }>,
) {
  const provider = await createUser('provider', { verified: true });
  await signIn(page, provider.email, provider.password, '/availability');
  await expect(page.getByRole('heading', { level: 1, name: 'Availability' })).toBeVisible();
  const week = page.getByRole('form', { name: 'Appointment calendar' });
  await expect(week.getByRole('switch', { name: 'Monday' })).toBeVisible();
  return week;
}

test('a therapist sets weekly hours and a custom day, they persist, and a client in New York sees exactly them', async ({
  page,
  a11y,
  createUser,
  browser,
  baseURL,
}, testInfo) => {
  const week = await openAvailability(page, createUser);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Availability' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Booking settings' }).getByLabel('Time zone')).toBeVisible();
  await a11y('availability');

  // Monday 9 am-12 pm and 1 pm-5 pm.
  const monday = week.getByRole('switch', { name: 'Monday' });
  if ((await monday.getAttribute('aria-checked')) !== 'true') await monday.click();
  while ((await week.getByRole('combobox', { name: 'Monday interval 2 start' }).count()) > 0) {
    await week.getByRole('button', { name: 'Remove Monday interval 2' }).click();
  }
  const firstStart = week.getByRole('combobox', { name: 'Monday interval 1 start' });
  await firstStart.selectOption('09:00');
  await expect(firstStart.locator('option:checked')).toHaveText('9:00 AM');
  await week.getByRole('combobox', { name: 'Monday interval 1 end' }).selectOption('12:00');
  await week.getByRole('button', { name: 'Add interval' }).first().click();
  const secondStart = week.getByRole('combobox', { name: 'Monday interval 2 start' });
  // "Add interval" continues where the last interval ends; earlier starts are disabled.
  await expect(secondStart).toHaveValue('12:00');
  await expect(secondStart.locator('option[value="11:00"]')).toBeDisabled();
  await secondStart.selectOption('13:00');
  await week.getByRole('combobox', { name: 'Monday interval 2 end' }).selectOption('17:00');
  await expect(week.getByRole('combobox', { name: 'Monday interval 2 end' }).locator('option:checked')).toHaveText(
    '5:00 PM',
  );

  // Tuesday off: its intervals disappear.
  const tuesday = week.getByRole('switch', { name: 'Tuesday' });
  if ((await tuesday.getAttribute('aria-checked')) === 'true') await tuesday.click();
  await expect(tuesday).toHaveAttribute('aria-checked', 'false');
  await expect(week.getByRole('combobox', { name: 'Tuesday interval 1 start' })).toHaveCount(0);

  await week.getByRole('button', { name: 'Save weekly hours' }).click();
  await expectToast(page, 'Data saved successfully');
  await expect(week.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();

  // A custom day 10 days ahead, 10 am-2 pm; the form checks the date first.
  const date = dateIn(10);
  await page.getByRole('button', { name: 'Add custom day' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a custom day' });
  await expect(dialog.getByRole('combobox', { name: 'Custom day interval 1 start' })).toHaveValue('09:00');
  await dialog.getByRole('button', { name: 'Save custom day' }).click();
  await expect(dialog.getByText('Enter a valid date')).toBeVisible();
  await a11y('custom day dialog');
  await dialog.getByLabel('Date', { exact: true }).fill(date);
  await dialog.getByRole('combobox', { name: 'Custom day interval 1 start' }).selectOption('10:00');
  await dialog.getByRole('combobox', { name: 'Custom day interval 1 end' }).selectOption('14:00');
  await dialog.getByRole('button', { name: 'Save custom day' }).click();
  await expectToast(page, 'Data saved successfully');
  await expect(dialog).toBeHidden();
  const customDays = page.getByRole('list', { name: 'Upcoming custom days' });
  const item = customDays.getByRole('listitem').filter({ hasText: longDate(date) });
  await expect(item).toContainText('10:00 AM – 2:00 PM');
  await page.screenshot({ path: testInfo.outputPath('availability-en-desktop.png'), fullPage: true });

  // Everything is still there after a reload.
  await page.reload();
  await expect(week.getByRole('combobox', { name: 'Monday interval 1 start' })).toHaveValue('09:00');
  await expect(week.getByRole('combobox', { name: 'Monday interval 1 end' })).toHaveValue('12:00');
  await expect(week.getByRole('combobox', { name: 'Monday interval 2 start' })).toHaveValue('13:00');
  await expect(week.getByRole('combobox', { name: 'Monday interval 2 end' })).toHaveValue('17:00');
  await expect(week.getByRole('switch', { name: 'Tuesday' })).toHaveAttribute('aria-checked', 'false');
  await expect(item).toContainText('10:00 AM – 2:00 PM');
  await a11y('availability after reload');

  // A client in another zone opens the therapist's public page (the preview link) and sees exactly these hours,
  // converted: the provider's zone is UTC here, the client's America/New_York.
  const href = await page.getByRole('link', { name: 'See your calendar as clients do' }).getAttribute('href');
  const clientContext = await browser.newContext({ baseURL, timezoneId: 'America/New_York' });
  await clientContext.addCookies([{ name: 'cookie-consent', value: 'true', url: baseURL! }]);
  const client = await clientContext.newPage();
  await client.goto(href!);
  await expect(client.getByRole('heading', { level: 2, name: 'Select a date and time' })).toBeVisible();
  await expect(client.getByRole('list', { name: /^Free times on / })).toBeVisible();
  const newYork = new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit', timeZone: 'America/New_York' });
  const shown = (date: string, hours: number[]) =>
    hours.map((h) => {
      const start = wallTimeToInstant(date, h, 'UTC');
      return plainSpaces(`${newYork.format(start)} – ${newYork.format(new Date(start.getTime() + 3_600_000))}`);
    });
  // A Monday past the 12-hour notice that is not the custom day; a Tuesday, which is off.
  let nextMonday = nextWeekday(dateIn(1), 0);
  if (nextMonday === date) nextMonday = addDays(nextMonday, 7);
  const checks: Array<[string, number[]]> = [
    [nextMonday, [9, 10, 11, 13, 14, 15, 16]],
    [date, [10, 11, 12, 13]],
  ];
  for (const [day, hours] of checks) {
    await showMonthOf(client, day);
    await dayButton(client, day).click();
    const slots = client.getByRole('list', { name: `Free times on ${longDate(day)}` }).getByRole('button');
    await expect.poll(async () => (await slots.allInnerTexts()).map(plainSpaces)).toEqual(shown(day, hours));
  }
  const nextTuesday = addDays(nextMonday, 1);
  await showMonthOf(client, nextTuesday);
  await expect(dayButton(client, nextTuesday)).toBeDisabled();
  await expect(client.getByText(/Times are shown in .* \(America\/New_York\)\./)).toBeVisible();
  await clientContext.close();

  // Delete the custom day after confirming.
  await item.getByRole('button', { name: `Delete custom day ${longDate(date)}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this custom day?' });
  await confirm.getByRole('button', { name: 'Delete custom day' }).click();
  await expectToast(page, 'Custom day deleted');
  await expect(page.getByText('No custom days yet. Your weekly hours apply to every date.')).toBeVisible();
});

test('a client sees that the page is for providers only', async ({ page, a11y, createUser }) => {
  const client = await createUser('client');
  const calls: string[] = [];
  page.on('request', (req) => {
    if (/\/api\/v1\/provider(-availability)?\//.test(req.url())) calls.push(req.url());
  });
  await signIn(page, client.email, client.password, '/availability');
  await expect(page.getByRole('heading', { name: 'For providers only' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Availability' })).toHaveCount(0);
  expect(calls).toEqual([]);
  await a11y('availability (client)');
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('the availability page fits the screen, in English and German', async ({ page, a11y, createUser }, testInfo) => {
    // Three axe scans of a page with fourteen 5-minute time pickers (about 4,000 options) take most of a minute on a
    // loaded machine: the default 60 s is too tight for it.
    test.setTimeout(150_000);
    const week = await openAvailability(page, createUser);
    await expect(week.getByRole('combobox', { name: 'Monday interval 1 start' })).toBeVisible();
    await expectNoHorizontalScroll(page, 375);
    await a11y('availability (375 px)');
    await page.screenshot({ path: testInfo.outputPath('availability-en-375-top.png') });
    await week.getByRole('switch', { name: 'Monday' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('availability-en-375-week.png') });

    await chooseLanguage(page, 'de');
    await expect(page.getByRole('heading', { level: 1, name: 'Verfügbarkeit' })).toBeVisible();
    const woche = page.getByRole('form', { name: 'Terminkalender' });
    await expect(woche.getByRole('combobox', { name: 'Montag Zeitraum 1 Beginn' })).toBeVisible();
    await expectNoHorizontalScroll(page, 375);
    await a11y('availability (de, 375 px)');
    await page.getByRole('heading', { name: 'Kalender einrichten' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('availability-de-375-setup.png') });
    await woche.getByRole('switch', { name: 'Montag' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('availability-de-375-week.png') });
    await page.getByRole('button', { name: 'Individuellen Tag hinzufügen' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('availability-de-375-custom.png') });

    await page.getByRole('button', { name: 'Individuellen Tag hinzufügen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Individuellen Tag hinzufügen' });
    await expect(dialog.getByRole('combobox', { name: 'Individueller Tag Zeitraum 1 Beginn' })).toBeVisible();
    await a11y('custom day dialog (de, 375 px)');
    await page.screenshot({ path: testInfo.outputPath('availability-de-375-dialog.png') });
  });

  test('the time zone is found by city or offset and chosen with the keyboard; the IANA name is saved (decision 0015)', async ({
    page,
    a11y,
    createUser,
  }) => {
    await openAvailability(page, createUser);
    const settings = page.getByRole('form', { name: 'Booking settings' });
    const zone = settings.getByRole('combobox', { name: 'Time zone' });
    await zone.fill('+05:30');
    const list = page.getByRole('listbox');
    await expect(
      list
        .getByRole('group', { name: 'Asia' })
        .getByRole('option', { name: /^(Kolkata|Calcutta) · India Standard Time UTC\+05:30/ }),
    ).toBeVisible();
    await expectNoHorizontalScroll(page, 375);
    await a11y('time-zone search open (375 px)');

    await zone.fill('berlin');
    await expect(list.getByRole('option')).toHaveCount(1);
    await zone.press('ArrowDown');
    await zone.press('Enter');
    await expect(list).toBeHidden();
    await expect(zone).toHaveValue(/^Berlin · Central European Time · UTC\+0[12]:00$/);
    const saved = page.waitForRequest(
      (r) => r.url().endsWith('/provider-availability/settings') && r.method() !== 'GET',
    );
    await settings.getByRole('button', { name: 'Save settings' }).click();
    expect((await saved).postDataJSON()).toMatchObject({ timezone: 'Europe/Berlin' });
    await expectToast(page, 'Data saved successfully');

    await page.reload();
    await expect(
      page.getByRole('form', { name: 'Booking settings' }).getByRole('combobox', { name: 'Time zone' }),
    ).toHaveValue(/^Berlin · /);
    await chooseLanguage(page, 'de');
    await expect(
      page.getByRole('form', { name: 'Buchungseinstellungen' }).getByRole('combobox', { name: 'Zeitzone' }),
    ).toHaveValue(/^Berlin · Mitteleuropäische Zeit · UTC\+0[12]:00$/);
  });
});

test('the German page on a desktop', async ({ page, createUser }, testInfo) => {
  await openAvailability(page, createUser);
  await chooseLanguage(page, 'de');
  await expect(page.getByRole('heading', { level: 1, name: 'Verfügbarkeit' })).toBeVisible();
  await expect(
    page.getByRole('form', { name: 'Terminkalender' }).getByRole('switch', { name: 'Montag' }),
  ).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('availability-de-desktop.png'), fullPage: true });
});
