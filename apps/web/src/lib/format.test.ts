import { describe, expect, it } from 'vitest';
import { clockStyleOf, formatClock, formatTime, formatTimeRange } from './format';

// ICU puts a narrow no-break space before AM/PM; the tests compare words, not the kind of space.
const spaces = (text: string) => text.replace(/\s+/g, ' ');

describe('one time format per language (decision 0015)', () => {
  it('English reads 12-hour "9:00 AM", German 24-hour "09:00"', () => {
    expect(clockStyleOf('en')).toBe('12h');
    expect(clockStyleOf('de')).toBe('24h');
    expect(spaces(formatClock('09:00', 'en'))).toBe('9:00 AM');
    expect(formatClock('09:00', 'de')).toBe('09:00');
    expect(spaces(formatClock('18:00', 'en'))).toBe('6:00 PM');
    expect(formatClock('18:00', 'de')).toBe('18:00');
  });

  it('midnight and noon: "12:00 AM" and "12:00 PM" in English; a day ends at "24:00" in German', () => {
    expect(spaces(formatClock('00:00', 'en'))).toBe('12:00 AM');
    expect(spaces(formatClock('12:00', 'en'))).toBe('12:00 PM');
    expect(spaces(formatClock('24:00', 'en'))).toBe('12:00 AM');
    expect(formatClock('00:00', 'de')).toBe('00:00');
    expect(formatClock('24:00', 'de')).toBe('24:00');
  });

  it('something that is not a clock time is shown as it is', () => {
    expect(formatClock('9', 'en')).toBe('9');
    expect(formatClock('25:00', 'de')).toBe('25:00');
  });

  it('an instant is shown in the given zone, in the same format as a clock time', () => {
    const nineInBerlin = '2026-06-08T07:00:00Z'; // summer time, UTC+2
    expect(spaces(formatTime(nineInBerlin, 'en', 'Europe/Berlin'))).toBe(spaces(formatClock('09:00', 'en')));
    expect(formatTime(nineInBerlin, 'de', 'Europe/Berlin')).toBe(formatClock('09:00', 'de'));
    expect(spaces(formatTime(nineInBerlin, 'en', 'America/New_York'))).toBe('3:00 AM');
    expect(spaces(formatTimeRange(nineInBerlin, '2026-06-08T08:00:00Z', 'en', 'Europe/Berlin'))).toBe(
      '9:00 AM – 10:00 AM',
    );
    expect(formatTimeRange(nineInBerlin, '2026-06-08T08:00:00Z', 'de', 'Europe/Berlin')).toBe('09:00 – 10:00');
  });
});
