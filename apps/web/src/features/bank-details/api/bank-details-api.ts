import type { BankAccountCheckInput, SaveBankDetailsInput } from '@therapy/contracts/bank-details';
import {
  checkBankAccount,
  getBankDetails,
  listPayoutBanks,
  saveBankDetails,
} from '@therapy/contracts/endpoints/bank-details';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const bankDetailsKeys = {
  all: ['bank-details'] as const,
  banks: ['bank-details', 'banks'] as const,
};

/** GET /provider/bank-details: the form of the provider's country and the saved details (account number masked). */
export const bankDetailsQuery = () =>
  queryOptions({ queryKey: bankDetailsKeys.all, queryFn: async () => (await call(getBankDetails)).data });

/** GET /provider/bank-details/banks: the payout gateway's banks (only where the gateway checks accounts). */
export const payoutBanksQuery = () =>
  queryOptions({
    queryKey: bankDetailsKeys.banks,
    queryFn: async () => (await call(listPayoutBanks)).data,
    staleTime: 10 * 60_000,
  });

/** PUT /provider/bank-details. */
export function useSaveBankDetails() {
  const client = useQueryClient();
  return useMutation({
    // The form shows the error itself (next to the fields and above the button), so no toast repeats it.
    meta: { silent: true },
    mutationFn: async (body: SaveBankDetailsInput) => (await call(saveBankDetails, { body })).data,
    onSuccess: (state) => client.setQueryData(bankDetailsKeys.all, state),
  });
}

/** POST /provider/bank-details/account-check: the holder name the bank has for the account. */
export function useCheckBankAccount() {
  return useMutation({
    mutationFn: async (body: BankAccountCheckInput) => (await call(checkBankAccount, { body })).data,
  });
}
