import type {
  GeneralFeeInput,
  LicenseStatesInput,
  TherapyFeeInput,
  WorkHistoryValues,
} from '@therapy/contracts/practice-details';
import {
  addWorkHistory,
  deleteWorkHistory,
  getBookingFees,
  getLicenseStates,
  listWorkHistory,
  setGeneralFee,
  setLicenseStates,
  setTherapyFee,
  updateWorkHistory,
} from '@therapy/contracts/endpoints/practice-details';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const practiceDetailsKeys = {
  workHistory: ['practice-details', 'work-history'] as const,
  fees: ['practice-details', 'fees'] as const,
  licenseStates: ['practice-details', 'license-states'] as const,
};

/** GET /provider/experience: current positions first, then the latest. */
export const workHistoryQuery = () =>
  queryOptions({
    queryKey: practiceDetailsKeys.workHistory,
    queryFn: async ({ signal }) => (await call(listWorkHistory, { signal })).data,
  });

/** POST /provider/experience (no id) or PUT /provider/experience/{id}; resolves to the envelope so the toast shows the server's message. */
export function useSaveWorkHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: string; values: WorkHistoryValues }) =>
      id ? call(updateWorkHistory, { params: { id }, body: values }) : call(addWorkHistory, { body: values }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: practiceDetailsKeys.workHistory }),
  });
}

export function useDeleteWorkHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(deleteWorkHistory, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: practiceDetailsKeys.workHistory }),
  });
}

/** GET /provider/booking-fee: the currency, the general fee and one entry per therapy the provider offers. */
export const bookingFeesQuery = () =>
  queryOptions({
    queryKey: practiceDetailsKeys.fees,
    queryFn: async ({ signal }) => (await call(getBookingFees, { signal })).data,
  });

export function useSaveGeneralFee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GeneralFeeInput) => call(setGeneralFee, { body: input }),
    onSuccess: ({ data }) => queryClient.setQueryData(practiceDetailsKeys.fees, data),
  });
}

export function useSaveTherapyFee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TherapyFeeInput) => call(setTherapyFee, { body: input }),
    onSuccess: ({ data }) => queryClient.setQueryData(practiceDetailsKeys.fees, data),
  });
}

/** GET /provider/license-states. */
export const licenseStatesQuery = () =>
  queryOptions({
    queryKey: practiceDetailsKeys.licenseStates,
    queryFn: async ({ signal }) => (await call(getLicenseStates, { signal })).data,
  });

/** The states of the United States from the reference data, for the picker. */
export { usStatesQuery } from '@/lib/regions';

export function useSaveLicenseStates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LicenseStatesInput) => call(setLicenseStates, { body: input }),
    onSuccess: ({ data }) => queryClient.setQueryData(practiceDetailsKeys.licenseStates, data),
  });
}
