import type { BookingFacts } from '../../platform/booking-facts.ts';
import type { DomainEventMap } from '../../platform/events.ts';

export type BookingMailKind =
  | 'confirmed'
  | 'rescheduled'
  | 'cancelled'
  | 'requested'
  | 'rejected'
  | 'expired'
  | 'reschedule-requested'
  | 'reschedule-rejected'
  /** Issue 48: the requester withdrew their reschedule request; the other party, who was asked to answer, is told. */
  | 'reschedule-withdrawn'
  /** Issue 47: a provider made an appointment for the client, with a time (pay by …) or without (pick a time). */
  | 'appointment-created'
  /** Issue 47: the provider accepted the client's request; the client pays by the hold's end. */
  | 'accepted'
  /** POST /share-booking: a party mails the booking to an address. */
  | 'shared';

/** The parties' invitation: REQUEST adds or moves the event, CANCEL removes it (a share's PUBLISH is not planned here). */
export type InvitationMethod = 'REQUEST' | 'CANCEL';

export interface PlannedBookingMail {
  recipient: 'client' | 'provider';
  kind: BookingMailKind;
  /** Set when the mail carries the calendar event. */
  ics?: InvitationMethod;
}

const both = (kind: BookingMailKind, ics?: InvitationMethod): PlannedBookingMail[] => [
  { recipient: 'client', kind, ...(ics ? { ics } : {}) },
  { recipient: 'provider', kind, ...(ics ? { ics } : {}) },
];

/**
 * Which mails a booking change sends (issue 15; issue 47: a provider's appointment and an accepted request tell the
 * client, who must pay or pick a time; a decline carries its reason and suggested times). A booking becomes confirmed when it is paid, or when a free booking
 * is made or acknowledged: then client and provider get the calendar event (REQUEST). A reschedule of a confirmed
 * booking sends the moved event (REQUEST, higher SEQUENCE); a cancel of a confirmed booking removes it (CANCEL).
 */
export function planBookingMails(
  event: DomainEventMap['booking.changed'],
  facts: Pick<BookingFacts, 'startsAt' | 'endsAt'>,
): PlannedBookingMail[] {
  const timed = facts.startsAt !== null && facts.endsAt !== null;
  const becameConfirmed = event.status === 'confirmed' && event.previousStatus !== 'confirmed';
  switch (event.change) {
    case 'created':
      if (becameConfirmed) return both('confirmed', timed ? 'REQUEST' : undefined);
      // A client's own unpaid booking: they are paying online now. A provider's appointment: the client must act.
      return event.createdBy === 'provider' && event.status === 'pending'
        ? [{ recipient: 'client', kind: 'appointment-created' }]
        : [];
    case 'acknowledged':
      if (becameConfirmed) return both('confirmed', timed ? 'REQUEST' : undefined);
      return event.status === 'pending' ? [{ recipient: 'client', kind: 'accepted' }] : [];
    case 'paid':
    case 'scheduled':
      return becameConfirmed ? both('confirmed', timed ? 'REQUEST' : undefined) : [];
    case 'rescheduled':
    case 'reschedule-accepted':
      return both('rescheduled', timed && event.status === 'confirmed' ? 'REQUEST' : undefined);
    case 'reschedule-requested':
      return both('reschedule-requested');
    case 'reschedule-rejected':
      return both('reschedule-rejected');
    case 'cancelled':
      return both('cancelled', timed && event.previousStatus === 'confirmed' ? 'CANCEL' : undefined);
    case 'requested':
      return [{ recipient: 'provider', kind: 'requested' }];
    case 'rejected':
      return [{ recipient: 'client', kind: 'rejected' }];
    case 'expired':
      return [{ recipient: 'client', kind: 'expired' }];
    case 'completed':
      return [];
    case 'reschedule-withdrawn':
      // Issue 48: a withdrawn request changes nothing of the booking; the party who was asked to answer it is told.
      return event.by
        ? [{ recipient: event.by === 'client' ? 'provider' : 'client', kind: 'reschedule-withdrawn' }]
        : [];
  }
}
