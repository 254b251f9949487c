import { describe, expect, it } from 'vitest';
import type { DomainEventMap } from '../../platform/events.ts';
import { planNotifications } from './notification-plan.ts';

const event = (over: Partial<DomainEventMap['booking.changed']>): DomainEventMap['booking.changed'] => ({
  bookingId: 'b',
  clientId: 'c',
  providerId: 'p',
  change: 'created',
  status: 'pending',
  previousStatus: null,
  startTime: '2027-03-03T10:00:00.000Z',
  endTime: '2027-03-03T11:00:00.000Z',
  ...over,
});
const who = (e: DomainEventMap['booking.changed']) => planNotifications(e).map((n) => `${n.recipient}:${n.kind}`);

describe('who is told of a booking change (issue 47)', () => {
  it("a provider's appointment tells the client; a client's own unpaid booking tells nobody", () => {
    expect(who(event({ createdBy: 'provider' }))).toEqual(['client:appointment-created']);
    expect(who(event({ createdBy: 'client' }))).toEqual([]);
    expect(who(event({ createdBy: 'provider', change: 'paid', status: 'confirmed' }))).toEqual([
      'client:booking-confirmed',
    ]);
  });

  it('requests, answers and payments go to the side that must act or know', () => {
    expect(who(event({ change: 'requested', status: 'requested' }))).toEqual(['provider:booking-requested']);
    expect(who(event({ change: 'acknowledged', previousStatus: 'requested' }))).toEqual(['client:booking-accepted']);
    expect(who(event({ change: 'acknowledged', status: 'confirmed', previousStatus: 'requested' }))).toEqual([
      'client:booking-confirmed',
    ]);
    expect(who(event({ change: 'rejected', status: 'rejected', previousStatus: 'requested' }))).toEqual([
      'client:booking-declined',
    ]);
    expect(
      who(event({ change: 'paid', status: 'confirmed', previousStatus: 'pending', createdBy: 'provider' })),
    ).toEqual(['provider:booking-confirmed']);
  });

  it('a cancel or reschedule tells the other party, never the one who made it', () => {
    for (const by of ['client', 'provider'] as const) {
      const other = by === 'client' ? 'provider' : 'client';
      expect(who(event({ change: 'cancelled', status: 'cancelled', by }))).toEqual([`${other}:booking-cancelled`]);
      expect(who(event({ change: 'rescheduled', status: 'confirmed', by }))).toEqual([`${other}:booking-rescheduled`]);
      expect(who(event({ change: 'reschedule-requested', status: 'confirmed', by }))).toEqual([
        `${other}:reschedule-requested`,
      ]);
      expect(who(event({ change: 'reschedule-rejected', status: 'confirmed', by }))).toEqual([
        `${other}:reschedule-declined`,
      ]);
    }
    expect(who(event({ change: 'expired', status: 'expired', createdBy: 'provider' }))).toEqual([
      'client:booking-expired',
      'provider:booking-expired',
    ]);
    expect(who(event({ change: 'completed', status: 'completed' }))).toEqual([]);
  });
});
