import type { CalendarView } from '@therapy/contracts/calendar-view';
import { deleteCustomDay, getProviderTimeslotsOn } from '@therapy/contracts/endpoints/availability';
import { rescheduleAppointment } from '@therapy/contracts/endpoints/bookings';
import { getCalendarView } from '@therapy/contracts/endpoints/calendar-view';
import { message } from '@therapy/contracts/messages';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { bookingKeys } from '@/lib/booking-queries';
import { currentLocale } from '@/lib/i18n';

/** Under the bookings' keys: any booking write elsewhere (a cancel, a reschedule) refreshes the calendar too. */
export const calendarViewKeys = {
  all: [...bookingKeys.all, 'calendar-view'] as const,
  range: (from: string, to: string) => [...calendarViewKeys.all, from, to] as const,
};

/** GET /provider/calendar-view: the shown range's bookings, requests, holds and days off. */
export const calendarViewQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: calendarViewKeys.range(from, to),
    queryFn: async ({ signal }): Promise<CalendarView> =>
      (await call(getCalendarView, { query: { from, to }, signal })).data,
    // Moving between weeks keeps the last week on screen (marked as loading) instead of an empty grid.
    placeholderData: keepPreviousData,
  });

/** Thrown when the dropped time is not one of the provider's bookable slots: the calendar snaps back with this text. */
export class NotOfferedError extends Error {}

export interface MoveInput {
  bookingId: string;
  providerId: string;
  categoryId: string;
  timezone: string;
  /** The dropped start, as FullCalendar gives it in the provider's zone ("2027-03-02T11:30:00+00:00"). */
  start: string;
}

/**
 * A drag to another time is the provider's reschedule (POST /appointment/{id}/reschedule), with the same rules and
 * approvals as the reschedule dialog: the dropped start must be one of the slots the provider's plan offers (a signed
 * timeslot identifier from the calendar clients see), and the server judges the move.
 */
export function useMoveBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: MoveInput) => {
      const date = input.start.slice(0, 10);
      const at = Date.parse(input.start);
      const slots = await call(getProviderTimeslotsOn, {
        params: { providerId: input.providerId, date },
        query: { category: input.categoryId, timezone: input.timezone },
      });
      const slot = slots.data.items.flatMap((item) => item.timeSlot).find((s) => Date.parse(s.startTime) === at);
      if (!slot) throw new NotOfferedError(message('timeslotUnavailable', currentLocale()));
      const res = await call(rescheduleAppointment, {
        params: { id: input.bookingId },
        body: { timeslotIdentifier: slot.identifier, note: null },
      });
      return { booking: res.data, message: res.message };
    },
    meta: { silent: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}

/** "Mark as free": the day off (a custom day marked unavailable) is deleted, so the weekly plan applies again. */
export function useMarkFree() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (identifier: string) => call(deleteCustomDay, { params: { id: identifier } }),
    meta: { silent: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: calendarViewKeys.all }),
        // The availability page's custom days.
        queryClient.invalidateQueries({ queryKey: ['availability'] }),
      ]),
  });
}
