import { getTherapistProfile } from '@therapy/contracts/endpoints/directory';
import { queryOptions } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { nullIfNotFound } from '@/lib/api-error';
import { therapistKeys } from './therapists-api';

/** As the summary: the profile's signed photo URL lives ten minutes (docs/decisions/0007). */
const PROFILE_STALE_MS = 5 * 60_000;

/**
 * GET /therapists/{providerId}: the listed therapist's bio, licence states, specialities, fee and rating. A provider
 * who is not listed (not verified) answers 404, which is an answer here (null: the page shows no such section), not a
 * failure: the server render hands it over like any data, so the browser does not ask again.
 */
export const therapistProfileQuery = (providerId: string) =>
  queryOptions({
    queryKey: therapistKeys.profile(providerId),
    queryFn: ({ signal }) =>
      nullIfNotFound(async () => (await call(getTherapistProfile, { signal, params: { providerId } })).data),
    staleTime: PROFILE_STALE_MS,
    retry: false,
    meta: { silent: true },
  });
