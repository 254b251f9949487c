import {
  approveVerification,
  getVerificationReview,
  listPractices,
  listVerificationQueue,
  reinstatePractice,
  rejectVerification,
  suspendPractice,
} from '@therapy/contracts/endpoints/verification';
import type { PracticeStanding, RejectVerificationInput, SuspendPracticeInput } from '@therapy/contracts/verification';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** The filters of the list of practices, as the address holds them (page from 1). */
export interface PracticeFilters {
  standing?: PracticeStanding | undefined;
  q?: string | undefined;
  page: number;
}

export const operatorKeys = {
  all: ['operator', 'verifications'] as const,
  queue: ['operator', 'verifications', 'queue'] as const,
  review: (providerId: string) => ['operator', 'verifications', 'review', providerId] as const,
  practices: ['operator', 'verifications', 'practices'] as const,
  practicePage: (filters: PracticeFilters) => ['operator', 'verifications', 'practices', filters] as const,
};

/** GET /operator/verifications: practices and changes under review, oldest first. */
export const reviewQueueQuery = () =>
  queryOptions({
    queryKey: operatorKeys.queue,
    queryFn: async ({ signal }) => (await call(listVerificationQueue, { signal })).data,
    meta: { silent: true },
  });

/** GET /operator/verifications/{providerId}: the desk; 404 only for a provider who never submitted. */
export const reviewQuery = (providerId: string) =>
  queryOptions({
    queryKey: operatorKeys.review(providerId),
    queryFn: async ({ signal }) => (await call(getVerificationReview, { params: { providerId }, signal })).data,
    meta: { silent: true },
    retry: false,
  });

/** GET /operator/practices: one page of every submitted practice, by standing and search. */
export const practicesQuery = (filters: PracticeFilters) =>
  queryOptions({
    queryKey: operatorKeys.practicePage(filters),
    queryFn: async ({ signal }) => {
      const query: { standing?: PracticeStanding; q?: string; page: number } = { page: filters.page };
      if (filters.standing) query.standing = filters.standing;
      if (filters.q) query.q = filters.q;
      return (await call(listPractices, { query, signal })).data;
    },
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

/**
 * Every decision changes the desk, the queue and the list of practices. The desk shows its error in the confirmation
 * itself (silent), and is refreshed on a refusal too: a 404 or 409 means someone else decided first.
 */
function useDecision<TBody>(providerId: string, send: (body: TBody) => Promise<{ message?: string | undefined }>) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: operatorKeys.all });
  return useMutation({
    mutationFn: send,
    meta: { silent: true },
    onSettled: refresh,
    mutationKey: ['operator', 'decision', providerId],
  });
}

export function useApprove(providerId: string) {
  return useDecision(providerId, (_: void) => call(approveVerification, { params: { providerId }, body: {} }));
}

export function useReject(providerId: string) {
  return useDecision(providerId, (body: RejectVerificationInput) =>
    call(rejectVerification, { params: { providerId }, body }),
  );
}

export function useSuspend(providerId: string) {
  return useDecision(providerId, (body: SuspendPracticeInput) =>
    call(suspendPractice, { params: { providerId }, body }),
  );
}

export function useReinstate(providerId: string) {
  return useDecision(providerId, (_: void) => call(reinstatePractice, { params: { providerId }, body: {} }));
}
