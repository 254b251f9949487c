import { setupProvider, updateProviderInfo } from '@therapy/contracts/endpoints/provider-profile';
import type { ProviderInfoInput, ProviderSetupInput } from '@therapy/contracts/profile';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { profileKeys, providerProfileQuery } from '@/lib/profile-query';
import { queryClient } from '@/lib/query-client';

export function useProviderProfile() {
  return useQuery(providerProfileQuery());
}

/** POST /provider/update/info, or POST /provider/setup the first time (setupComplete false). */
export function useSaveProviderProfile() {
  return useMutation({
    mutationFn: async ({ setup, input }: { setup: boolean; input: ProviderInfoInput | ProviderSetupInput }) =>
      (setup
        ? await call(setupProvider, { body: input as ProviderSetupInput })
        : await call(updateProviderInfo, { body: input })
      ).data,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKeys.provider, profile);
      void queryClient.invalidateQueries({ queryKey: profileKeys.provider });
    },
  });
}
