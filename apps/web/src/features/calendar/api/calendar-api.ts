import { getCalendarFeed, resetCalendarFeed } from '@therapy/contracts/endpoints/calendar';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** The calendar feed (issue 19): one's private subscription address and its reset. */
export const calendarKeys = { feed: ['calendar', 'feed'] as const };

export const calendarFeedQuery = () =>
  queryOptions({
    queryKey: calendarKeys.feed,
    queryFn: async ({ signal }) => (await call(getCalendarFeed, { signal })).data,
    // The section shows its own error with a way to try again.
    meta: { silent: true },
  });

export function useResetCalendarFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => call(resetCalendarFeed),
    onSuccess: (res) => client.setQueryData(calendarKeys.feed, res.data),
    meta: { silent: true },
  });
}
