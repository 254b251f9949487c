import { describe, expect, it } from 'vitest';
import type { BookingFacts } from '../../platform/booking-facts.ts';
import type { DomainEventMap } from '../../platform/events.ts';
import type { OutgoingMail } from '../../platform/mail/outgoing-mail.ts';
import { bookingMail } from './booking-mail.ts';
import { planBookingMails } from './booking-mail-plan.ts';
import { addressOf, expectValidIcs } from '../../../test/ical-validator.ts';

const facts: BookingFacts = {
  identifier: 'bk_1',
  updatedAt: new Date('2026-06-01T10:00:00Z'),
  status: 'confirmed',
  clientId: 'u_client',
  providerId: 'u_provider',
  startsAt: new Date('2026-12-01T09:00:00Z'),
  endsAt: new Date('2026-12-01T09:50:00Z'),
  modalityCode: 'online',
  therapyCode: 'cbt',
  therapyName: 'Cognitive behavioural therapy',
  meetingLink: 'https://meet.example.com/x',
  address: null,
  priceAmount: 5000,
  currencyCode: 'EUR',
  clientName: 'Max Muster',
  providerName: 'Anna Weber',
};

const event = (over: Partial<DomainEventMap['booking.changed']>): DomainEventMap['booking.changed'] => ({
  bookingId: 'bk_1',
  clientId: 'u_client',
  providerId: 'u_provider',
  change: 'paid',
  status: 'confirmed',
  previousStatus: 'pending',
  startTime: facts.startsAt!.toISOString(),
  endTime: facts.endsAt!.toISOString(),
  ...over,
});

const users = {
  u_client: { email: 'max@example.com', locale: 'de', firstName: 'Max', timezone: 'Europe/Berlin' },
  u_provider: { email: 'anna@example.com', locale: 'en', firstName: 'Anna', timezone: null },
} as Record<string, { email: string; locale: string; firstName: string; timezone: string | null }>;

function run(e: DomainEventMap['booking.changed'], f: BookingFacts = facts, now = new Date('2026-11-20T10:00:00Z')) {
  const queued: OutgoingMail[] = [];
  const deps = {
    config: { appOrigin: 'https://app.example.com', mailFrom: 'Therapy Platform <no-reply@therapy.example>' },
    clock: { now: () => now },
    mail: { queue: async (_tx: unknown, m: OutgoingMail) => void queued.push(m), start: async () => undefined },
  } as never;
  const handler = bookingMail(deps, { findActiveUser: async (id: string) => users[id] as never }, async (id) =>
    id === f.identifier ? f : undefined,
  );
  return handler(e, {} as never).then(() => queued);
}

const seq = (ics: string) => Number(/SEQUENCE:(\d+)/.exec(ics)![1]);

