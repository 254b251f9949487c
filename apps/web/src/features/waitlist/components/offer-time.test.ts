import { describe, expect, it } from 'vitest';
import { clockTime, offerWhen, windowTime } from './offer-time';

// Issue 48: the waitlist wrote 24-hour times in English where the rest of the app writes "9:00 AM" (lib/format.ts).
const words = (text: string) => text.replace(/\s+/g, ' ');

describe('waitlist times', () => {
  it('English: 12-hour with AM/PM, as the slot picker writes them', () => {
    expect(words(offerWhen('2027-05-05T14:00:00Z', '2027-05-05T15:00:00Z', 'en', 'America/New_York'))).toBe(
      'Wednesday, May 5, 10:00 AM – 11:00 AM',
    );
    expect(words(clockTime('2027-05-05T18:30:00Z', 'en', 'America/New_York'))).toBe('2:30 PM');
    expect(words(windowTime('17:00', 'en'))).toBe('5:00 PM');
  });

  it('German: 24-hour', () => {
    expect(words(offerWhen('2027-05-05T08:00:00Z', '2027-05-05T09:00:00Z', 'de', 'Europe/Berlin'))).toBe(
      'Mittwoch, 5. Mai, 10:00 – 11:00',
    );
    expect(clockTime('2027-05-05T12:30:00Z', 'de', 'Europe/Berlin')).toBe('14:30');
    expect(windowTime('09:00', 'de')).toBe('09:00');
  });
});
