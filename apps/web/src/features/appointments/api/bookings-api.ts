import type { Booking, BookingDetails, BookingStatus } from '@therapy/contracts/bookings';
import {
  acknowledgeBooking,
  getAppointment,
  getBookingDetails,
  listAppointments,
  listBookings,
  payBooking,
  withdrawReschedule,
} from '@therapy/contracts/endpoints/bookings';
import { getBookingReview } from '@therapy/contracts/endpoints/reviews';
import { getPaymentStatus, getWalletBalance } from '@therapy/contracts/endpoints/wallet';
import { PAYMENT_POLL_MS } from '@therapy/contracts/constants';
import type { CurrencyCode } from '@therapy/contracts/wallet';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { bookingKeys, walletQueryPrefix } from '@/lib/booking-queries';
import { bookingListQueryDefaults } from '@/lib/query-client';

export type ViewerRole = 'client' | 'provider';
export const BOOKINGS_PAGE_SIZE = 10;

/** The list's tabs (spec §2 /appointments): which statuses each shows. */
export const bookingTabs = {
  upcoming: ['requested', 'pending', 'confirmed'],
  past: ['completed'],
  cancelled: ['cancelled', 'rejected', 'expired'],
} as const satisfies Record<string, readonly BookingStatus[]>;
export type BookingTab = keyof typeof bookingTabs;
export const isBookingTab = (value: unknown): value is BookingTab => typeof value === 'string' && value in bookingTabs;

/** A client error (missing, not theirs, bad id) will not change by asking again; anything else gets one retry. */
const retryOnce = (failureCount: number, error: unknown) =>
  !(isApiError(error) && error.status < 500) && failureCount < 1;

/** GET /booking (client) or GET /appointment (provider): cached 60 s, one retry, no refetch on window focus. */
export const bookingListQuery = (role: ViewerRole, tab: BookingTab, page: number) => {
  const statuses = bookingTabs[tab];
  return queryOptions({
    queryKey: bookingKeys.list(role, statuses, page),
    queryFn: async ({ signal }) => {
      const query = { statuses: statuses.join(','), page, pageSize: BOOKINGS_PAGE_SIZE };
      const response =
        role === 'provider'
          ? await call(listAppointments, { query, signal })
          : await call(listBookings, { query, signal });
      return { data: response.data, meta: response.meta };
    },
    ...bookingListQueryDefaults,
    // At most the one retry of the defaults, and none for an answer that will not change (4xx).
    retry: retryOnce,
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });
};

/** GET /booking/{id}/details (client) or GET /appointment/{id} (provider): the detail page and the payment page. */
export const bookingDetailsQuery = (role: ViewerRole, id: string) =>
  queryOptions({
    queryKey: bookingKeys.detail(id),
    queryFn: async ({ signal }): Promise<BookingDetails> =>
      role === 'provider'
        ? (await call(getAppointment, { params: { id }, signal })).data
        : (await call(getBookingDetails, { params: { id }, signal })).data,
    retry: retryOnce,
    refetchOnWindowFocus: false,
    meta: { silent: true },
  });

/** GET /wallet/balance?currency=: the wallet a booking is paid from (its own currency). */
export const bookingWalletQuery = (currency: string) =>
  queryOptions({
    queryKey: [...walletQueryPrefix, 'balance', currency] as const,
    queryFn: async ({ signal }) =>
      (await call(getWalletBalance, { query: { currency: currency as CurrencyCode }, signal })).data,
    // Always fresh: back from a top-up (another tab, the checkout) the page shows what the wallet holds now.
    staleTime: 0,
    meta: { silent: true },
  });

/** POST /booking/{id}/pay with the attempt's Idempotency-Key: a retry of one attempt never debits twice. */
export function usePayBooking(onPaid?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, idempotencyKey }: { id: string; idempotencyKey: string }) =>
      await call(payBooking, { params: { id }, idempotencyKey }),
    // Before the refreshed booking (now `confirmed`) re-renders the page, and even if the paying form has unmounted.
    onSuccess: () => onPaid?.(),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
        queryClient.invalidateQueries({ queryKey: walletQueryPrefix }),
      ]);
    },
    meta: { silent: true },
  });
}

/** The provider accepts (acknowledge) a requested booking; a decline asks for a reason (the decline-booking modal). */
export function useAnswerRequestedBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id }: { id: string; answer: 'accept' }) => await call(acknowledgeBooking, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}

/** The requester takes back their own pending reschedule request (issue 48); the booking keeps its time. */
export function useWithdrawReschedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id }: { id: string }) => await call(withdrawReschedule, { params: { id }, body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}

/** "Book again" (issue 48): the therapist's page with the booking's therapy and session type chosen. */
export const bookAgainPath = (booking: Pick<Booking, 'provider' | 'therapyCategory' | 'modality'>) =>
  `/therapists/${booking.provider.identifier}?${new URLSearchParams({
    therapy: booking.therapyCategory.identifier,
    modality: booking.modality.identifier,
  }).toString()}`;

/** The other side of a booking, from the viewer's point of view. */
export const otherParty = (booking: Booking, role: ViewerRole) =>
  role === 'provider' ? booking.client : booking.provider;
export const partyName = (party: Booking['client']) =>
  [party.firstName, party.lastName].filter(Boolean).join(' ') || party.username || '—';

/** GET /review/booking/{id}: the review of a completed booking (null before the client wrote one). */
export const bookingReviewQuery = (bookingId: string) =>
  queryOptions({
    queryKey: bookingKeys.review(bookingId),
    queryFn: async ({ signal }) => (await call(getBookingReview, { signal, params: { id: bookingId } })).data,
    retry: retryOnce,
    meta: { silent: true },
  });

/** GET /payment/status/{id}: a card top-up started from this page, asked every 5 s until it has an answer. */
export const topupStatusQuery = (paymentId: string) =>
  queryOptions({
    queryKey: [...walletQueryPrefix, 'payment', paymentId] as const,
    queryFn: async ({ signal }) => (await call(getPaymentStatus, { signal, params: { paymentId } })).data,
    refetchInterval: (query) =>
      (query.state.data && query.state.data.status !== 'pending') || query.state.error ? false : PAYMENT_POLL_MS,
    retry: retryOnce,
    meta: { silent: true },
  });
