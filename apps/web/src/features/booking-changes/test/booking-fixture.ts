import type { Booking } from '@therapy/contracts/bookings';
import { uuid } from '@/test/fixtures';
import { jsonResponse } from '@/test/render';

export const bookingId = uuid(500);
export const providerId = uuid(501);
export const clientId = uuid(502);
export const therapyId = uuid(503);

const party = (identifier: string, firstName: string, lastName: string) => ({
  identifier,
  firstName,
  lastName,
  username: null,
  picture: null,
  timezone: 'Europe/Berlin',
});

export function aBooking(overrides: Partial<Booking> = {}): Booking {
  return {
    identifier: bookingId,
    status: 'confirmed',
    previousStatus: 'pending',
    provider: party(providerId, 'Dana', 'Doctor'),
    client: party(clientId, 'Robin', 'Client'),
    therapyCategory: { identifier: therapyId, code: 'cbt', name: 'CBT' },
    modality: { identifier: uuid(504), code: 'online', name: 'Online' },
    startTime: '2026-06-20T09:00:00.000Z',
    endTime: '2026-06-20T10:00:00.000Z',
    note: null,
    meetingLink: null,
    address: null,
    price: { amount: 5000, currencyCode: 'USD' },
    paymentMethod: 'platform',
    holdExpiresAt: null,
    seriesIdentifier: null,
    createdBy: 'client',
    rescheduleInfo: { status: null, remainingClientReschedule: 2, remainingProviderReschedule: 3 },
    reschedules: [],
    allowRescheduleCompletedBooking: false,
    feedbackProvided: false,
    participantIdentifier: null,
    createdAt: '2026-06-01T09:00:00.000Z',
    ...overrides,
  };
}

export const failure = (status: number, code: string, message: string) =>
  jsonResponse({ code, message, requestId: 'req-1' }, status);
export const validationFailure = (message: string) =>
  jsonResponse({ code: 'VALIDATION_ERROR', message: 'Validation failed', errors: [message], requestId: 'req-1' }, 400);
