import { BOOKING_LIST_STALE_MS } from '@therapy/contracts/constants';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, toastError } from './api-error';

declare module '@tanstack/react-query' {
  interface Register {
    // `silent` opts a query or mutation out of the global error toast when the screen shows the error itself.
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

/** Client errors (4xx) will fail the same way again; only outages and 5xx are worth one more try. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent) toastError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.silent) toastError(error);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

/** Spec §7: the booking list is cached 60 s, retried once and not refetched on window focus. */
export const bookingListQueryDefaults = {
  staleTime: BOOKING_LIST_STALE_MS,
  retry: 1,
  refetchOnWindowFocus: false,
} as const;
