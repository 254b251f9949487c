import { getProviderSummary } from '@therapy/contracts/endpoints/provider-profile';
import { listProviderReviews } from '@therapy/contracts/endpoints/reviews';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { availabilityMonthQuery, slotPickerKeys } from '@/components/slot-picker/slot-picker-api';
import { call } from '@/lib/api-client';
import { nullIfNotFound } from '@/lib/api-error';

export const therapistKeys = {
  all: ['therapists'] as const,
  summary: (providerId: string) => [...therapistKeys.all, 'summary', providerId] as const,
  profile: (providerId: string) => [...therapistKeys.all, 'profile', providerId] as const,
  reviews: (providerId: string, page: number) => [...therapistKeys.all, 'reviews', providerId, page] as const,
  /** A provider's free times: the shared slot picker's keys (components/slot-picker), under this feature's prefix. */
  availability: slotPickerKeys.availability,
  month: slotPickerKeys.month,
};

/** The provider's signed photo URL lives ten minutes (docs/decisions/0007), so the summary is refreshed before. */
const SUMMARY_STALE_MS = 5 * 60_000;

/**
 * GET /providers/{providerId}: the public summary. A provider the API does not know (404) is an answer here (null:
 * the page's not-found state), not a failure, so the server render hands it over and the browser does not ask again
 * (issue 49: the server answers such a page with 404). The page shows its own error state for the rest.
 */
export const providerSummaryQuery = (providerId: string) =>
  queryOptions({
    queryKey: therapistKeys.summary(providerId),
    queryFn: ({ signal }) =>
      nullIfNotFound(async () => (await call(getProviderSummary, { signal, params: { providerId } })).data),
    staleTime: SUMMARY_STALE_MS,
    meta: { silent: true },
  });

/** GET /review/provider/{id}?page=: the provider's reviews, newest first, with the average and count. */
export const providerReviewsQuery = (providerId: string, page: number) =>
  queryOptions({
    queryKey: therapistKeys.reviews(providerId, page),
    queryFn: async ({ signal }) =>
      call(listProviderReviews, { signal, params: { id: providerId }, query: { page, pageSize: 5 } }),
    placeholderData: keepPreviousData,
    meta: { silent: true },
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
