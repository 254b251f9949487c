/**
 * A small RFC 5545 (iCalendar) writer for the booking mails' .ics (issue 15) and the calendar feed (issue 19). The `ics`
 * npm package (3.12) would do too; for bookings' events a dependency was not worth it. A mail carries one VEVENT in a
 * VCALENDAR with an iTIP METHOD (RFC 5546): REQUEST invites the booking's parties (or moves the event), CANCEL removes
 * it, PUBLISH is an information copy (a share to someone outside the booking); the feed carries every active booking
 * as a published calendar (METHOD:PUBLISH). Each method carries what RFC 5546 §3.2 asks of it (decision 0065): always
 * an ORGANIZER (the platform's address, on behalf of the provider), ATTENDEEs in REQUEST (one at least) and CANCEL,
 * none in PUBLISH. Events are written with `eventLines`: TEXT escaping (§3.3.11), quoted parameter values (§3.2) and
 * line folding at 75 octets without splitting a UTF-8 character (§3.1). Times are UTC instants (FORM #2), so no
 * VTIMEZONE is needed and a session keeps its instant across daylight-saving changes in every calendar's own zone.
 */

export type IcsMethod = 'REQUEST' | 'CANCEL' | 'PUBLISH';

export interface IcsPerson {
  name: string | null;
  email: string;
}

/** A party invited to the session: the provider leads it (CHAIR), the client takes part (REQ-PARTICIPANT). */
export interface IcsAttendee extends IcsPerson {
  role: 'CHAIR' | 'REQ-PARTICIPANT';
}

export interface IcsEvent {
  /** The booking id for the parties' invitations (the same UID for every mail about the booking, so calendars update
   * or remove one event); a share's own id for an information copy. */
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
  /** REQUEST: one at least; CANCEL: any; PUBLISH: none (RFC 5546 §3.2.1 allows no ATTENDEE in a PUBLISH). */
  attendees: IcsAttendee[];
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

/**
 * The ATTENDEE line (RFC 5546 §3.2.2, §3.2.5): in a REQUEST the party has agreed to the session already (the booking is
 * confirmed, so PARTSTAT=ACCEPTED) and no reply is asked (RSVP=FALSE: the app, not a calendar's answer, changes or
 * cancels a session); a CANCEL names the parties without a participation status.
 */
const attendeeLine = (a: IcsAttendee, method: IcsMethod) =>
  person('ATTENDEE', a, [
    'CUTYPE=INDIVIDUAL',
    `ROLE=${a.role}`,
    ...(method === 'REQUEST' ? ['PARTSTAT=ACCEPTED', 'RSVP=FALSE'] : []),
  ]);

/** An event's VEVENT lines (unfolded), the same in a mail and in the feed. */
type EventInput = Omit<IcsEvent, 'attendees'> & {
  attendees: IcsAttendee[];
  status: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
  url?: string | undefined;
};

function eventLines(event: EventInput): string[] {
  if (event.endsAt.getTime() <= event.startsAt.getTime())
    throw new RangeError('buildIcs: the event must end after it starts');
  if (!Number.isInteger(event.sequence) || event.sequence < 0)
    throw new RangeError('buildIcs: sequence must be a whole number >= 0');
  if (event.method === 'PUBLISH' && event.attendees.length > 0)
    throw new RangeError('buildIcs: a PUBLISH names no attendees');
  if (event.method === 'REQUEST' && event.attendees.length === 0)
    throw new RangeError('buildIcs: a REQUEST invites one attendee at least');
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
    person('ORGANIZER', event.organizer),
    ...event.attendees.map((a) => attendeeLine(a, event.method)),
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

/** A feed's event: an ORGANIZER (RFC 5546 asks one of a PUBLISH), no attendees; TENTATIVE while it awaits an answer. */
export interface IcsFeedEvent extends Omit<IcsEvent, 'method' | 'attendees'> {
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
    events.flatMap((e) =>
      eventLines({ ...e, method: 'PUBLISH', attendees: [], status: e.tentative ? 'TENTATIVE' : 'CONFIRMED' }),
    ),
  );
}

/**
 * The ORGANIZER of the platform's events (decision 0065): the platform's own address (the From of its mails, MAIL_FROM)
 * on behalf of the provider, whose name it carries; the From's display name when the provider's account is gone.
 */
export function organizerOnBehalf(mailFrom: string, providerName: string | null): IcsPerson {
  const match = /^\s*"?([^"<]*?)"?\s*<([^<>]+)>\s*$/.exec(mailFrom);
  const email = (match ? match[2]! : mailFrom).trim();
  const fromName = match?.[1]?.trim() || null;
  return { name: providerName ?? fromName, email };
}