describe('booking mails', () => {
  it('a paid booking mails client and provider, each in their language, with a REQUEST .ics for the booking', async () => {
    const mails = await run(event({}));
    expect(mails.map((m) => m.to).sort()).toEqual(['anna@example.com', 'max@example.com']);
    const client = mails.find((m) => m.to === 'max@example.com')!;
    const provider = mails.find((m) => m.to === 'anna@example.com')!;
    expect(client.subject).toBe('Sitzung bestätigt: Cognitive behavioural therapy');
    expect(client.text).toContain('Hallo Max');
    expect(client.text).toContain('mit Anna Weber');
    expect(client.text).toContain('https://meet.example.com/x');
    expect(provider.subject).toBe('Session confirmed: Cognitive behavioural therapy');
    expect(provider.text).toContain('with Max Muster');
    // Each in their own zone and language's clock, the zone named (UTC for an account without one), and a link to the
    // booking's own page: 12-hour in English, 24-hour in German with the zone's short name (issue 48).
    expect(provider.text).toContain('Tue, Dec 1, 2026, 9:00 AM–9:50 AM UTC');
    expect(client.text).toContain('Di., 1. Dez. 2026, 10:00–10:50 MEZ');
    for (const m of mails) expect(m.text).toContain(`https://app.example.com/appointments/${facts.identifier}`);
    for (const m of mails) {
      expect(m.attachments).toBeUndefined();
      expect(m.icalEvent).toMatchObject({ method: 'REQUEST', filename: 'session.ics' });
      const ics = m.icalEvent!.content;
      expect(ics).toContain('UID:bk_1\r\n');
      expect(ics).toContain('METHOD:REQUEST\r\n');
      expect(ics).toContain('DTSTART:20261201T090000Z\r\n');
      expect(ics).toContain('LOCATION:https://meet.example.com/x\r\n');
    }
    // RFC 5546 REQUEST: the platform organizes on behalf of the provider, both parties are attendees (neither is the
    // organizer of their own invitation), they have agreed already and no reply is asked.
    const read = expectValidIcs({ client: client.icalEvent!.content, provider: provider.icalEvent!.content });
    for (const [who, cal] of Object.entries(read)) {
      expect(cal.method, who).toBe('REQUEST');
      const [e] = cal.events;
      expect(e!.uid).toBe('bk_1');
      expect(e!.status).toBe('CONFIRMED');
      expect(addressOf(e!.organizer)).toBe('no-reply@therapy.example');
      expect(e!.organizer!.params.CN).toBe('Anna Weber');
      expect(
        e!.attendees.map((a) => [addressOf(a), a.params.CN, a.params.ROLE, a.params.PARTSTAT, a.params.RSVP]),
      ).toEqual([
        ['max@example.com', 'Max Muster', 'REQ-PARTICIPANT', 'ACCEPTED', 'FALSE'],
        ['anna@example.com', 'Anna Weber', 'CHAIR', 'ACCEPTED', 'FALSE'],
      ]);
    }
    expect(read.client.events[0]!.summary).toBe('Cognitive behavioural therapy: Anna Weber');
    expect(read.provider.events[0]!.summary).toBe('Cognitive behavioural therapy: Max Muster');
  });

  it('a cancel of a confirmed booking sends METHOD:CANCEL with the same UID and a higher SEQUENCE; a reschedule a higher one still', async () => {
    const [confirmed] = await run(event({}), facts, new Date('2026-11-20T10:00:00Z'));
    const [moved] = await run(
      event({ change: 'rescheduled', previousStatus: 'confirmed' }),
      facts,
      new Date('2026-11-21T10:00:00Z'),
    );
    const [cancelled] = await run(
      event({ change: 'cancelled', status: 'cancelled', previousStatus: 'confirmed' }),
      { ...facts, status: 'cancelled' },
      new Date('2026-11-22T10:00:00Z'),
    );
    const a = confirmed!.icalEvent!.content;
    const b = moved!.icalEvent!.content;
    const c = cancelled!.icalEvent!.content;
    expect(cancelled!.icalEvent!.method).toBe('CANCEL');
    expect(b).toContain('METHOD:REQUEST');
    expect(c).toContain('METHOD:CANCEL');
    expect(c).toContain('STATUS:CANCELLED');
    expect(c).toContain('UID:bk_1\r\n');
    expect(seq(b)).toBeGreaterThan(seq(a));
    expect(seq(c)).toBeGreaterThan(seq(b));
    const read = expectValidIcs({ confirmed: a, rescheduled: b, cancelled: c });
    expect(read.rescheduled.events[0]).toMatchObject({ uid: 'bk_1', status: 'CONFIRMED' });
    expect(read.cancelled.events[0]).toMatchObject({ uid: 'bk_1', status: 'CANCELLED' });
    // The CANCEL names the same organizer and attendees as the invitation it takes back.
    for (const k of ['organizer', 'attendees'] as const)
      expect(read.cancelled.events[0]![k]).toEqual(
        k === 'attendees'
          ? read.confirmed.events[0]!.attendees.map((p) => ({
              ...p,
              params: Object.fromEntries(Object.entries(p.params).filter(([n]) => n !== 'PARTSTAT' && n !== 'RSVP')),
            }))
          : read.confirmed.events[0]!.organizer,
      );
  });

  it('an invitation when the other party has deleted their account names only the one left, and still validates', async () => {
    const gone = { ...users };
    delete gone.u_provider;
    const queued: OutgoingMail[] = [];
    const deps = {
      config: { appOrigin: 'https://app.example.com', mailFrom: 'Therapy Platform <no-reply@therapy.example>' },
      clock: { now: () => new Date('2026-11-20T10:00:00Z') },
      mail: { queue: async (_tx: unknown, m: OutgoingMail) => void queued.push(m), start: async () => undefined },
    } as never;
    await bookingMail(deps, { findActiveUser: async (id: string) => gone[id] as never }, async () => ({
      ...facts,
      providerName: null,
    }))(event({}), {} as never);
    expect(queued.map((m) => m.to)).toEqual(['max@example.com']);
    const { only } = expectValidIcs({ only: queued[0]!.icalEvent!.content });
    expect(only.events[0]!.attendees.map(addressOf)).toEqual(['max@example.com']);
    expect(only.events[0]!.organizer!.params.CN).toBe('Therapy Platform');
  });

  it('sends requests to the provider only, rejections and expiries to the client only, without a calendar file', async () => {
    const requested = await run(event({ change: 'requested', status: 'requested', previousStatus: null }), {
      ...facts,
      status: 'requested',
    });
    expect(requested.map((m) => m.to)).toEqual(['anna@example.com']);
    expect(requested[0]!.subject).toBe('New booking request: Cognitive behavioural therapy');
    const rejected = await run(event({ change: 'rejected', status: 'rejected', previousStatus: 'requested' }), {
      ...facts,
      status: 'rejected',
    });
    expect(rejected.map((m) => m.to)).toEqual(['max@example.com']);
    expect(rejected[0]!.subject).toBe('Buchung abgelehnt: Cognitive behavioural therapy');
    const expired = await run(event({ change: 'expired', status: 'expired', previousStatus: 'pending' }), {
      ...facts,
      status: 'expired',
    });
    expect(expired.map((m) => m.to)).toEqual(['max@example.com']);
    for (const m of [...requested, ...rejected, ...expired]) expect(m.icalEvent).toBeUndefined();
  });

  it('sends nothing for an unpaid booking being made, a completed session or an unknown booking', async () => {
    expect(await run(event({ change: 'created', status: 'pending', previousStatus: null }))).toEqual([]);
    expect(await run(event({ change: 'completed', status: 'completed', previousStatus: 'confirmed' }))).toEqual([]);
    expect(await run(event({ bookingId: 'bk_other' }))).toEqual([]);
  });

  it('plans the confirmation of a free booking made or acknowledged as confirmed, and a cancel of an unconfirmed one without a .ics', () => {
    expect(planBookingMails(event({ change: 'created', previousStatus: null }), facts)).toEqual([
      { recipient: 'client', kind: 'confirmed', ics: 'REQUEST' },
      { recipient: 'provider', kind: 'confirmed', ics: 'REQUEST' },
    ]);
    expect(planBookingMails(event({ change: 'acknowledged', previousStatus: 'requested' }), facts)).toHaveLength(2);
    expect(
      planBookingMails(event({ change: 'cancelled', status: 'cancelled', previousStatus: 'pending' }), facts),
    ).toEqual([
      { recipient: 'client', kind: 'cancelled' },
      { recipient: 'provider', kind: 'cancelled' },
    ]);
  });

  it("issue 47: a provider's appointment and an accepted request mail the client; a client's own unpaid booking nobody", () => {
    const pending = { status: 'pending', previousStatus: null } as const;
    expect(planBookingMails(event({ change: 'created', ...pending, createdBy: 'provider' }), facts)).toEqual([
      { recipient: 'client', kind: 'appointment-created' },
    ]);
    expect(planBookingMails(event({ change: 'created', ...pending, createdBy: 'client' }), facts)).toEqual([]);
    expect(
      planBookingMails(event({ change: 'acknowledged', status: 'pending', previousStatus: 'requested' }), facts),
    ).toEqual([{ recipient: 'client', kind: 'accepted' }]);
  });
});
