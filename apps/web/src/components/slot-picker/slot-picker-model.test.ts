import type { AvailabilityCalendar, AvailabilityItem } from '@therapy/contracts/availability';
import { describe, expect, it } from 'vitest';
import { formatLongDate, formatMonth, formatZoneName } from '@/lib/format';
import {
  addDays,
  addMonths,
  bookableDates,
  chooseInitialDate,
  formatSlotTime,
  fromPickerDate,
  isDateEnabled,
  needsCategory,
  nextMonthToTry,
  slotsOn,
  todayIn,
  toPickerDate,
} from './slot-picker-model';

// ICU puts a narrow no-break space before AM/PM; the tests compare words, not the kind of space.
const spaces = (text: string) => text.replace(/\s+/g, ' ');

const slot = (date: string, hour: number) => ({
  identifier: `${date}-${hour}`,
  startTime: `${date}T${String(hour).padStart(2, '0')}:00:00.000Z`,
  endTime: `${date}T${String(hour + 1).padStart(2, '0')}:00:00.000Z`,
});

function item(date: string, options: { isAvailable?: boolean; hours?: number[] } = {}): AvailabilityItem {
  const { isAvailable = true, hours = [9] } = options;
  return { date: { date, isAvailable }, timeSlot: hours.map((h) => slot(date, h)) };
}

function calendar(items: AvailabilityItem[], overrides: Partial<AvailabilityCalendar> = {}): AvailabilityCalendar {
  return {
    timezone: 'Europe/Berlin',
    providerTimezone: 'Europe/Berlin',
    calendarSetupType: 'GENERAL',
    firstDate: '2026-06-10',
    lastDate: '2026-08-09',
    items,
    ...overrides,
  };
}

describe('dates and months', () => {
  it('takes today in the given zone, not in UTC', () => {
    const lateEvening = new Date('2026-03-29T23:30:00Z');
    expect(todayIn('Europe/Berlin', lateEvening)).toBe('2026-03-30');
    expect(todayIn('America/New_York', lateEvening)).toBe('2026-03-29');
    expect(todayIn('UTC', lateEvening)).toBe('2026-03-29');
  });

  it('moves across years and month ends', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-06', 2)).toBe('2026-08');
    expect(addDays('2026-06-30', 1)).toBe('2026-07-01');
    expect(addDays('2026-06-10', 60)).toBe('2026-08-09');
  });

  it('turns calendar dates into local picker dates and back', () => {
    const date = toPickerDate('2026-03-29');
    expect([date.getFullYear(), date.getMonth(), date.getDate(), date.getHours()]).toEqual([2026, 2, 29, 0]);
    expect(fromPickerDate(date)).toBe('2026-03-29');
  });
});

describe('which dates can be picked', () => {
  const june = calendar([
    item('2026-06-09'), // before today (firstDate)
    item('2026-06-10', { isAvailable: false }),
    item('2026-06-11', { hours: [] }), // available, but every slot is taken
    item('2026-06-12', { hours: [14, 9] }),
    item('2026-06-15'),
  ]);

  it('keeps only dates from today on that are available and have a slot (spec §3, §5)', () => {
    expect(bookableDates(june)).toEqual(['2026-06-12', '2026-06-15']);
    expect(bookableDates(calendar([item('2026-08-10')]))).toEqual([]); // after the horizon
  });

  it('lists the slots of a bookable date, earliest first, and none for other dates', () => {
    expect(slotsOn(june, '2026-06-12').map((s) => s.identifier)).toEqual(['2026-06-12-9', '2026-06-12-14']);
    expect(slotsOn(june, '2026-06-10')).toEqual([]);
    expect(slotsOn(june, '2026-06-20')).toEqual([]);
  });

  it('enables the bookable dates of the shown month only', () => {
    expect(isDateEnabled('2026-06-12', june, '2026-06')).toBe(true);
    expect(isDateEnabled('2026-06-10', june, '2026-06')).toBe(false);
    expect(isDateEnabled('2026-06-11', june, '2026-06')).toBe(false);
    expect(isDateEnabled('2026-06-09', june, '2026-06')).toBe(false);
    expect(isDateEnabled('2026-06-20', june, '2026-06')).toBe(false);
  });

  it('leaves dates of other months to their own answer, within today .. the horizon', () => {
    expect(isDateEnabled('2026-07-01', june, '2026-06')).toBe(true);
    expect(isDateEnabled('2026-08-10', june, '2026-06')).toBe(false);
    expect(isDateEnabled('2026-05-31', june, '2026-06')).toBe(false);
  });

  it('enables nothing before the answer is there', () => {
    expect(isDateEnabled('2026-06-12', undefined, '2026-06')).toBe(false);
  });
});

