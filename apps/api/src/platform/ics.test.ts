import { describe, expect, it } from 'vitest';
import {
  buildIcs,
  buildIcsFeed,
  escapeText,
  foldLine,
  icsDateTime,
  icsSequence,
  organizerOnBehalf,
  type IcsEvent,
} from './ics.ts';
import { addressOf, expectValidIcs, validateIcs } from '../../test/ical-validator.ts';

const base: IcsEvent = {
  uid: 'bk_01HZX4',
  method: 'REQUEST',
  sequence: 0,
  startsAt: new Date('2026-12-01T09:00:00.000Z'),
  endsAt: new Date('2026-12-01T09:50:00.000Z'),
  stampedAt: new Date('2026-11-23T22:30:15.123Z'),
  summary: 'Therapy session: CBT',
  location: 'https://meet.example.com/abc',
  organizer: { name: 'Dr. Anna Weber', email: 'no-reply@therapy.example' },
  attendees: [
    { name: 'Max Muster', email: 'max@example.com', role: 'REQ-PARTICIPANT' },
    { name: 'Dr. Anna Weber', email: 'anna@example.com', role: 'CHAIR' },
  ],
};

/** Unfolds (§3.1) and splits into content lines. */
const contentLines = (ics: string) =>
  ics
    .replace(/\r\n /g, '')
    .split('\r\n')
    .filter((l) => l !== '');

