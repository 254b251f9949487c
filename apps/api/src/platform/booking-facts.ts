import type { Executor } from '../db/client.ts';

/**
 * What other modules may know of a booking (issue 15), without importing the bookings module: the booking mails and
 * reminders (.ics), the weekly payout, later reviews and notes. The bookings module provides `BookingFactsSource`;
 * app.ts hands it to whoever needs it.
 */
export interface BookingFacts {
  identifier: string;
  status: 'requested' | 'pending' | 'confirmed' | 'completed' | 'cancelled' | 'rejected' | 'expired';
  clientId: string;
  providerId: string;
  startsAt: Date | null;
  endsAt: Date | null;
  /** Reference codes: 'online' | 'in-person'; the therapy category's code and English name. */
  modalityCode: string;
  therapyCode: string;
  therapyName: string;
  meetingLink: string | null;
  address: string | null;
  priceAmount: number;
  currencyCode: string;
  /** Display names ("First Last", else the username); null for an anonymised (deleted) account. */
  clientName: string | null;
  providerName: string | null;
  /** The booking's last change: the calendar feed's SEQUENCE grows with it, so calendar apps take the newest. */
  updatedAt: Date;
  /** Issue 47 (the mails and notifications that tell the other side), optional for readers that do not need them. */
  createdBy?: 'client' | 'provider';
  /** An unpaid booking's hold end: "pay by …". */
  holdExpiresAt?: Date | null;
  /** What a cancel returned to the client (minor units). */
  refundAmount?: number | null;
  /** A declined request's reason, opened, and the times suggested instead. */
  declineReason?: string | null;
  suggestedTimes?: Array<{ timeslotIdentifier: string; startTime: string; endTime: string }>;
}

export type BookingFactsSource = (bookingId: string, ex?: Executor) => Promise<BookingFacts | undefined>;
