import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '@therapy/contracts/messages';
import { bookingWorld, insertBooking, moveClock, slotAt, type World } from '../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { addressOf, expectValidIcs } from '../../../test/ical-validator.ts';

/**
 * The calendar feed (issue 19): a private address per user, read by a real iCalendar parser (ical.js); events keep
 * their UID and take a higher SEQUENCE when a booking moves, a cancelled one leaves, times are right on both sides of
 * the change to summer time; a reset kills the old address; forged, malformed and reset tokens are not found.
 */
let t: TestApp;
let w: World;
const NOW = '2026-03-23T07:00:00Z';
// London: GMT until Sunday 29 March 2026, then BST. Both sessions are at 10:00 London time.
const BEFORE_DST = '2026-03-26T10:00:00Z';
const AFTER_DST = '2026-03-31T09:00:00Z';

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(NOW);
  w = await bookingWorld(t);
});
afterAll(async () => t.close());

const address = async (who = w.client) => {
  const res = await t.api('GET', '/calendar/feed', who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { url: string; webcalUrl: string; createdAt: string };
};
const read = (url: string) => t.request({ method: 'GET', url: new URL(url).pathname });

interface Parsed {
  uid: string;
  summary: string;
  start: Date;
  end: Date;
  location: string | null;
  sequence: number;
  status: string;
}
function parse(text: string): { name: string; events: Parsed[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent').map((v) => {
    const event = new ICAL.Event(v);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toJSDate(),
      end: event.endDate.toJSDate(),
      location: event.location ?? null,
      sequence: Number(v.getFirstPropertyValue('sequence')),
      status: String(v.getFirstPropertyValue('status')),
    };
  });
  return { name: String(calendar.getFirstPropertyValue('x-wr-calname')), events };
}
const londonTime = (d: Date) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit' }).format(d);

describe('the address', () => {
  it('is made on first ask, the same afterwards, a 56-character token; the database keeps only its hash', async () => {
    const first = await address();
    expect(first.url).toMatch(/^http:\/\/localhost:\d+\/api\/v1\/calendar\/feed\/[A-Za-z0-9_-]{56}\.ics$/);
    expect(first.webcalUrl).toBe(first.url.replace(/^http:/, 'webcal:'));
    expect((await address()).url).toBe(first.url);
    const token = first.url.split('/').pop()!.replace('.ics', '');
    const rows = await t.db.$client.query<Record<string, unknown>>('SELECT * FROM calendar_feeds');
    expect(JSON.stringify(rows.rows)).not.toContain(token);
    expect(rows.rows).toHaveLength(1);
  });

  it('is for clients and providers: an operator is refused (403), nobody signed in is 401', async () => {
    expect((await t.api('GET', '/calendar/feed', await t.signUpOperator())).statusCode).toBe(403);
    expect((await t.api('GET', '/calendar/feed', undefined)).statusCode).toBe(401);
    expect((await t.api('POST', '/calendar/feed/reset', undefined)).statusCode).toBe(401);
  });
});

