import {
  getProviderVerification,
  getVerificationNote,
  submitVerification,
} from '@therapy/contracts/endpoints/verification';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const verificationKeys = {
  all: ['verification'] as const,
  status: ['verification', 'status'] as const,
  note: ['verification', 'note'] as const,
};

/** GET /provider/verification: the status and the set-up checklist. The card shows its own error. */
export const verificationQuery = () =>
  queryOptions({
    queryKey: verificationKeys.status,
    queryFn: async ({ signal }) => (await call(getProviderVerification, { signal })).data,
    meta: { silent: true },
  });

/** GET /provider/qualification/verification-note: the operator's latest note. */
export const verificationNoteQuery = () =>
  queryOptions({
    queryKey: verificationKeys.note,
    queryFn: async ({ signal }) => (await call(getVerificationNote, { signal })).data,
    meta: { silent: true },
  });

/** PUT /provider/verification-submission; the page shows a refusal (the missing steps) itself. */
export function useSubmitVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => call(submitVerification),
    meta: { silent: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: verificationKeys.all }),
  });
}
