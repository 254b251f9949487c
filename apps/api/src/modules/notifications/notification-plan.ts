import type { NotificationKind } from '@therapy/contracts/notifications';
import type { DomainEventMap } from '../../platform/events.ts';

export interface PlannedNotification {
  recipient: 'client' | 'provider';
  kind: NotificationKind;
  by: 'client' | 'provider' | 'system';
}

const other = (by: 'client' | 'provider') => (by === 'client' ? 'provider' : 'client');

/**
 * Who is told of a booking change in the notification centre (issue 47): the side that must act on it or know it,
 * never the one who made it. A client's own unpaid booking tells nobody (they are paying now); a change by a party
 * (`by`) tells the other one; an expiry tells the client, and the provider too when it was their appointment.
 */
export function planNotifications(event: DomainEventMap['booking.changed']): PlannedNotification[] {
  const one = (recipient: 'client' | 'provider', kind: NotificationKind, by: PlannedNotification['by']) => [
    { recipient, kind, by },
  ];
  const toOther = (kind: NotificationKind) => (event.by ? one(other(event.by), kind, event.by) : []);
  switch (event.change) {
    case 'created':
      if (event.createdBy !== 'provider') return [];
      return one('client', event.status === 'confirmed' ? 'booking-confirmed' : 'appointment-created', 'provider');
    case 'requested':
      return one('provider', 'booking-requested', 'client');
    case 'acknowledged':
      return one('client', event.status === 'pending' ? 'booking-accepted' : 'booking-confirmed', 'provider');
    case 'rejected':
      return one('client', 'booking-declined', 'provider');
    case 'paid':
      // A provider's free appointment is made confirmed (no one paid): the client is told it is booked.
      if (event.previousStatus === null && event.createdBy === 'provider')
        return one('client', 'booking-confirmed', 'provider');
      return one('provider', 'booking-confirmed', 'client');
    case 'rescheduled':
    case 'reschedule-accepted':
      return toOther('booking-rescheduled');
    case 'reschedule-requested':
      return toOther('reschedule-requested');
    case 'reschedule-rejected':
      return toOther('reschedule-declined');
    case 'reschedule-withdrawn':
      return toOther('reschedule-withdrawn');
    case 'cancelled':
      return toOther('booking-cancelled');
    case 'expired':
      return [
        { recipient: 'client', kind: 'booking-expired', by: 'system' },
        ...(event.createdBy === 'provider'
          ? [{ recipient: 'provider' as const, kind: 'booking-expired' as const, by: 'system' as const }]
          : []),
      ];
    case 'scheduled':
    case 'completed':
      return [];
  }
}
