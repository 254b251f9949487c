import { getAvailabilitySettings } from '@therapy/contracts/endpoints/availability';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** The zone the provider's plan is in: the calendar shows their day in it (not the browser's). */
export const providerZoneQuery = () =>
  queryOptions({
    queryKey: ['calendar-view', 'zone'] as const,
    queryFn: async ({ signal }) => (await call(getAvailabilitySettings, { signal })).data.timezone,
    staleTime: 60_000,
  });
