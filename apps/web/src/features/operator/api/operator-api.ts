import {
  approveVerification,
  getVerificationReview,
  listVerificationQueue,
  rejectVerification,
} from '@therapy/contracts/endpoints/verification';
import type { RejectVerificationInput } from '@therapy/contracts/verification';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const operatorKeys = {
  all: ['operator', 'verifications'] as const,
  queue: ['operator', 'verifications', 'queue'] as const,
  review: (providerId: string) => ['operator', 'verifications', 'review', providerId] as const,
};

/** GET /operator/verifications: practices under review, oldest first. */
export const reviewQueueQuery = () =>
  queryOptions({
    queryKey: operatorKeys.queue,
    queryFn: async ({ signal }) => (await call(listVerificationQueue, { signal })).data,
    meta: { silent: true },
  });

/** GET /operator/verifications/{providerId}: 404 once the practice is no longer under review. */
export const reviewQuery = (providerId: string) =>
  queryOptions({
    queryKey: operatorKeys.review(providerId),
    queryFn: async ({ signal }) => (await call(getVerificationReview, { params: { providerId }, signal })).data,
    meta: { silent: true },
    retry: false,
  });

export function useApprove(providerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => call(approveVerification, { params: { providerId }, body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorKeys.queue }),
  });
}

export function useReject(providerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: RejectVerificationInput) => call(rejectVerification, { params: { providerId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorKeys.queue }),
  });
}
