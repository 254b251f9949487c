import type { Avatar, ClientPreferences, ClientPreferencesInput, ClientProfile, ClientProfileInput, EmergencyContact } from '@therapy/contracts/profile';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { applyPhotoUrl, clientProfileQuery, profileKeys } from '@/lib/profile-query';
import { queryClient } from '@/lib/query-client';

export { clientProfileQuery };

export const emergencyContactQuery = queryOptions({
  queryKey: ['profile', 'client', 'emergency-contact'],
  queryFn: async ({ signal }) => (await apiClient.get<EmergencyContact | null>('/client/emergency-contact', { signal })).data ?? null,
  meta: { silent: true },
});

export const clientPreferencesQuery = queryOptions({
  queryKey: ['profile', 'client', 'preferences'],
  queryFn: async ({ signal }) => (await apiClient.get<ClientPreferences>('/client/preferences', { signal })).data,
  meta: { silent: true },
});

export const avatarsQuery = queryOptions({
  queryKey: ['profile', 'avatars'],
  queryFn: async ({ signal }) => (await apiClient.get<Avatar[]>('/client/avatars', { signal })).data,
  staleTime: 60 * 60_000,
  meta: { silent: true },
});

export function useClientProfile() {
  return useQuery(clientProfileQuery());
}

export function useUpdateClientProfile() {
  return useMutation({
    mutationFn: async (input: ClientProfileInput) => (await apiClient.put<ClientProfile>('/client', input)).data,
    onSuccess: (profile) => queryClient.setQueryData(profileKeys.client, profile),
  });
}

export function useSaveEmergencyContact() {
  return useMutation({
    mutationFn: async (input: { name: string; phoneNumber: string }) => (await apiClient.post<EmergencyContact>('/client/emergency-contact', input)).data,
    onSuccess: (contact) => queryClient.setQueryData(emergencyContactQuery.queryKey, contact),
  });
}

export function useSavePreferences() {
  return useMutation({
    mutationFn: async (input: ClientPreferencesInput) => (await apiClient.put<ClientPreferences>('/client/preferences', input)).data,
    onSuccess: (prefs) => queryClient.setQueryData(clientPreferencesQuery.queryKey, prefs),
  });
}

export function useSelectAvatar() {
  return useMutation({
    mutationFn: async (avatarIdentifier: string) =>
      (await apiClient.post<{ photoUrl: string | null }>(`/client/avatar/${encodeURIComponent(avatarIdentifier)}`)).data,
    onSuccess: (data, avatarIdentifier) => applyPhotoUrl('client', data?.photoUrl ?? null, { avatarIdentifier }),
  });
}

export function useDeletePicture() {
  return useMutation({
    mutationFn: async () => (await apiClient.delete<{ photoUrl: null }>('/client/profile-picture')).data,
    onSuccess: () => applyPhotoUrl('client', null, { avatarIdentifier: null }),
  });
}
