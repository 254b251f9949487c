import { listRiskReviews, markRiskSeen } from '@therapy/contracts/endpoints/risk-review';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/**
 * Issue 47: the provider's unseen risk answers (PHQ-9 item 9 above zero), shared by the overview's "Needs attention"
 * card and the client list's badge (features do not import each other, so the query lives here).
 */
export const riskReviewKeys = { all: ['risk-review'] as const };

export const riskReviewsQuery = () =>
  queryOptions({
    queryKey: riskReviewKeys.all,
    queryFn: async ({ signal }) => (await call(listRiskReviews, { signal })).data,
    staleTime: 30_000,
    meta: { silent: true },
  });

export function useMarkRiskSeen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ measureId }: { measureId: string }) => call(markRiskSeen, { params: { id: measureId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: riskReviewKeys.all }),
    meta: { silent: true },
  });
}
