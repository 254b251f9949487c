import type { BookingValues } from '@therapy/contracts/bookings';
import { createBooking, createBookingSeries } from '@therapy/contracts/endpoints/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { bookingKeys } from '@/lib/booking-queries';
import { therapistKeys } from './therapists-api';

/** POST /booking, or POST /booking/series with `occurrences` (all or nothing); the first booking leads the way. */
export function useCreateBooking(providerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { values: BookingValues; occurrences: number | null }) => {
      if (input.occurrences === null) {
        const response = await call(createBooking, { body: input.values });
        return { booking: response.data, count: 1, message: response.message };
      }
      const response = await call(createBookingSeries, { body: { ...input.values, occurrences: input.occurrences } });
      const first = response.data[0];
      if (!first) throw new Error('The series came back empty');
      return { booking: first, count: response.data.length, message: response.message };
    },
    onSettled: async () => {
      // Booked or refused, the provider's free times changed (or were stale): refresh them and every booking list.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: therapistKeys.availability(providerId) }),
        queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
      ]);
    },
  });
}
