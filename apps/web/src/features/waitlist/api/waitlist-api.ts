import { acceptWaitlistOffer, joinWaitlist, leaveWaitlist, listWaitlist } from '@therapy/contracts/endpoints/waitlist';
import type { JoinWaitlistInput } from '@therapy/contracts/waitlist';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { bookingKeys } from '@/lib/booking-queries';

/** The waitlist (issue 19): one's places and the slots held from them. */
export const waitlistKeys = { all: ['waitlist'] as const };

export const waitlistQuery = () =>
  queryOptions({
    queryKey: waitlistKeys.all,
    queryFn: async ({ signal }) => (await call(listWaitlist, { signal })).data,
    // An offer is held for 30 minutes: looked at again every minute while a page shows it.
    refetchInterval: 60_000,
    meta: { silent: true },
  });

function useWaitlistMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: waitlistKeys.all });
      // A held slot leaves (or returns to) the calendars; a taken one is a booking.
      await client.invalidateQueries({ queryKey: bookingKeys.all });
    },
    meta: { silent: true },
  });
}

export const useJoinWaitlist = () =>
  useWaitlistMutation(async (input: JoinWaitlistInput) => call(joinWaitlist, { body: input }));
export const useLeaveWaitlist = () =>
  useWaitlistMutation(async (id: string) => call(leaveWaitlist, { params: { id } }));
export const useAcceptOffer = () =>
  useWaitlistMutation(async (id: string) => call(acceptWaitlistOffer, { params: { id } }));
