import { getClientProfile, uploadClientPicture } from '@therapy/contracts/endpoints/client-profile';
import { getProviderProfile, uploadProviderPhoto } from '@therapy/contracts/endpoints/provider-profile';
import type { ClientProfile, ProviderProfile } from '@therapy/contracts/profile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './api-client';
import type { ProfileOwner } from './profile-owner';
import { useAuthStore } from './auth-store';
import { queryClient } from './query-client';

/**
 * The signed-in user's profile, shared by the header (picture) and the profile screens (forms): one query key, so a
 * new picture shows in the header the moment the profile screen stores it. photoUrl is a signed URL valid for ten
 * minutes (docs/decisions/0007), so the profile is refetched before that.
 */
const PHOTO_STALE_MS = 5 * 60_000;

export const profileKeys = {
  client: ['profile', 'client'] as const,
  provider: ['profile', 'provider'] as const,
};

export const clientProfileQuery = () =>
  queryOptions({
    queryKey: profileKeys.client,
    queryFn: async ({ signal }) => (await call(getClientProfile, { signal })).data,
    staleTime: PHOTO_STALE_MS,
    refetchInterval: PHOTO_STALE_MS,
    // The screens show their own error state; the header falls back to initials.
    meta: { silent: true },
  });

export const providerProfileQuery = () =>
  queryOptions({
    queryKey: profileKeys.provider,
    queryFn: async ({ signal }) => (await call(getProviderProfile, { signal })).data,
    staleTime: PHOTO_STALE_MS,
    refetchInterval: PHOTO_STALE_MS,
    meta: { silent: true },
  });

/** The signed-in user's picture URL (uploaded picture or avatar), or null: what the header shows. */
export function useProfilePhoto(): { photoUrl: string | null; refresh: () => void } {
  const user = useAuthStore((s) => (s.status === 'authenticated' ? s.user : null));
  const isProvider = user?.userType === 'provider';
  // Operators have no profile picture (decision 0026): only clients and providers ask.
  const client = useQuery({ ...clientProfileQuery(), enabled: user?.userType === 'client', select: (p) => p.photoUrl });
  const provider = useQuery({ ...providerProfileQuery(), enabled: !!user && isProvider, select: (p) => p.photoUrl });
  const active = isProvider ? provider : client;
  return { photoUrl: user ? (active.data ?? null) : null, refresh: () => void active.refetch() };
}

/** Stores a new photoUrl in the shared profile at once (header included), then fetches a fresh copy. */
export function applyPhotoUrl(owner: ProfileOwner, photoUrl: string | null, extra: Partial<ClientProfile> = {}): void {
  const key = profileKeys[owner];
  queryClient.setQueryData<ClientProfile | ProviderProfile>(key, (old) => (old ? { ...old, ...extra, photoUrl } : old));
  void queryClient.invalidateQueries({ queryKey: key });
}

/** The upload of a cropped picture: POST multipart `file` to the owner's endpoint. */
export async function uploadProfilePhoto(
  owner: ProfileOwner,
  blob: Blob,
): Promise<{ photoUrl: string | null; message?: string }> {
  const form = new FormData();
  const type = blob.type || 'image/jpeg';
  form.append('file', blob, `profile.${type === 'image/png' ? 'png' : type === 'image/webp' ? 'webp' : 'jpg'}`);
  const { data, message } = await call(owner === 'client' ? uploadClientPicture : uploadProviderPhoto, { body: form });
  return { photoUrl: data?.photoUrl ?? null, message };
}
