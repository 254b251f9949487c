import {
  changeEmail,
  deleteAccount,
  getDeleteAccountPreview,
  updatePassword,
  validateEmailChange,
} from '@therapy/contracts/endpoints/account';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export function useUpdatePassword() {
  return useMutation({
    mutationFn: async (input: { oldPassword: string; newPassword: string; confirmPassword: string }) =>
      call(updatePassword, { body: input }),
  });
}

/** Update email, step 1: the server mails a code to the new address. */
export function useChangeEmail() {
  return useMutation({
    mutationFn: async (email: string) => call(changeEmail, { body: { email } }),
  });
}

/** Update email, step 2: the code confirms the new address. The answer may carry the updated user. */
export function useValidateEmailChange() {
  return useMutation({
    mutationFn: async (code: string) => (await call(validateEmailChange, { body: { code } })).data,
  });
}

/** What deleting the account does to its money (decision 0016): the balances it holds, per currency. */
export const deletePreviewQuery = () =>
  queryOptions({
    queryKey: ['account', 'delete-preview'],
    queryFn: async () => (await call(getDeleteAccountPreview)).data,
    staleTime: 0,
  });

export function useDeleteAccount() {
  return useMutation({
    mutationFn: async (input: { password?: string }) => call(deleteAccount, { body: input }),
  });
}
