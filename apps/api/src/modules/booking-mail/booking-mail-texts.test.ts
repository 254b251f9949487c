import { describe, expect, it } from 'vitest';
import { bookingMailTexts, bookingReminderTexts, type BookingMailParams } from './booking-mail-texts.ts';

/** Issue 47: "asks to book a Individual therapy session": no article of its own before a therapy's name. */
const params: BookingMailParams = {
  name: 'Amara',
  other: 'Siobhán O’Connor-Müller',
  therapy: 'Individual therapy',
  when: 'Tue, 1 Dec 2026, 09:30–10:20 (Europe/Berlin)',
  where: '',
  link: 'https://example.com/appointments/1',
};

describe('booking mail texts', () => {
  const english = [
    ...Object.entries(bookingMailTexts.en).map(([kind, text]) => [kind, text(params)] as const),
    ['reminder', bookingReminderTexts.en({ ...params, hours: 24 })] as const,
  ];
  it.each(english)('%s puts no "a"/"an" before the therapy name', (_kind, mail) => {
    expect(`${mail.subject}\n${mail.text}`).not.toMatch(/\ban? Individual therapy\b/i);
  });
  it('says who asks to book, and the therapy, in words that fit any name', () => {
    expect(bookingMailTexts.en.requested(params).text).toContain(
      'Siobhán O’Connor-Müller asks to book a session (Individual therapy) on Tue, 1 Dec 2026',
    );
  });
});