describe('the date chosen on load (spec §4)', () => {
  it('is today when today can be booked', () => {
    expect(chooseInitialDate(calendar([item('2026-06-10'), item('2026-06-11')]), '2026-06-10')).toBe('2026-06-10');
  });

  it('is the nearest later bookable date otherwise', () => {
    const june = calendar([
      item('2026-06-10', { isAvailable: false }),
      item('2026-06-11', { hours: [] }),
      item('2026-06-17'),
      item('2026-06-13'),
    ]);
    expect(chooseInitialDate(june, '2026-06-10')).toBe('2026-06-13');
  });

  it('is nothing in edit mode, without an answer, or when nothing can be booked', () => {
    expect(chooseInitialDate(calendar([item('2026-06-10')]), '2026-06-10', true)).toBeNull();
    expect(chooseInitialDate(undefined, '2026-06-10')).toBeNull();
    expect(chooseInitialDate(calendar([item('2026-06-10', { isAvailable: false })]), '2026-06-10')).toBeNull();
  });
});

describe('moving on to the next month (spec §4)', () => {
  it('stays on a month with something to book', () => {
    expect(nextMonthToTry('2026-06', calendar([item('2026-06-30')]))).toBeNull();
  });

  it('moves on from an empty month up to the month of the last date, then stops', () => {
    const empty = calendar([item('2026-06-12', { isAvailable: false })]);
    expect(nextMonthToTry('2026-06', empty)).toBe('2026-07');
    expect(nextMonthToTry('2026-07', calendar([]))).toBe('2026-08');
    expect(nextMonthToTry('2026-08', calendar([]))).toBeNull();
  });

  it('asks for a therapy when a BY_CATEGORY calendar came without a category', () => {
    expect(needsCategory(calendar([], { calendarSetupType: 'BY_CATEGORY' }), undefined)).toBe(true);
    expect(needsCategory(calendar([], { calendarSetupType: 'BY_CATEGORY' }), 'some-category')).toBe(false);
    expect(needsCategory(calendar([]), undefined)).toBe(false);
  });
});

describe('formatting in the viewer zone', () => {
  // Monday 8 June 2026, 09:00-10:00 in Berlin (summer time, UTC+2) is 03:00-04:00 in New York (UTC-4).
  const berlinNine = { startTime: '2026-06-08T07:00:00.000Z', endTime: '2026-06-08T08:00:00.000Z' };

  it('shows wall-clock times of the zone, in the locale', () => {
    expect(spaces(formatSlotTime(berlinNine, 'en', 'Europe/Berlin'))).toBe('9:00 AM – 10:00 AM');
    expect(spaces(formatSlotTime(berlinNine, 'en', 'America/New_York'))).toBe('3:00 AM – 4:00 AM');
    expect(formatSlotTime(berlinNine, 'de', 'Europe/Berlin')).toBe('09:00 – 10:00');
  });

  it('names the zone as it is on that day (standard or summer time)', () => {
    expect(formatZoneName('en', 'Europe/Berlin', new Date('2026-01-12T10:00:00Z'))).toBe(
      'Central European Standard Time',
    );
    expect(formatZoneName('en', 'Europe/Berlin', new Date('2026-06-08T10:00:00Z'))).toBe(
      'Central European Summer Time',
    );
    expect(formatZoneName('de', 'Europe/Berlin', new Date('2026-01-12T10:00:00Z'))).toBe(
      'Mitteleuropäische Normalzeit',
    );
    expect(formatZoneName('en', 'America/New_York', new Date('2026-06-08T10:00:00Z'))).toBe('Eastern Daylight Time');
  });

  it('writes calendar dates and months in words, whatever the zone', () => {
    expect(formatLongDate('2026-06-08', 'en')).toBe('Monday, June 8, 2026');
    expect(formatLongDate('2026-06-08', 'de')).toBe('Montag, 8. Juni 2026');
    expect(formatMonth('2026-07', 'en')).toBe('July 2026');
    expect(formatMonth('2026-07', 'de')).toBe('Juli 2026');
  });
});