describe('ics writer (RFC 5545)', () => {
  it('writes one VEVENT with UID = booking id, UTC DTSTART/DTEND, SUMMARY, LOCATION and METHOD:REQUEST', () => {
    const ics = buildIcs(base);
    const lines = contentLines(ics);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines).toContain('METHOD:REQUEST');
    expect(lines).toContain('UID:bk_01HZX4');
    expect(lines).toContain('DTSTART:20261201T090000Z');
    expect(lines).toContain('DTEND:20261201T095000Z');
    expect(lines).toContain('DTSTAMP:20261123T223015Z');
    expect(lines).toContain('SEQUENCE:0');
    expect(lines).toContain('STATUS:CONFIRMED');
    expect(lines).toContain('SUMMARY:Therapy session: CBT');
    expect(lines).toContain('LOCATION:https://meet.example.com/abc');
    expect(lines).toContain('ORGANIZER;CN=Dr. Anna Weber:mailto:no-reply@therapy.example');
    expect(lines).toContain(
      'ATTENDEE;CN=Max Muster;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:max@example.com',
    );
    expect(lines).toContain(
      'ATTENDEE;CN=Dr. Anna Weber;CUTYPE=INDIVIDUAL;ROLE=CHAIR;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:anna@example.com',
    );
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    // every line ends with CRLF, none with a bare LF
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('a cancel keeps the UID, says METHOD:CANCEL and STATUS:CANCELLED with the higher SEQUENCE', () => {
    const lines = contentLines(buildIcs({ ...base, method: 'CANCEL', sequence: 1 }));
    expect(lines).toContain('METHOD:CANCEL');
    expect(lines).toContain('UID:bk_01HZX4');
    expect(lines).toContain('SEQUENCE:1');
    expect(lines).toContain('STATUS:CANCELLED');
    expect(lines.some((l) => l.includes('PARTSTAT='))).toBe(false);
  });

  it('leaves LOCATION out when there is none, and writes a DESCRIPTION when given', () => {
    const lines = contentLines(buildIcs({ ...base, location: null, description: 'Line one\nLine two' }));
    expect(lines.some((l) => l.startsWith('LOCATION'))).toBe(false);
    expect(lines).toContain('DESCRIPTION:Line one\\nLine two');
  });

  it('escapes TEXT values: backslash, semicolon, comma and newlines', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
    const lines = contentLines(buildIcs({ ...base, location: 'Hauptstr. 1, 10115 Berlin; 2nd floor' }));
    expect(lines).toContain('LOCATION:Hauptstr. 1\\, 10115 Berlin\\; 2nd floor');
  });

  it('quotes a name with : ; or , in CN and drops double quotes and control characters from it', () => {
    const lines = contentLines(
      buildIcs({ ...base, organizer: { name: 'Weber, "Anna"\nDr.', email: 'no-reply@therapy.example' } }),
    );
    expect(lines).toContain('ORGANIZER;CN="Weber,  Anna  Dr.":mailto:no-reply@therapy.example');
    const noName = contentLines(
      buildIcs({ ...base, attendees: [{ name: null, email: 'x@example.com', role: 'REQ-PARTICIPANT' }] }),
    );
    expect(noName).toContain(
      'ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:x@example.com',
    );
  });

  it('folds lines longer than 75 octets, never splitting a UTF-8 character, and unfolds to the original', () => {
    const long = `SUMMARY:${'Gesprächstherapie – Übung '.repeat(8)}`;
    const folded = foldLine(long);
    const physical = folded.split('\r\n');
    expect(physical.length).toBeGreaterThan(1);
    for (const [i, line] of physical.entries()) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
      if (i > 0) expect(line.startsWith(' ')).toBe(true);
      // a split inside a multi-byte character would leave a replacement character after decoding
      expect(Buffer.from(line, 'utf8').toString('utf8')).toBe(line);
    }
    expect(folded.replace(/\r\n /g, '')).toBe(long);
    expect(foldLine('SHORT:x')).toBe('SHORT:x');
    const exactly75 = `X:${'a'.repeat(73)}`;
    expect(foldLine(exactly75)).toBe(exactly75);
    expect(foldLine(`${exactly75}b`)).toBe(`${exactly75}\r\n b`);
  });

  it('refuses an event that does not end after it starts, a negative sequence and an invalid date', () => {
    expect(() => buildIcs({ ...base, endsAt: base.startsAt })).toThrow(RangeError);
    expect(() => buildIcs({ ...base, sequence: -1 })).toThrow(RangeError);
    expect(() => icsDateTime(new Date('nope'))).toThrow(RangeError);
  });

  it('refuses a REQUEST without attendees and a PUBLISH with any (RFC 5546 §3.2)', () => {
    expect(() => buildIcs({ ...base, attendees: [] })).toThrow(RangeError);
    expect(() => buildIcs({ ...base, method: 'PUBLISH' })).toThrow(RangeError);
    expect(contentLines(buildIcs({ ...base, method: 'PUBLISH', attendees: [] }))).toContain('METHOD:PUBLISH');
  });

  it('the organizer is the From address, named for the provider, else for the From', () => {
    expect(organizerOnBehalf('Therapy Platform <no-reply@therapy.example>', 'Anna Weber')).toEqual({
      name: 'Anna Weber',
      email: 'no-reply@therapy.example',
    });
    expect(organizerOnBehalf('"Therapy, Platform" <no-reply@therapy.example>', null)).toEqual({
      name: 'Therapy, Platform',
      email: 'no-reply@therapy.example',
    });
    expect(organizerOnBehalf('no-reply@therapy.example', null)).toEqual({
      name: null,
      email: 'no-reply@therapy.example',
    });
  });

  it('writes a feed: METHOD:PUBLISH, its name and refresh, every event with its UID and ORGANIZER, TENTATIVE while unanswered, no attendees', () => {
    const { attendees: _a, method: _m, ...event } = base;
    const lines = contentLines(
      buildIcsFeed('Therapiesitzungen, privat', [
        { ...event, tentative: false, url: 'https://app.example.com/appointments/bk_01HZX4' },
        { ...event, uid: 'bk_2', tentative: true },
      ]),
    );
    expect(lines).toContain('METHOD:PUBLISH');
    expect(lines).toContain('X-WR-CALNAME:Therapiesitzungen\\, privat');
    expect(lines).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT30M');
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(2);
    expect(lines).toContain('UID:bk_2');
    expect(lines).toContain('STATUS:CONFIRMED');
    expect(lines).toContain('STATUS:TENTATIVE');
    expect(lines).toContain('URL:https://app.example.com/appointments/bk_01HZX4');
    expect(lines.filter((l) => l === 'ORGANIZER;CN=Dr. Anna Weber:mailto:no-reply@therapy.example')).toHaveLength(2);
    expect(lines.some((l) => l.startsWith('ATTENDEE'))).toBe(false);
  });

  it('SEQUENCE grows with the time of the change', () => {
    expect(icsSequence(new Date('2026-03-23T08:00:01Z'))).toBeGreaterThan(
      icsSequence(new Date('2026-03-23T08:00:00Z')),
    );
    expect(icsSequence(new Date('2025-06-01T00:00:00Z'))).toBe(0);
  });

  it('every kind of file passes python-icalendar, vobject and libical (with its iTIP rules), values read back unchanged', () => {
    const tricky = {
      summary: 'Gesprächstherapie; Übung, Teil 2 \\ mit "Zitat" – '.repeat(3),
      location: 'Hauptstr. 1, 10115 Berlin; 2. Stock',
      description: 'Erste Zeile\nZweite Zeile, mit Komma; und Semikolon',
    };
    const { attendees: _a, method: _m, ...event } = base;
    const read = expectValidIcs({
      request: buildIcs({ ...base, ...tricky }),
      cancel: buildIcs({ ...base, method: 'CANCEL', sequence: 5 }),
      publish: buildIcs({ ...base, method: 'PUBLISH', uid: 'share-1', attendees: [] }),
      feed: buildIcsFeed('Sitzungen, privat', [
        { ...event, ...tricky, tentative: true, url: 'https://app.example.com/appointments/bk_01HZX4' },
        { ...event, uid: 'bk_2', tentative: false },
      ]),
    });
    expect(read.request.method).toBe('REQUEST');
    const [request] = read.request.events;
    expect(request).toMatchObject({ uid: 'bk_01HZX4', ...tricky, status: 'CONFIRMED', sequence: 0 });
    expect(request!.start).toBe('2026-12-01T09:00:00+00:00');
    expect(addressOf(request!.organizer)).toBe('no-reply@therapy.example');
    expect(request!.attendees.map((a) => [addressOf(a), a.params.ROLE, a.params.PARTSTAT, a.params.RSVP])).toEqual([
      ['max@example.com', 'REQ-PARTICIPANT', 'ACCEPTED', 'FALSE'],
      ['anna@example.com', 'CHAIR', 'ACCEPTED', 'FALSE'],
    ]);
    expect(read.cancel.method).toBe('CANCEL');
    expect(read.cancel.events[0]).toMatchObject({ uid: 'bk_01HZX4', status: 'CANCELLED', sequence: 5 });
    expect(read.publish.method).toBe('PUBLISH');
    expect(read.publish.events[0]!.attendees).toEqual([]);
    expect(read.feed.method).toBe('PUBLISH');
    expect(read.feed.events.map((e) => [e.uid, e.status, addressOf(e.organizer)])).toEqual([
      ['bk_01HZX4', 'TENTATIVE', 'no-reply@therapy.example'],
      ['bk_2', 'CONFIRMED', 'no-reply@therapy.example'],
    ]);
    expect(read.feed.events[0]).toMatchObject(tricky);
  });

  it('the validators do fail: a PUBLISH with an attendee, a REQUEST without one, a bare LF and an unfolded line', () => {
    const good = buildIcs(base);
    const results = [
      good.replace('METHOD:REQUEST', 'METHOD:PUBLISH'),
      good.replace(/ATTENDEE[^\r]*\r\n(?: [^\r]*\r\n)*/g, ''),
      good.replace('SEQUENCE:0\r\n', 'SEQUENCE:0\n'),
      good.replace(/\r\n /g, ''),
    ].map((text, i) => expectFailing(`broken ${i}`, text));
    expect(results[0]!.some((e) => e.includes('ATTENDEE'))).toBe(true);
    expect(results[1]!.some((e) => e.includes('ATTENDEE'))).toBe(true);
    expect(results[2]!.some((e) => e.startsWith('raw: line'))).toBe(true);
    expect(results[3]!.some((e) => e.includes('more than 75'))).toBe(true);
    // The feed as it was before issue 49: a PUBLISH without ORGANIZER fails libical's iTIP rules.
    const { attendees: _a, method: _m, ...event } = base;
    const feed = buildIcsFeed('Sitzungen', [{ ...event, tentative: false }]).replace(/ORGANIZER[^\r]*\r\n/, '');
    expect(expectFailing('feed without organizer', feed).some((e) => e.includes('ORGANIZER'))).toBe(true);
  });
});

function expectFailing(name: string, text: string): string[] {
  const { errors } = validateIcs({ [name]: text })[name]!;
  expect(errors.length, name).toBeGreaterThan(0);
  return errors;
}
