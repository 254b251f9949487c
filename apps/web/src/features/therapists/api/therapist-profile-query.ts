import { getTherapistProfile } from '@therapy/contracts/endpoints/directory';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { therapistKeys } from './therapists-api';

/** As the summary: the profile's signed photo URL lives ten minutes (docs/decisions/0007). */
const PROFILE_STALE_MS = 5 * 60_000;

/**
 * GET /therapists/{providerId}: the listed therapist's bio, licence states, specialities, fee and rating. A provider
 * who is not listed (not verified) answers 404: their page then shows no such section, and asking again is pointless.
 */
export const therapistProfileQuery = (providerId: string) =>
  queryOptions({
    queryKey: therapistKeys.profile(providerId),
    queryFn: async ({ signal }) => (await call(getTherapistProfile, { signal, params: { providerId } })).data,
    staleTime: PROFILE_STALE_MS,
    retry: false,
    meta: { silent: true },
  });