describe('the feed', () => {
  let moving: string;
  let cancelling: string;
  let afterDst: string;

  it('lists the active bookings as events a real parser reads: UID, the other party, the link, right across DST', async () => {
    moving = (await insertBooking(w, { status: 'confirmed', start: BEFORE_DST })).bookingId;
    afterDst = (await insertBooking(w, { status: 'pending', start: AFTER_DST })).bookingId;
    cancelling = (await insertBooking(w, { status: 'confirmed', start: '2026-04-02T10:00:00Z' })).bookingId;
    await insertBooking(w, { status: 'cancelled', start: '2026-04-03T10:00:00Z' });
    await insertBooking(w, { status: 'confirmed', start: '2026-01-05T10:00:00Z' }); // ended more than 30 days ago
    // Rows made straight in the database carry the database's time; the app stamps its changes with the (test) clock.
    await t.db.$client.query('UPDATE bookings SET updated_at = $1', [new Date(NOW)]);

    const res = await read((await address()).url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    const { name, events } = parse(res.body);
    expect(name).toBe('Therapy sessions');
    expect(events.map((e) => e.uid)).toEqual([moving, afterDst, cancelling]);
    const [first, second] = events;
    expect(first!.summary).toMatch(/: Theo Provider$/);
    expect(first!.status).toBe('CONFIRMED');
    expect(second!.status).toBe('TENTATIVE');
    // 10:00 in London on both sides of the change to summer time, one hour long.
    expect(londonTime(first!.start)).toBe('10:00');
    expect(londonTime(second!.start)).toBe('10:00');
    expect(first!.end.getTime() - first!.start.getTime()).toBe(3_600_000);
    expect(res.body).toContain(`/appointments/${moving}`);
    // Issue 49: python-icalendar, vobject and libical's iTIP rules accept it; each PUBLISH event has an ORGANIZER (the
    // platform's address, named for the provider) and no attendee.
    const { feed } = expectValidIcs({ feed: res.body });
    expect(feed.method).toBe('PUBLISH');
    const from = (/<([^>]+)>/.exec(t.config.mailFrom)?.[1] ?? t.config.mailFrom).toLowerCase();
    for (const e of feed.events) {
      expect(addressOf(e.organizer)).toBe(from);
      expect(e.organizer!.params.CN).toBe('Theo Provider');
      expect(e.attendees).toEqual([]);
    }

    // The provider's own feed names the client.
    const theirs = parse((await read((await address(w.provider)).url)).body).events;
    expect(theirs.map((e) => e.uid)).toEqual([moving, afterDst, cancelling]);
    expect(theirs[0]!.summary).toMatch(/: Ada Client$/);
  });

  it('a reschedule keeps the UID with a higher SEQUENCE; a cancelled booking leaves the feed', async () => {
    const url = (await address()).url;
    const before = parse((await read(url)).body).events.find((e) => e.uid === moving)!;
    await moveClock(w, '2026-03-23T08:00:00Z');
    const moved = await t.api('POST', `/booking/${moving}/reschedule`, w.client, {
      timeslotIdentifier: await slotAt(t, w.provider.userId, '2026-03-27T14:00:00Z'),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const cancelled = await t.api('POST', `/booking/${cancelling}/cancel`, w.client, { note: 'Travelling' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const events = parse((await read(url)).body).events;
    const after = events.find((e) => e.uid === moving)!;
    expect(after.start.toISOString()).toBe('2026-03-27T14:00:00.000Z');
    expect(after.sequence).toBeGreaterThan(before.sequence);
    expect(events.map((e) => e.uid)).not.toContain(cancelling);
  });

  it('a reset kills the old address at once; forged, malformed and made-up tokens are not found', async () => {
    const old = (await address()).url;
    const reset = await t.api('POST', '/calendar/feed/reset', w.client);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().message).toBe(en.calendarFeedReset);
    const fresh = reset.json().data.url as string;
    expect(fresh).not.toBe(old);
    expect((await address()).url).toBe(fresh);
    expect((await read(old)).statusCode).toBe(404);
    expect((await read(fresh)).statusCode).toBe(200);

    const token = fresh.split('/').pop()!.replace('.ics', '');
    const flipped = `${token.slice(0, 30)}${token[30] === 'A' ? 'B' : 'A'}${token.slice(31)}`;
    for (const bad of [flipped, token.slice(0, 55), `${token}x`, 'not-a-token', `${token.slice(0, 55)}!`]) {
      const res = await t.request({ method: 'GET', url: `/api/v1/calendar/feed/${encodeURIComponent(bad)}.ics` });
      expect(res.statusCode, bad).toBe(404);
    }
    // The provider's address is untouched by the client's reset.
    expect((await read((await address(w.provider)).url)).statusCode).toBe(200);
  });
});
