import { describe, expect, it } from 'vitest';
import type { Locale } from '@therapy/contracts/messages';
import {
  bookingMailTexts,
  bookingReminderTexts,
  holdReminderTexts,
} from '../src/modules/booking-mail/booking-mail-texts.ts';
import { expiryMail } from '../src/modules/credentials/credential-expiry-mail.ts';
import { readyMail } from '../src/modules/data-export/export-texts.ts';
import { measureMailTexts } from '../src/modules/measures/measure-mail.ts';
import { laterDecisionMail, type LaterDecision } from '../src/modules/verification/verification-mail.ts';
import { mailTemplates } from '../src/platform/mail/templates.ts';
import { formatMailInstant, formatMailTimeRange, mailZoneName } from '../src/platform/mail/mail-time.ts';

/**
 * Issue 48: every mail template, in both languages, greets "Hello Jordan," / "Hallo Jordan," and goes on with a
 * capitalised sentence (the mails read "Hello Jordan, / your ..."). Each template is rendered with every parameter
 * filled in; the mail-time helpers write times as the app does.
 */
const locales: Locale[] = ['en', 'de'];
// Any parameter a template reads: a name, a link, a number or a short text (the templates only interpolate them).
const params = new Proxy({} as Record<string, unknown>, {
  get: (_target, key) =>
    key === 'name'
      ? 'Jordan'
      : key === 'days' || key === 'hours'
        ? 3
        : key === 'suggestions'
          ? [{ when: 'soon', link: 'https://app.example.com/x' }]
          : 'something',
});

const rendered: Array<[string, { subject: string; text: string }]> = [];
for (const locale of locales) {
  for (const [key, template] of Object.entries(mailTemplates))
    rendered.push([
      `${key} ${locale}`,
      (template[locale] as (p: unknown) => { subject: string; text: string })(params),
    ]);
  for (const [kind, text] of Object.entries(bookingMailTexts[locale]))
    rendered.push([`booking ${kind} ${locale}`, text(params as never)]);
  rendered.push([`reminder ${locale}`, bookingReminderTexts[locale](params as never)]);
  rendered.push([`hold reminder ${locale}`, holdReminderTexts[locale](params as never)]);
  for (const kind of ['reminder', 'expired'] as const)
    rendered.push([`expiry ${kind} ${locale}`, expiryMail(locale, kind, params as never)]);
  rendered.push([`export ready ${locale}`, readyMail(locale, params as never)]);
  for (const [kind, texts] of Object.entries(measureMailTexts))
    rendered.push([
      `measure ${kind} ${locale}`,
      (texts as Record<Locale, (p: never) => { subject: string; text: string }>)[locale](params as never),
    ]);
  for (const kind of ['changes_approved', 'changes_rejected', 'suspended', 'reinstated'] as LaterDecision[])
    rendered.push([`verification ${kind} ${locale}`, laterDecisionMail(locale, kind, params as never)]);
}

describe('mail greetings', () => {
  it('covers the templates', () => {
    expect(rendered.length).toBeGreaterThan(60);
  });

  it.each(rendered)('%s: "Hello Jordan," / "Hallo Jordan," then a capitalised sentence', (name, mail) => {
    const greeting = name.endsWith(' de') ? 'Hallo Jordan,' : 'Hello Jordan,';
    expect(mail.text.startsWith(`${greeting}\n\n`), mail.text).toBe(true);
    const next = mail.text.slice(greeting.length + 2);
    expect(next, mail.text).toMatch(/^(\p{Lu}|\d|something)/u);
  });
});

describe('mail times', () => {
  const start = new Date('2026-12-01T09:00:00Z');
  const end = new Date('2026-12-01T09:50:00Z');
  const summer = new Date('2026-07-01T16:30:00Z');

  it('English: 12-hour with AM/PM and the zone short name (EST, EDT, PST), or the city where English has none', () => {
    expect(formatMailTimeRange(start, end, 'en', 'America/New_York')).toBe('Tue, Dec 1, 2026, 4:00 AM–4:50 AM EST');
    expect(formatMailInstant(summer, 'en', 'America/New_York')).toBe('Wed, Jul 1, 2026, 12:30 PM EDT');
    expect(formatMailInstant(summer, 'en', 'America/Los_Angeles', { withDay: false })).toBe('9:30 AM PDT');
    expect(formatMailTimeRange(start, end, 'en', 'Europe/Berlin')).toBe(
      'Tue, Dec 1, 2026, 10:00 AM–10:50 AM Berlin time',
    );
    expect(formatMailTimeRange(start, end, 'en', null)).toBe('Tue, Dec 1, 2026, 9:00 AM–9:50 AM UTC');
  });

  it('German: 24-hour, MEZ/MESZ for Berlin, the city where German has no short name; never GMT-5', () => {
    expect(formatMailTimeRange(start, end, 'de', 'Europe/Berlin')).toBe('Di., 1. Dez. 2026, 10:00–10:50 MEZ');
    expect(formatMailInstant(summer, 'de', 'Europe/Berlin')).toBe('Mi., 1. Juli 2026, 18:30 MESZ');
    expect(formatMailTimeRange(start, end, 'de', 'America/New_York')).toBe(
      'Di., 1. Dez. 2026, 04:00–04:50 Ortszeit New York',
    );
    expect(mailZoneName(start, 'de', 'Nowhere/Town')).toBe('UTC');
  });
});
