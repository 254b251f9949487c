import type { AvailabilityCalendar, AvailabilityItem } from '@therapy/contracts/availability';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { uuid } from '@/test/fixtures';
import { jsonResponse, mockFetch, renderWithProviders } from '@/test/render';
import { SlotPicker } from './slot-picker';
import { formatLongDate } from '@/lib/format';
import { i18n } from '@/lib/i18n';
import { addDays, addMonths, browserTimeZone, formatSlotTime, monthOf, todayIn } from './slot-picker-model';

const providerId = uuid(42);
const zone = browserTimeZone();
let today: string;

function item(date: string, hours: number[] = [9, 10], isAvailable = true): AvailabilityItem {
  return {
    date: { date, isAvailable },
    timeSlot: hours.map((h) => ({
      identifier: `${date}-${h}`,
      startTime: `${date}T${String(h).padStart(2, '0')}:00:00.000Z`,
      endTime: `${date}T${String(h + 1).padStart(2, '0')}:00:00.000Z`,
    })),
  };
}

function answer(items: AvailabilityItem[], overrides: Partial<AvailabilityCalendar> = {}) {
  return jsonResponse({
    data: {
      timezone: zone,
      providerTimezone: 'Europe/Berlin',
      calendarSetupType: 'GENERAL',
      firstDate: today,
      lastDate: addDays(today, 60),
      items,
      ...overrides,
    } satisfies AvailabilityCalendar,
  });
}

const dayButton = (date: string) => document.querySelector(`[data-day="${date}"] button`) as HTMLButtonElement;
const monthPath = (month: string) => `/api/v1/providers-availability/${providerId}/timeslot/${month}`;

