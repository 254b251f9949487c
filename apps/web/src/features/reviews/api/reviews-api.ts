import type { ReviewEditValues, ReviewValues } from '@therapy/contracts/reviews';
import { createReview, updateReview } from '@therapy/contracts/endpoints/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { bookingKeys } from '@/lib/booking-queries';

/** POST /review/{participantId}: the first review of a completed session. */
export function useCreateReview(participantId: string) {
  return useMutation({
    mutationFn: async (body: ReviewValues) => call(createReview, { params: { id: participantId }, body }),
  });
}

/** PUT /review/{participantId}: the one edit. */
export function useUpdateReview(participantId: string) {
  return useMutation({
    mutationFn: async (body: ReviewEditValues) => call(updateReview, { params: { id: participantId }, body }),
  });
}

/** Refetches the booking's review and the booking pages (feedbackProvided), after the modal's short wait. */
export function useRefreshReview() {
  const queryClient = useQueryClient();
  return (bookingId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: bookingKeys.review(bookingId) }),
      queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
    ]);
}
