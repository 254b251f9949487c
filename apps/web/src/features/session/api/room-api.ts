import { getRoom } from '@therapy/contracts/endpoints/rooms';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';

/** GET /session/{bookingId}/room: whether the caller may join now, and the ICE servers (issue 19). */
export const roomQuery = (bookingId: string) =>
  queryOptions({
    queryKey: ['session-room', bookingId],
    queryFn: async ({ signal }) => (await call(getRoom, { params: { bookingId }, signal })).data,
    // A missing or foreign booking does not change by asking again.
    retry: (failureCount, error) => !(isApiError(error) && error.status < 500) && failureCount < 1,
    meta: { silent: true },
  });