beforeEach(() => {
  // Mid-month, mid-day: "today" and the next months are the same calendar dates in every zone the tests may run in.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-06-10T12:00:00Z'));
  today = todayIn(zone);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('SlotPicker', () => {
  it('selects today when it can be booked, lists its times and marks the chosen one', async () => {
    const fetchMock = mockFetch([
      { path: monthPath(monthOf(today)), respond: () => answer([item(today), item(addDays(today, 1))]) },
    ]);
    const onSelect = vi.fn();
    const { user } = renderWithProviders(<SlotPicker providerId={providerId} onSelect={onSelect} />);

    const list = await screen.findByRole('list', { name: `Free times on ${formatLongDate(today, 'en')}` });
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(url.searchParams.get('timezone')).toBe(zone);
    expect(screen.getByText(new RegExp(`Times are shown in .+ \\(${zone.replace('/', '\\/')}\\)`))).toBeTruthy();

    const nine = within(list).getByRole('button', { name: formatSlotTime(item(today).timeSlot[0]!, 'en', zone) });
    expect(nine.getAttribute('aria-pressed')).toBe('false');
    await user.click(nine);
    expect(nine.getAttribute('aria-pressed')).toBe('true');
    expect(onSelect).toHaveBeenLastCalledWith({ date: today, slot: item(today).timeSlot[0], timeZone: zone });

    // Another date drops the choice.
    await user.click(dayButton(addDays(today, 1)));
    expect(
      await screen.findByRole('list', { name: `Free times on ${formatLongDate(addDays(today, 1), 'en')}` }),
    ).toBeTruthy();
    expect(onSelect).toHaveBeenLastCalledWith(null);
  });

  it('takes the nearest later date when today is not free, and disables the dates that cannot be booked', async () => {
    const later = addDays(today, 3);
    mockFetch([
      {
        path: monthPath(monthOf(today)),
        respond: () => answer([item(today, [9], false), item(addDays(today, 1), []), item(later)]),
      },
    ]);
    renderWithProviders(<SlotPicker providerId={providerId} />);

    expect(await screen.findByRole('list', { name: `Free times on ${formatLongDate(later, 'en')}` })).toBeTruthy();
    expect(dayButton(today).disabled).toBe(true);
    expect(dayButton(addDays(today, 1)).disabled).toBe(true);
    expect(dayButton(later).disabled).toBe(false);
  });

  it('moves on to the next month when this one has nothing, showing the skeleton while it loads', async () => {
    const next = addMonths(monthOf(today), 1);
    const firstOfNext = `${next}-01`;
    mockFetch([
      { path: monthPath(monthOf(today)), respond: () => answer([item(today, [9], false)]) },
      { path: monthPath(next), respond: () => answer([item(firstOfNext)]) },
    ]);
    renderWithProviders(<SlotPicker providerId={providerId} />);

    expect(screen.getByTestId('slot-skeleton').children).toHaveLength(4);
    expect(
      await screen.findByRole('list', { name: `Free times on ${formatLongDate(firstOfNext, 'en')}` }),
    ).toBeTruthy();
    expect(document.querySelector(`[data-day="${firstOfNext}"]`)?.getAttribute('aria-selected')).toBe('true');
  });

  it('says so when nothing is free up to the horizon', async () => {
    const months = [0, 1, 2, 3].map((n) => addMonths(monthOf(today), n));
    mockFetch(months.map((month) => ({ path: monthPath(month), respond: () => answer([]) })));
    renderWithProviders(<SlotPicker providerId={providerId} />);
    expect(await screen.findByText('No availability in the next 2 months')).toBeTruthy();
  });

  it('shows its own error with a retry', async () => {
    let calls = 0;
    mockFetch([
      {
        path: monthPath(monthOf(today)),
        respond: () =>
          ++calls === 1
            ? jsonResponse({ message: 'Slots are unavailable', code: 'INTERNAL_ERROR', requestId: 'r' }, 500)
            : answer([item(today)]),
      },
    ]);
    const { user } = renderWithProviders(<SlotPicker providerId={providerId} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The free times could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: `Free times on ${formatLongDate(today, 'en')}` })).toBeTruthy();
  });

  it('chooses no date in edit mode', async () => {
    mockFetch([{ path: monthPath(monthOf(today)), respond: () => answer([item(today)]) }]);
    renderWithProviders(<SlotPicker providerId={providerId} editMode />);
    expect(await screen.findByText('Choose a day in the calendar to see its free times.')).toBeTruthy();
    expect(document.querySelector('[aria-selected="true"]')).toBeNull();
  });

  it('asks for a therapy when the calendar is kept per therapy', async () => {
    mockFetch([{ path: monthPath(monthOf(today)), respond: () => answer([], { calendarSetupType: 'BY_CATEGORY' }) }]);
    renderWithProviders(<SlotPicker providerId={providerId} />);
    expect(await screen.findByText('Choose a therapy to see the free times.')).toBeTruthy();
  });

  describe('preview (the provider on her own page, issue 47)', () => {
    const previewPath = (month: string) => `/api/v1/provider/calendar-preview/${month}`;
    const previewAnswer = (visibleToClients: boolean) =>
      jsonResponse({
        data: {
          timezone: zone,
          providerTimezone: 'Europe/Berlin',
          calendarSetupType: 'GENERAL',
          firstDate: today,
          lastDate: addDays(today, 60),
          items: [item(today)],
          visibleToClients,
        },
      });

    it('shows her own times before verification, says why clients do not see them, and lets none be chosen', async () => {
      const fetchMock = mockFetch([{ path: previewPath(monthOf(today)), respond: () => previewAnswer(false) }]);
      const onSelect = vi.fn();
      renderWithProviders(<SlotPicker providerId={providerId} preview onSelect={onSelect} />);

      expect(await screen.findByText('Your calendar is not public yet')).toBeTruthy();
      expect(
        screen.getByText('Clients can book you once your profile is verified. This is how your free times will look.'),
      ).toBeTruthy();
      const list = await screen.findByRole('list', { name: `Free times on ${formatLongDate(today, 'en')}` });
      expect(within(list).getByText(formatSlotTime(item(today).timeSlot[0]!, 'en', zone))).toBeTruthy();
      expect(within(list).queryAllByRole('button')).toHaveLength(0);
      // Never the public calendar: its answer would say "no free times" and move on two months.
      const paths = fetchMock.mock.calls.map((c) => new URL(String(c[0]), 'http://localhost').pathname);
      expect(paths).toEqual([previewPath(monthOf(today))]);
      expect(onSelect).not.toHaveBeenCalledWith(expect.objectContaining({ slot: expect.anything() }));
    });

    it('says the times are public once she is verified, in German too', async () => {
      mockFetch([{ path: previewPath(monthOf(today)), respond: () => previewAnswer(true) }]);
      await i18n.changeLanguage('de');
      try {
        renderWithProviders(<SlotPicker providerId={providerId} preview />);
        expect(await screen.findByText('Dein Kalender, wie Klient*innen ihn sehen')).toBeTruthy();
        expect(
          screen.getByText('Klient*innen sehen diese freien Zeiten auf dieser Seite und können sie buchen.'),
        ).toBeTruthy();
      } finally {
        await i18n.changeLanguage('en');
      }
    });
  });
});
