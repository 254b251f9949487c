/**
 * A small RFC 5545 (iCalendar) writer for the booking mails' .ics attachment (issue 15) and the calendar feed
 * (issue 19). The `ics` npm package (3.12) would do too; for bookings' events a dependency was not worth it. A mail
 * carries one VEVENT in a VCALENDAR with an iTIP METHOD (RFC 5546: REQUEST to add or update the event, CANCEL to
 * remove it); the feed carries every active booking as a published calendar (METHOD:PUBLISH). Both write their events
 * with `eventLines`: TEXT escaping (§3.3.11), quoted parameter values (§3.2) and line folding at 75 octets without
 * splitting a UTF-8 character (§3.1). Times are UTC instants (FORM #2), so no VTIMEZONE is needed and a session keeps
 * its instant across daylight-saving changes in every calendar's own zone.
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

/**
 * SEQUENCE from a moment of change: seconds since 2026-01-01, so every later change of a booking (a reschedule, a
 * cancel) carries a higher number than the ones before, in mails and in the feed alike.
 */
export const icsSequence = (at: Date): number => Math.max(0, Math.floor((at.getTime() - Date.UTC(2026, 0, 1)) / 1000));

/** UTC date-time form 19980119T070000Z (RFC 5545 §3.3.5, FORM #2). */
export function icsDateTime(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('icsDateTime: invalid date');
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
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

/** An event's VEVENT lines (unfolded), the same in a mail and in the feed. */
type EventInput = Omit<IcsEvent, 'method' | 'organizer' | 'attendees'> & {
  organizer?: IcsPerson | undefined;
  attendees?: IcsPerson[] | undefined;
  status: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
  url?: string | undefined;
};

function eventLines(event: EventInput): string[] {
  if (event.endsAt.getTime() <= event.startsAt.getTime())
    throw new RangeError('buildIcs: the event must end after it starts');
  if (!Number.isInteger(event.sequence) || event.sequence < 0)
    throw new RangeError('buildIcs: sequence must be a whole number >= 0');
  return [
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${icsDateTime(event.stampedAt)}`,
    `DTSTART:${icsDateTime(event.startsAt)}`,
    `DTEND:${icsDateTime(event.endsAt)}`,
    `SEQUENCE:${event.sequence}`,
    `STATUS:${event.status}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    ...(event.organizer ? [person('ORGANIZER', event.organizer)] : []),
    ...(event.attendees ?? []).map((a) =>
      person('ATTENDEE', a, ['ROLE=REQ-PARTICIPANT', ...(event.status === 'CANCELLED' ? [] : ['PARTSTAT=ACCEPTED'])]),
    ),
    'END:VEVENT',
  ];
}

const calendar = (head: string[], body: string[]) =>
  `${['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${PRODID}`, 'CALSCALE:GREGORIAN', ...head, ...body, 'END:VCALENDAR'].map(foldLine).join('\r\n')}\r\n`;

/** The .ics text (CRLF line ends) for one booking event. */
export function buildIcs(event: IcsEvent): string {
  return calendar(
    [`METHOD:${event.method}`],
    eventLines({ ...event, status: event.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED' }),
  );
}

/** A feed's event: no organizer or attendees (the feed names no addresses); TENTATIVE while it awaits an answer. */
export interface IcsFeedEvent extends Omit<IcsEvent, 'method' | 'organizer' | 'attendees'> {
  tentative: boolean;
  /** The booking's page, for calendar apps that show a link. */
  url?: string;
}

/**
 * A subscription calendar (the calendar feed): every event with its stable UID, so a calendar app that reads the feed
 * again updates events in place and drops the ones that are gone. `name` is the calendar's name in the app
 * (X-WR-CALNAME, which the big calendar apps read), `refreshMinutes` how often it should read again.
 */
export function buildIcsFeed(name: string, events: IcsFeedEvent[], refreshMinutes = 30): string {
  const head = [
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(name)}`,
    `REFRESH-INTERVAL;VALUE=DURATION:PT${refreshMinutes}M`,
    `X-PUBLISHED-TTL:PT${refreshMinutes}M`,
  ];
  return calendar(
    head,
    events.flatMap((e) => eventLines({ ...e, status: e.tentative ? 'TENTATIVE' : 'CONFIRMED' })),
  );
}

/** The MIME content type for the attachment, carrying the method as RFC 5546 §6 asks. */
export function icsContentType(method: IcsMethod): string {
  return `text/calendar; charset=utf-8; method=${method}`;
}
