import { describe, expect, it } from 'vitest';
import { TestClock } from '../../../test/harness.ts';
import type { BookingFacts } from '../../platform/booking-facts.ts';
import type { DomainEventMap } from '../../platform/events.ts';
import type { OutgoingMail } from '../../platform/mail/outgoing-mail.ts';
import { planReminders, reminderJobId, REMINDER_QUEUE, sendReminder, type ReminderJob } from './reminders.ts';

const start = new Date('2026-12-01T09:00:00.000Z');
const facts: BookingFacts = {
  identifier: 'bk_1',
  updatedAt: new Date('2026-06-01T10:00:00Z'),
  status: 'confirmed',
  clientId: 'u_client',
  providerId: 'u_provider',
  startsAt: start,
  endsAt: new Date('2026-12-01T09:50:00.000Z'),
  modalityCode: 'in-person',
  therapyCode: 'cbt',
  therapyName: 'CBT',
  meetingLink: null,
  address: 'Hauptstr. 1, Berlin',
  priceAmount: 0,
  currencyCode: 'EUR',
  clientName: 'Max Muster',
  providerName: 'Anna Weber',
};
const users: Record<string, { email: string; locale: string; firstName: string }> = {
  u_client: { email: 'max@example.com', locale: 'en', firstName: 'Max' },
  u_provider: { email: 'anna@example.com', locale: 'de', firstName: 'Anna' },
};
const confirmed = (startTime: string | null = start.toISOString()): DomainEventMap['booking.changed'] => ({
  bookingId: 'bk_1',
  clientId: 'u_client',
  providerId: 'u_provider',
  change: 'paid',
  status: 'confirmed',
  previousStatus: 'pending',
  startTime,
  endTime: startTime,
});

function setup(now: string, current: BookingFacts | null = facts) {
  const clock = new TestClock();
  clock.set(now);
  const sent: { queue: string; data: ReminderJob; options: { id?: string; startAfter?: Date } }[] = [];
  const mails: OutgoingMail[] = [];
  const deps = {
    clock,
    db: {},
    config: { appOrigin: 'https://app.example.com' },
    jobs: {
      send: async (queue: string, data: ReminderJob, options: { id?: string; startAfter?: Date }) =>
        void sent.push({ queue, data, options }),
    },
    mail: { queue: async (_ex: unknown, m: OutgoingMail) => void mails.push(m) },
  } as never;
  const byId = { findActiveUser: async (id: string) => users[id] as never };
  return {
    clock,
    sent,
    mails,
    plan: planReminders(deps),
    run: sendReminder(deps, byId, async () => current ?? undefined),
  };
}

describe('booking reminders (24 h and 1 h before a confirmed session)', () => {
  it('plans one job per reminder, due hours before the start, with one id per (booking, hours, start)', async () => {
    const s = setup('2026-11-20T10:00:00Z');
    await s.plan(confirmed(), {} as never);
    expect(s.sent.map((j) => [j.queue, j.data.hours, j.options.startAfter?.toISOString()])).toEqual([
      [REMINDER_QUEUE, 24, '2026-11-30T09:00:00.000Z'],
      [REMINDER_QUEUE, 1, '2026-12-01T08:00:00.000Z'],
    ]);
    const ids = s.sent.map((j) => j.options.id);
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(2);
    expect(reminderJobId(s.sent[0]!.data)).toBe(ids[0]);
    expect(reminderJobId({ ...s.sent[0]!.data, startTime: '2026-12-02T09:00:00.000Z' })).not.toBe(ids[0]);
  });

  it('plans no reminder whose time has passed, and none for a booking that is not confirmed with a time', async () => {
    const s = setup('2026-12-01T07:30:00Z'); // 90 minutes before: only the 1 h reminder is ahead
    await s.plan(confirmed(), {} as never);
    expect(s.sent.map((j) => j.data.hours)).toEqual([1]);
    const t = setup('2026-11-20T10:00:00Z');
    await t.plan({ ...confirmed(), status: 'pending', change: 'created' }, {} as never);
    await t.plan(confirmed(null), {} as never);
    expect(t.sent).toEqual([]);
  });

  it('when due, mails client and provider in their language if the booking is still confirmed at that start', async () => {
    const s = setup('2026-11-30T09:00:05Z');
    await s.run({ bookingId: 'bk_1', hours: 24, startTime: start.toISOString() });
    expect(s.mails.map((m) => [m.to, m.subject])).toEqual([
      ['max@example.com', 'Reminder: CBT in 24 hours'],
      ['anna@example.com', 'Erinnerung: CBT in 24 Stunden'],
    ]);
    expect(s.mails[0]!.text).toContain('Hauptstr. 1, Berlin');
    expect(s.mails[1]!.text).toContain('mit Max Muster');
  });

  it('sends nothing stale: a moved, cancelled, gone or already started booking', async () => {
    const job = { bookingId: 'bk_1', hours: 1, startTime: start.toISOString() };
    const moved = setup('2026-12-01T08:00:00Z', {
      ...facts,
      startsAt: new Date('2026-12-02T09:00:00Z'),
      endsAt: new Date('2026-12-02T09:50:00Z'),
    });
    await moved.run(job);
    const cancelled = setup('2026-12-01T08:00:00Z', { ...facts, status: 'cancelled' });
    await cancelled.run(job);
    const gone = setup('2026-12-01T08:00:00Z', null);
    await gone.run(job);
    const late = setup('2026-12-01T09:10:00Z'); // a job retried past the start
    await late.run(job);
    expect([...moved.mails, ...cancelled.mails, ...gone.mails, ...late.mails]).toEqual([]);
  });
});
