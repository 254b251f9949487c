import { z } from 'zod';
import { errorBody, pageMeta } from '../common.ts';
import { directoryEntry, directoryQuery } from '../directory.ts';
import { defineEndpoint } from '../endpoint.ts';

/** The therapist directory (issue 16): public, one database query per page. */
export const searchTherapists = defineEndpoint({
  method: 'GET',
  path: '/therapists',
  operationId: 'searchTherapists',
  summary: 'Verified therapists licensed in a US state: filtered, searched (typo-tolerant names, words of the bio), sorted, paged',
  tags: ['directory'] as const,
  role: 'public',
  query: directoryQuery,
  responses: { 200: z.object({ data: z.array(directoryEntry), meta: pageMeta }), 400: errorBody },
});
