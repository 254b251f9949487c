/**
 * Query keys every booking screen shares (issue 15), so a change made in one feature (a cancel in a modal) refreshes
 * the lists and pages of another (the appointments pages) without either importing the other: invalidate
 * `bookingKeys.all` after any booking write, and `walletKeys` of the wallet feature when money moved.
 */
export const bookingKeys = {
  all: ['bookings'] as const,
  lists: () => [...bookingKeys.all, 'list'] as const,
  list: (role: 'client' | 'provider', statuses: readonly string[], page: number) =>
    [...bookingKeys.lists(), role, statuses.join(','), page] as const,
  detail: (id: string) => [...bookingKeys.all, 'detail', id] as const,
  policy: (id: string, kind: 'cancellation' | 'reschedule') => [...bookingKeys.all, 'policy', kind, id] as const,
  clients: () => [...bookingKeys.all, 'clients'] as const,
  /** A booking's review (issue 16): under `all`, so a booking write refreshes it too. */
  review: (bookingId: string) => [...bookingKeys.all, 'review', bookingId] as const,
};

/** The wallet's balance and history: refreshed after a booking is paid or refunded. */
export const walletQueryPrefix = ['wallet'] as const;
