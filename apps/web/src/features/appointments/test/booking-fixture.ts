import type { BookingDetails } from '@therapy/contracts/bookings';
import type { UserInfo } from '@therapy/contracts/auth';
import { uuid } from '@/test/fixtures';

export const bookingId = uuid(500);
export const providerId = uuid(501);
export const clientId = uuid(502);

/** A booking as the API serves it (contract shape), tomorrow 09:00-09:50 UTC unless changed. */
export function bookingDetails(overrides: Partial<BookingDetails> = {}): BookingDetails {
  const statusHistory: BookingDetails['statusHistory'] = [
    { status: 'pending', previousStatus: null, actor: 'client', note: null, at: '2030-06-01T08:00:00.000Z' },
    { status: 'confirmed', previousStatus: 'pending', actor: 'client', note: null, at: '2030-06-01T08:05:00.000Z' },
  ];
  return {
    identifier: bookingId,
    status: 'confirmed',
    previousStatus: 'pending',
    provider: {
      identifier: providerId,
      firstName: 'Dana',
      lastName: 'Fischer',
      username: 'dana',
      picture: null,
      timezone: 'Europe/Berlin',
    },
    client: {
      identifier: clientId,
      firstName: 'Sam',
      lastName: 'Lee',
      username: 'sam',
      picture: null,
      timezone: 'UTC',
    },
    therapyCategory: { identifier: uuid(510), code: 'anxiety', name: 'Anxiety' },
    modality: { identifier: uuid(511), code: 'online', name: 'Online' },
    startTime: '2030-06-10T09:00:00.000Z',
    endTime: '2030-06-10T09:50:00.000Z',
    note: 'I would like to talk about sleep.',
    meetingLink: 'https://meet.example.com/abc',
    address: null,
    price: { amount: 9000, currencyCode: 'EUR' },
    paymentMethod: 'platform',
    holdExpiresAt: null,
    seriesIdentifier: null,
    createdBy: 'client',
    rescheduleInfo: { status: null, remainingClientReschedule: 2, remainingProviderReschedule: 3 },
    reschedules: [],
    allowRescheduleCompletedBooking: false,
    feedbackProvided: false,
    participantIdentifier: null,
    createdAt: '2030-06-01T08:00:00.000Z',
    statusHistory,
    history: statusHistory.map((line) => ({ kind: 'status' as const, ...line, refundAmount: null })),
    cancellation: null,
    ...overrides,
  };
}

export function user(userType: 'client' | 'provider'): UserInfo {
  return {
    identifier: userType === 'client' ? clientId : providerId,
    email: `${userType}@example.com`,
    userType,
    firstName: 'Test',
    lastName: 'User',
    isSocial: false,
    emailVerified: true,
    accountActive: true,
    countryCode: 'DE',
    locale: 'en',
    timezone: 'UTC',
    createdAt: '2030-01-01T00:00:00.000Z',
  };
}
