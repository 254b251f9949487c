import { z } from 'zod';
import { envelope, errorBody, pageMeta } from '../common.ts';
import { directoryEntry, directoryQuery, therapistProfile } from '../directory.ts';
import { defineEndpoint } from '../endpoint.ts';
import { m } from '../messages/index.ts';

/** The therapist directory (issue 16): public, one database query per page. */
export const searchTherapists = defineEndpoint({
  method: 'GET',
  path: '/therapists',
  operationId: 'searchTherapists',
  summary:
    "Verified therapists licensed in a US state: filtered, searched (names, headline, bio, therapies, specialities, languages; en and de, stemmed, typo-tolerant), priced in the visitor's currency, sorted, paged",
  tags: ['directory'] as const,
  role: 'public',
  query: directoryQuery,
  responses: {
    200: z.object({
      data: z.array(directoryEntry),
      // Issue 48: the currency the page's prices were filtered, sorted and converted in.
      meta: pageMeta.extend({ currency: z.string() }),
    }),
    400: errorBody,
  },
});

/** A listed therapist's public profile (issue 16): verified and live, else 404. */
export const getTherapistProfile = defineEndpoint({
  method: 'GET',
  path: '/therapists/:providerId',
  operationId: 'getTherapistProfile',
  summary: "A listed therapist's public profile: card, bio, licence states, fee and rating",
  tags: ['directory'] as const,
  role: 'public',
  params: z.strictObject({ providerId: z.uuid({ error: m.notFound }) }),
  responses: { 200: envelope(therapistProfile), 400: errorBody, 404: errorBody },
});
