import type { DeleteAccountPreview, UserInfo } from '@therapy/contracts/auth';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export function useUpdatePassword() {
  return useMutation({
    mutationFn: async (input: { oldPassword: string; newPassword: string; confirmPassword: string }) =>
      apiClient.post<unknown>('/user/profile/update-password', input),
  });
}

/** Update email, step 1: the server mails a code to the new address. */
export function useChangeEmail() {
  return useMutation({
    mutationFn: async (email: string) => apiClient.post<unknown>('/user/profile/change-email', { email }),
  });
}

/** Update email, step 2: the code confirms the new address. The answer may carry the updated user. */
export function useValidateEmailChange() {
  return useMutation({
    mutationFn: async (code: string) => (await apiClient.post<Partial<UserInfo> | null>('/user/profile/validate-email-change', { code })).data,
  });
}

/** What deleting the account does to its money (decision 0016): the balances it holds, per currency. */
export const deletePreviewQuery = () =>
  queryOptions({
    queryKey: ['account', 'delete-preview'],
    queryFn: async () => (await apiClient.get<DeleteAccountPreview>('/user/profile/delete-account')).data,
    staleTime: 0,
  });

export function useDeleteAccount() {
  return useMutation({
    mutationFn: async (input: { password?: string }) => apiClient.delete<unknown>('/user/profile/delete-account', input),
  });
}
