import { getCalendarPreview, getProviderTimeslotsOn } from '@therapy/contracts/endpoints/availability';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export interface AvailabilityMonthParams {
  providerId: string;
  /** "YYYY-MM" */
  month: string;
  category?: string | undefined;
  /** The viewer's IANA zone: the API groups the dates in it. */
  timeZone: string;
}

/**
 * The keys of a provider's free times. They start with ['therapists', 'availability', providerId] as they did when the
 * picker lived on the therapist's page, so the page's server prefetch and every picker of that provider (the booking
 * form, the reschedule and schedule modals) share one cache entry per month.
 */
export const slotPickerKeys = {
  availability: (providerId: string) => ['therapists', 'availability', providerId] as const,
  /** The provider's own preview: apart from the public answers, which it must never stand in for. */
  preview: (params: Omit<AvailabilityMonthParams, 'providerId'>) =>
    [
      'provider',
      'calendar-preview',
      params.month,
      { category: params.category ?? null, timeZone: params.timeZone },
    ] as const,
  month: (params: AvailabilityMonthParams) =>
    [
      ...slotPickerKeys.availability(params.providerId),
      params.month,
      { category: params.category ?? null, timeZone: params.timeZone },
    ] as const,
};

/**
 * GET /providers-availability/{providerId}/timeslot/{month}?timezone=&category=. Not silent: a failure shows the
 * server's message as a toast (spec §8) and the calendar shows its own message with a retry.
 */
export const availabilityMonthQuery = (params: AvailabilityMonthParams) =>
  queryOptions({
    queryKey: slotPickerKeys.month(params),
    queryFn: async ({ signal }) =>
      (
        await call(getProviderTimeslotsOn, {
          signal,
          params: { providerId: params.providerId, date: params.month },
          query: { timezone: params.timeZone, category: params.category },
        })
      ).data,
    // Slots disappear as others book them: a minute old at most, and fresh when the tab is shown again.
    staleTime: 60_000,
  });

/**
 * GET /provider/calendar-preview/{month}: the signed-in provider's own free times as clients will see them, also before
 * verification (issue 47), with whether clients see them yet. Nothing can be booked from it.
 */
export const calendarPreviewMonthQuery = (params: Omit<AvailabilityMonthParams, 'providerId'>) =>
  queryOptions({
    queryKey: slotPickerKeys.preview(params),
    queryFn: async ({ signal }) =>
      (
        await call(getCalendarPreview, {
          signal,
          params: { date: params.month },
          query: { timezone: params.timeZone, category: params.category },
        })
      ).data,
    staleTime: 60_000,
  });
