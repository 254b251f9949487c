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

/** The API answers 503 while its database is briefly out of reach (a restart, a failover): worth a few more tries. */
const briefOutage = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.code === 'SERVICE_UNAVAILABLE';
const OUTAGE_TRIES = 3;

/** Client errors (4xx) will fail the same way again; outages and 5xx are worth one more try, a brief outage three. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (briefOutage(error)) return failureCount < OUTAGE_TRIES;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/** After a brief outage, as long as the API's Retry-After says (at most 30 s); otherwise TanStack Query's own back-off. */
export function retryDelay(failureCount: number, error: unknown): number {
  if (briefOutage(error) && error.retryAfterSeconds !== undefined)
    return Math.min(error.retryAfterSeconds * 1000, 30_000);
  return Math.min(1000 * 2 ** failureCount, 30_000);
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
      queries: { retry: shouldRetry, retryDelay, staleTime: 30_000 },
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
