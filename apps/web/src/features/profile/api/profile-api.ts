import {
  chooseAvatar,
  deleteClientPicture,
  getClientPreferences,
  getEmergencyContact,
  listAvatars,
  saveEmergencyContact,
  updateClientPreferences,
  updateClientProfile,
} from '@therapy/contracts/endpoints/client-profile';
import type { ClientPreferencesInput, ClientProfileInput } from '@therapy/contracts/profile';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { applyPhotoUrl, clientProfileQuery, profileKeys } from '@/lib/profile-query';
import { queryClient } from '@/lib/query-client';

export { clientProfileQuery };

export const emergencyContactQuery = queryOptions({
  queryKey: ['profile', 'client', 'emergency-contact'],
  queryFn: async ({ signal }) => (await call(getEmergencyContact, { signal })).data ?? null,
  meta: { silent: true },
});

export const clientPreferencesQuery = queryOptions({
  queryKey: ['profile', 'client', 'preferences'],
  queryFn: async ({ signal }) => (await call(getClientPreferences, { signal })).data,
  meta: { silent: true },
});

export const avatarsQuery = queryOptions({
  queryKey: ['profile', 'avatars'],
  queryFn: async ({ signal }) => (await call(listAvatars, { signal })).data,
  staleTime: 60 * 60_000,
  meta: { silent: true },
});

export function useClientProfile() {
  return useQuery(clientProfileQuery());
}

export function useUpdateClientProfile() {
  return useMutation({
    mutationFn: async (input: ClientProfileInput) => (await call(updateClientProfile, { body: input })).data,
    onSuccess: (profile) => queryClient.setQueryData(profileKeys.client, profile),
  });
}

export function useSaveEmergencyContact() {
  return useMutation({
    mutationFn: async (input: { name: string; phoneNumber: string }) =>
      (await call(saveEmergencyContact, { body: input })).data,
    onSuccess: (contact) => queryClient.setQueryData(emergencyContactQuery.queryKey, contact),
  });
}

export function useSavePreferences() {
  return useMutation({
    mutationFn: async (input: ClientPreferencesInput) => (await call(updateClientPreferences, { body: input })).data,
    onSuccess: (prefs) => queryClient.setQueryData(clientPreferencesQuery.queryKey, prefs),
  });
}

export function useSelectAvatar() {
  return useMutation({
    mutationFn: async (avatarIdentifier: string) => (await call(chooseAvatar, { params: { avatarIdentifier } })).data,
    onSuccess: (data, avatarIdentifier) => applyPhotoUrl('client', data?.photoUrl ?? null, { avatarIdentifier }),
  });
}

export function useDeletePicture() {
  return useMutation({
    mutationFn: async () => (await call(deleteClientPicture)).data,
    onSuccess: () => applyPhotoUrl('client', null, { avatarIdentifier: null }),
  });
}
