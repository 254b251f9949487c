import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingWorld, insertBooking, moveClock, slotAt, type World } from '../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { addressOf, expectValidIcs, type ReadCalendar } from '../../../test/ical-validator.ts';

/**
 * Issue 49, invites that calendars accept, read off the wire: the mails go over real SMTP (test/smtp-sink.ts), the MIME
 * is read with mailparser and as raw text, and every .ics goes through python-icalendar, vobject and libical with its
 * iTIP rules (test/ical-validator.ts). A reschedule sends both parties a REQUEST, a cancel a CANCEL with the same UID
 * and a higher SEQUENCE, a share an information copy (PUBLISH, its own UID, the recipient neither organizer nor
 * attendee). Each .ics is a `text/calendar; method=…` alternative of the body and an attachment.
 */
let t: TestApp;
let w: World;
const NOW = '2026-03-23T07:00:00Z';

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(NOW);
  w = await bookingWorld(t);
});
afterAll(async () => t?.close());

interface CalendarMail {
  subject: string;
  /** The .ics of the text/calendar alternative and of the attachment (they must be the same). */
  ics: string;
  raw: string;
}

/** The newest mail to `to` whose subject starts so, with its calendar parts checked. */
async function calendarMail(to: string, subjectStart: string, method: string): Promise<CalendarMail> {
  await t.mailSettled();
  const mine = t.mail.mails.filter((m) => m.to.includes(to.toLowerCase()));
  const parsed = await Promise.all(
    mine.map(async (m) => ({ raw: m.raw.toString('latin1'), mail: await simpleParser(m.raw) })),
  );
  const found = parsed.reverse().find((p) => p.mail.subject?.startsWith(subjectStart));
  if (!found) throw new Error(`no mail "${subjectStart}…" to ${to}: ${parsed.map((p) => p.mail.subject).join(' | ')}`);
  const { raw, mail } = found;
  // The raw MIME: the calendar is one alternative of the body (next to the text), and an attachment besides.
  const unfolded = raw.replace(/\r\n[ \t]+/g, ' ');
  const alternative = /Content-Type: multipart\/alternative;\s*boundary="?([^"\r\n;]+)"?/i.exec(unfolded);
  expect(alternative, 'a multipart/alternative body').not.toBeNull();
  const boundary = alternative![1]!;
  const parts = unfolded.split(`--${boundary}`).slice(1, -1);
  const heads = parts.map((p) => p.slice(0, p.indexOf('\r\n\r\n')).trim());
  expect(heads.some((h) => /^Content-Type: text\/plain/im.test(h))).toBe(true);
  const calendarHead = heads.find((h) => /^Content-Type: text\/calendar/im.test(h));
  expect(calendarHead, 'a text/calendar alternative').toBeDefined();
  expect(calendarHead).toMatch(new RegExp(`^Content-Type: text/calendar; charset=utf-8; method=${method}$`, 'im'));
  expect(calendarHead).not.toMatch(/Content-Disposition/i);
  // mailparser: the alternative and the attachment (application/ics, a file name) carry the same calendar.
  const ofType = (type: string) => mail.attachments.filter((a) => a.contentType === type);
  const [inline] = ofType('text/calendar');
  const [file] = ofType('application/ics');
  expect(ofType('text/calendar')).toHaveLength(1);
  expect(ofType('application/ics')).toHaveLength(1);
  expect(file!.contentDisposition).toBe('attachment');
  expect(file!.filename).toBe('session.ics');
  const ics = inline!.content.toString('utf8');
  expect(file!.content.toString('utf8')).toBe(ics);
  expect(mail.text).toBeTruthy();
  return { subject: mail.subject!, ics, raw };
}

const only = (cal: ReadCalendar) => {
  expect(cal.events).toHaveLength(1);
  return cal.events[0]!;
};

