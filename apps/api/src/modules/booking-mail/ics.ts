/**
 * A small RFC 5545 (iCalendar) writer for the booking mails' .ics attachment (issue 15). The `ics` npm package (3.12)
 * would do too; for the one event a booking needs a dependency was not worth it. This writes one VEVENT in a VCALENDAR
 * with an iTIP METHOD (RFC 5546: REQUEST to add or update the event, CANCEL to remove it), TEXT escaping (§3.3.11),
 * quoted parameter values (§3.2) and line folding at 75 octets without splitting a UTF-8 character (§3.1).
 */

export type IcsMethod = 'REQUEST' | 'CANCEL';

export interface IcsPerson {
  name: string | null;
  email: string;
}

export interface IcsEvent {
  /** The booking id: the same UID for every mail about the booking, so calendars update or remove one event. */
  uid: string;
  method: IcsMethod;
  /** Raised on every change of time or status (a reschedule, a cancel), so calendars take the newest. */
  sequence: number;
  startsAt: Date;
  endsAt: Date;
  /** When this calendar object was made (DTSTAMP). */
  stampedAt: Date;
  summary: string;
  description?: string;
  /** The meeting link or the address. */
  location?: string | null;
  organizer: IcsPerson;
  attendees: IcsPerson[];
}

const PRODID = '-//Therapy Booking//Bookings//EN';
const MAX_OCTETS = 75;

/** UTC date-time form 19980119T070000Z (RFC 5545 §3.3.5, FORM #2). */
export function icsDateTime(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('icsDateTime: invalid date');
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');
}

/** TEXT value escaping (§3.3.11): backslash, semicolon, comma and line breaks. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** A parameter value (§3.2): control characters and DQUOTE are not allowed; quoted when it holds : ; or ,. */
function paramValue(value: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = value.replace(/[\u0000-\u001f\u007f"]/g, ' ').trim();
  return /[:;,]/.test(clean) ? `"${clean}"` : clean;
}

/** Folds a content line to lines of at most 75 octets, continuation lines starting with one space (§3.1). */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = MAX_OCTETS;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = MAX_OCTETS - 1; // the leading space of a continuation line counts
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

function person(property: 'ORGANIZER' | 'ATTENDEE', who: IcsPerson, extra: string[] = []): string {
  const params = [...(who.name ? [`CN=${paramValue(who.name)}`] : []), ...extra];
  return `${property}${params.map((p) => `;${p}`).join('')}:mailto:${who.email}`;
}

/** The .ics text (CRLF line ends) for one booking event. */
export function buildIcs(event: IcsEvent): string {
  if (event.endsAt.getTime() <= event.startsAt.getTime()) throw new RangeError('buildIcs: the event must end after it starts');
  if (!Number.isInteger(event.sequence) || event.sequence < 0) throw new RangeError('buildIcs: sequence must be a whole number >= 0');
  const cancelled = event.method === 'CANCEL';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODID}`,
    'CALSCALE:GREGORIAN',
    `METHOD:${event.method}`,
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${icsDateTime(event.stampedAt)}`,
    `DTSTART:${icsDateTime(event.startsAt)}`,
    `DTEND:${icsDateTime(event.endsAt)}`,
    `SEQUENCE:${event.sequence}`,
    `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    person('ORGANIZER', event.organizer),
    ...event.attendees.map((a) =>
      person('ATTENDEE', a, ['ROLE=REQ-PARTICIPANT', ...(cancelled ? [] : ['PARTSTAT=ACCEPTED'])]),
    ),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** The MIME content type for the attachment, carrying the method as RFC 5546 §6 asks. */
export function icsContentType(method: IcsMethod): string {
  return `text/calendar; charset=utf-8; method=${method}`;
}
