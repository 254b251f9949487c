import { getClientOverview, getProviderOverview } from '@therapy/contracts/endpoints/bookings';
import { listProviderReviews } from '@therapy/contracts/endpoints/reviews';
import { listWalletBalances } from '@therapy/contracts/endpoints/wallet';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { bookingKeys, walletQueryPrefix } from '@/lib/booking-queries';

/**
 * The /overview dashboards' data (issue 16). The overview keys sit under `bookingKeys.all`, so a booking changed
 * anywhere (paid, cancelled, reviewed in the review modal) refreshes the dashboard too.
 */
export const overviewKeys = {
  client: () => [...bookingKeys.all, 'overview', 'client'] as const,
  provider: () => [...bookingKeys.all, 'overview', 'provider'] as const,
  /** The wallet feature's key for the same list (under its `balance` prefix): one cache entry for both pages. */
  balances: () => [...walletQueryPrefix, 'balance', 'every'] as const,
  reviews: (providerId: string) => [...bookingKeys.all, 'overview', 'reviews', providerId] as const,
};

export const clientOverviewQuery = () =>
  queryOptions({
    queryKey: overviewKeys.client(),
    queryFn: async ({ signal }) => (await call(getClientOverview, { signal })).data,
    meta: { silent: true },
  });

export const providerOverviewQuery = () =>
  queryOptions({
    queryKey: overviewKeys.provider(),
    queryFn: async ({ signal }) => (await call(getProviderOverview, { signal })).data,
    meta: { silent: true },
  });

/** Every wallet the user holds, the own currency first (issue 46: a euro wallet beside the own dollar one). */
export const balancesQuery = () =>
  queryOptions({
    queryKey: overviewKeys.balances(),
    queryFn: async ({ signal }) => (await call(listWalletBalances, { signal })).data,
    meta: { silent: true },
  });

/** The provider's three newest reviews, with the exact average and count. */
export const latestReviewsQuery = (providerId: string) =>
  queryOptions({
    queryKey: overviewKeys.reviews(providerId),
    queryFn: async ({ signal }) =>
      (await call(listProviderReviews, { signal, params: { id: providerId }, query: { page: 1, pageSize: 3 } })).data,
    meta: { silent: true },
  });