describe('calendar invitations over SMTP', () => {
  let bookingId: string;
  let requestSequence: number;

  it('a reschedule sends client and provider a REQUEST: the platform organizes for the provider, both are attendees', async () => {
    bookingId = (await insertBooking(w, { status: 'confirmed', start: '2026-03-26T10:00:00Z' })).bookingId;
    await moveClock(w, '2026-03-23T08:00:00Z');
    const moved = await t.api('POST', `/booking/${bookingId}/reschedule`, w.client, {
      timeslotIdentifier: await slotAt(t, w.provider.userId, '2026-03-27T14:00:00Z'),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const client = await calendarMail(w.client.email, 'Session moved', 'REQUEST');
    const provider = await calendarMail(w.provider.email, 'Session moved', 'REQUEST');
    const read = expectValidIcs({ client: client.ics, provider: provider.ics });
    const from = /<([^>]+)>/.exec(t.config.mailFrom)?.[1] ?? t.config.mailFrom;
    for (const [who, cal] of Object.entries(read)) {
      expect(cal.method, who).toBe('REQUEST');
      const e = only(cal);
      expect(e.uid).toBe(bookingId);
      expect(e.status).toBe('CONFIRMED');
      expect(e.start).toBe('2026-03-27T14:00:00+00:00');
      expect(addressOf(e.organizer)).toBe(from.toLowerCase());
      expect(e.organizer!.params.CN).toBe('Theo Provider');
      expect(e.attendees.map((a) => [addressOf(a), a.params.ROLE, a.params.PARTSTAT, a.params.RSVP])).toEqual([
        [w.client.email.toLowerCase(), 'REQ-PARTICIPANT', 'ACCEPTED', 'FALSE'],
        [w.provider.email.toLowerCase(), 'CHAIR', 'ACCEPTED', 'FALSE'],
      ]);
    }
    requestSequence = only(read.client).sequence!;
  });

  it('a cancel sends a CANCEL: the same UID, a higher SEQUENCE, STATUS:CANCELLED, the same people', async () => {
    await moveClock(w, '2026-03-23T09:00:00Z');
    const cancelled = await t.api('POST', `/booking/${bookingId}/cancel`, w.client, { note: 'Travelling' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    for (const who of [w.client, w.provider]) {
      const mail = await calendarMail(who.email, 'Session cancelled', 'CANCEL');
      const { cal } = expectValidIcs({ cal: mail.ics });
      expect(cal.method).toBe('CANCEL');
      const e = only(cal);
      expect(e.uid).toBe(bookingId);
      expect(e.status).toBe('CANCELLED');
      expect(e.sequence).toBeGreaterThan(requestSequence);
      expect(e.attendees.map(addressOf)).toEqual([w.client.email.toLowerCase(), w.provider.email.toLowerCase()]);
    }
  });

  it('a share is an information copy: PUBLISH, its own UID (the same for the same address), no attendee, never the recipient as organizer', async () => {
    const shared = (await insertBooking(w, { status: 'confirmed', start: '2026-03-30T10:00:00Z' })).bookingId;
    const share = async (who: typeof w.client, email: string) => {
      const res = await t.api('POST', '/share-booking', who, { bookingIdentifier: shared, email });
      expect(res.statusCode, res.body).toBe(200);
      return calendarMail(email, 'Session details', 'PUBLISH');
    };
    const byClient = await share(w.client, 'friend@example.com');
    const again = await share(w.client, 'Friend@Example.com');
    const byProvider = await share(w.provider, 'colleague@example.com');
    const read = expectValidIcs({ byClient: byClient.ics, again: again.ics, byProvider: byProvider.ics });
    for (const [name, cal] of Object.entries(read)) {
      expect(cal.method, name).toBe('PUBLISH');
      const e = only(cal);
      expect(e.uid, name).not.toBe(shared);
      expect(e.uid, name).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(e.attendees, name).toEqual([]);
      expect(addressOf(e.organizer), name).not.toMatch(/friend|colleague/);
      expect(e.organizer!.params.CN).toBe('Theo Provider');
    }
    expect(only(read.again).uid).toBe(only(read.byClient).uid);
    expect(only(read.byProvider).uid).not.toBe(only(read.byClient).uid);
  });
});
