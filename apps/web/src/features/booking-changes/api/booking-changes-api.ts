import type {
  AppointmentInput,
  Booking,
  BookingRole,
  CancelInput,
  RescheduleInput,
  ScheduleInput,
  ShareBookingInput,
} from '@therapy/contracts/bookings';
import {
  answerReschedule,
  cancelAppointment,
  cancelBooking,
  createAppointment,
  getCancellationPolicy,
  getReschedulePolicy,
  listProviderClients,
  rejectBooking,
  rescheduleAppointment,
  rescheduleBooking,
  scheduleBooking,
  shareBooking,
} from '@therapy/contracts/endpoints/bookings';
import type { DeclineInput } from '@therapy/contracts/notifications';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { bookingKeys, walletQueryPrefix } from '@/lib/booking-queries';

/** GET /appointment/policy/{id}/cancellation: whether a cancel now is refunded, how much, until when. */
export const cancellationPolicyQuery = (id: string) =>
  queryOptions({
    queryKey: bookingKeys.policy(id, 'cancellation'),
    queryFn: async ({ signal }) => (await call(getCancellationPolicy, { signal, params: { id } })).data,
    // The answer changes with the clock (the 48 h cut-off): asked again each time the modal opens.
    staleTime: 0,
    meta: { silent: true },
  });

/** GET /appointment/policy/{id}/reschedule: remaining reschedules of the viewer's side, approval needed. */
export const reschedulePolicyQuery = (id: string) =>
  queryOptions({
    queryKey: bookingKeys.policy(id, 'reschedule'),
    queryFn: async ({ signal }) => (await call(getReschedulePolicy, { signal, params: { id } })).data,
    staleTime: 0,
    meta: { silent: true },
  });

/** GET /appointment/clients: the clients a provider may create an appointment for. */
export const providerClientsQuery = () =>
  queryOptions({
    queryKey: bookingKeys.clients(),
    queryFn: async ({ signal }) => (await call(listProviderClients, { signal })).data,
    meta: { silent: true },
  });

/** After any booking write: every booking list and page; the wallet too when money moved (a refund). */
function useInvalidate() {
  const queryClient = useQueryClient();
  return async (moneyMoved: boolean) => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
      moneyMoved ? queryClient.invalidateQueries({ queryKey: walletQueryPrefix }) : Promise.resolve(),
    ]);
  };
}

export interface WriteResult {
  booking: Booking;
  message: string | undefined;
}

/** The provider declines a requested booking with a reason and suggested times (issue 47). */
export function useDeclineBooking() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: DeclineInput }): Promise<WriteResult> => {
      const res = await call(rejectBooking, { params: { id }, body });
      return { booking: res.data, message: res.message };
    },
    meta: { silent: true },
    onSuccess: () => invalidate(false),
  });
}

export function useCancelBooking(role: BookingRole) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: CancelInput }): Promise<WriteResult> => {
      const res =
        role === 'client'
          ? await call(cancelBooking, { params: { id }, body })
          : await call(cancelAppointment, { params: { id }, body });
      return { booking: res.data, message: res.message };
    },
    meta: { silent: true },
    onSuccess: () => invalidate(true),
  });
}

export function useRescheduleBooking(role: BookingRole) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: RescheduleInput }): Promise<WriteResult> => {
      const res =
        role === 'client'
          ? await call(rescheduleBooking, { params: { id }, body })
          : await call(rescheduleAppointment, { params: { id }, body });
      return { booking: res.data, message: res.message };
    },
    meta: { silent: true },
    onSuccess: () => invalidate(false),
  });
}

export function useScheduleBooking() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: ScheduleInput }): Promise<WriteResult> => {
      const res = await call(scheduleBooking, { params: { id }, body });
      return { booking: res.data, message: res.message };
    },
    meta: { silent: true },
    onSuccess: () => invalidate(false),
  });
}

export function useAnswerReschedule() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, status }: { id: string; status: 'accepted' | 'rejected' }): Promise<WriteResult> => {
      const res = await call(answerReschedule, { params: { id }, body: { status } });
      return { booking: res.data, message: res.message };
    },
    meta: { silent: true },
    onSuccess: () => invalidate(false),
  });
}

export function useCreateAppointment() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (body: AppointmentInput): Promise<WriteResult> => {
      const res = await call(createAppointment, { body });
      return { booking: res.data, message: res.message };
    },
    meta: { silent: true },
    onSuccess: () => invalidate(false),
  });
}

export function useShareBooking() {
  return useMutation({
    mutationFn: async (body: ShareBookingInput) => (await call(shareBooking, { body })).message,
    meta: { silent: true },
  });
}
