import { getProviderTimeslotsOn } from '@therapy/contracts/endpoints/availability';
import { getProviderSummary } from '@therapy/contracts/endpoints/provider-profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const therapistKeys = {
  all: ['therapists'] as const,
  summary: (providerId: string) => [...therapistKeys.all, 'summary', providerId] as const,
  availability: (providerId: string) => [...therapistKeys.all, 'availability', providerId] as const,
  month: (params: AvailabilityMonthParams) =>
    [...therapistKeys.availability(params.providerId), params.month, { category: params.category ?? null, timeZone: params.timeZone }] as const,
};

/** The provider's signed photo URL lives ten minutes (docs/decisions/0007), so the summary is refreshed before. */
const SUMMARY_STALE_MS = 5 * 60_000;

/** GET /providers/{providerId}: the public summary. The page shows its own not-found and error states. */
export const providerSummaryQuery = (providerId: string) =>
  queryOptions({
    queryKey: therapistKeys.summary(providerId),
    queryFn: async ({ signal }) => (await call(getProviderSummary, { signal, params: { providerId } })).data,
    staleTime: SUMMARY_STALE_MS,
    meta: { silent: true },
  });

export interface AvailabilityMonthParams {
  providerId: string;
  /** "YYYY-MM" */
  month: string;
  category?: string | undefined;
  /** The viewer's IANA zone: the API groups the dates in it. */
  timeZone: string;
}

/**
 * GET /providers-availability/{providerId}/timeslot/{month}?timezone=&category=. Not silent: a failure shows the
 * server's message as a toast (spec §8) and the calendar shows its own message with a retry.
 */
export const availabilityMonthQuery = (params: AvailabilityMonthParams) =>
  queryOptions({
    queryKey: therapistKeys.month(params),
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

export function useProviderSummary(providerId: string, enabled = true) {
  return useQuery({ ...providerSummaryQuery(providerId), enabled });
}

/**
 * How the provider's calendar is set up (GENERAL or BY_CATEGORY), read from the same answer the picker asks for
 * first (the current month without a category), so it costs no extra request.
 */
export function useCalendarSetupType(providerId: string, month: string, timeZone: string, enabled = true) {
  return useQuery({
    ...availabilityMonthQuery({ providerId, month, timeZone }),
    enabled,
    select: (calendar) => calendar.calendarSetupType,
  });
}
