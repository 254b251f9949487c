import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { CreatedUser } from './fixtures.ts';

/** Availability set-up through the API, and the date arithmetic the calendar journeys need. */

export const weekdayNames = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;
export type WeekdayName = (typeof weekdayNames)[number];
/** "HH:mm" pairs (any minute), in the provider's zone. */
export type Intervals = Array<[string, string]>;

export interface ProviderPlan {
  timezone: string;
  /** Weekdays not listed are unavailable. */
  week: Partial<Record<WeekdayName, Intervals>>;
  customDays?: Array<{ date: string; intervals: Intervals }>;
  sessionLengthMinutes?: number;
  /** The gap after each session (decision 0054). */
  bufferMinutes?: number;
  minimumNoticeHours?: number;
}

const toIntervals = (intervals: Intervals) => intervals.map(([startTime, endTime]) => ({ startTime, endTime }));

/**
 * Signs the provider in through POST /user/login and saves settings, weekly plan and custom days with the access
 * token; returns the provider's identifier. Its own request context keeps the refresh cookie out of the browser.
 */
export async function setUpProviderPlan(
  request: APIRequestContext,
  provider: CreatedUser,
  plan: ProviderPlan,
): Promise<string> {
  const login = await request.post('/api/v1/user/login', {
    data: { email: provider.email, password: provider.password },
  });
  expect(login.status(), `login: ${await login.text()}`).toBe(200);
  const { data: session } = (await login.json()) as { data: { accessToken: string; user: { identifier: string } } };
  const headers = { Authorization: `Bearer ${session.accessToken}` };

  const settings = await request.put('/api/v1/provider-availability/settings', {
    headers,
    data: {
      timezone: plan.timezone,
      sessionLengthMinutes: plan.sessionLengthMinutes ?? 60,
      bufferMinutes: plan.bufferMinutes ?? 0,
      minimumNoticeHours: plan.minimumNoticeHours ?? 0,
    },
  });
  expect(settings.ok(), `settings: ${await settings.text()}`).toBe(true);

  const days = weekdayNames.map((identifier) => {
    const intervals = plan.week[identifier];
    return { identifier, isAvailable: !!intervals?.length, timeSlotsInterval: toIntervals(intervals ?? []) };
  });
  const week = await request.post('/api/v1/provider-availability/days/default', { headers, data: { days } });
  expect(week.ok(), `weekly plan: ${await week.text()}`).toBe(true);

  for (const day of plan.customDays ?? []) {
    const custom = await request.post('/api/v1/provider-availability/days/custom', {
      headers,
      data: { date: day.date, isAvailable: true, timeSlotsInterval: toIntervals(day.intervals) },
    });
    expect(custom.status(), `custom day ${day.date}: ${await custom.text()}`).toBe(201);
  }
  return session.user.identifier;
}

// ---------------------------------------------------------------- dates

/** "YYYY-MM-DD" of `now` in `timeZone`. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export function addDays(date: string, count: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + count)).toISOString().slice(0, 10);
}

/** 0 = Monday .. 6 = Sunday, as the weekly plan counts. */
export function weekdayIndex(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

/** The first date strictly after `date` that falls on `weekday` (0 = Monday). */
export function nextWeekday(date: string, weekday: number): string {
  let day = addDays(date, 1);
  while (weekdayIndex(day) !== weekday) day = addDays(day, 1);
  return day;
}

export function firstOfNextMonth(date: string): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
}

/** The instant at which the wall clock in `timeZone` shows `date` `hour`:00 (DST-safe: the offset is read, not assumed). */
export function wallTimeToInstant(date: string, hour: number, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wanted = Date.UTC(y, m - 1, d, hour);
  let guess = wanted;
  for (let i = 0; i < 2; i += 1) {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
      })
        .formatToParts(new Date(guess))
        .map((p) => [p.type, p.value]),
    );
    const shown = Date.UTC(
      Number(parts.year),
      Number(parts.month) - 1,
      Number(parts.day),
      Number(parts.hour),
      Number(parts.minute),
    );
    guess += wanted - shown;
  }
  return new Date(guess);
}

/** A calendar date as the page writes it in English, e.g. "Monday, June 8, 2026". */
export function longDate(date: string, locale = 'en'): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d, 12)),
  );
}

export function monthCaption(date: string, locale = 'en-US'): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, 15)),
  );
}

/** Whitespace as one plain space: ICU writes a narrow no-break space before AM/PM. */
export const plainSpaces = (text: string) => text.replace(/\s+/g, ' ').trim();

// ---------------------------------------------------------------- the calendar on the page

/** Moves the calendar forward until the month of `date` is shown. */
export async function showMonthOf(page: Page, date: string): Promise<void> {
  const grid = page.getByRole('grid', { name: monthCaption(date) });
  for (let i = 0; i < 4 && !(await grid.isVisible()); i += 1) {
    await page.getByRole('button', { name: 'Go to the Next Month' }).click();
  }
  await expect(grid).toBeVisible();
}

/** The day button of `date` in the month that is shown. */
export const dayButton = (page: Page, date: string) => page.locator(`[data-day="${date}"]:not([data-outside]) button`);
