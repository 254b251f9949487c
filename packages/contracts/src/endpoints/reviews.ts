import { z } from 'zod';
import { envelope, errorBody, pageMeta } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import { m } from '../messages/index.ts';
import { providerReviews, review, reviewEditInput, reviewInput, reviewPageQuery } from '../reviews.ts';

/**
 * Spec §7 "Reviews" (issue 16). A review hangs off the client's participant booking (spec §1: "participantId is used
 * for review edit"): POST /review/{id} writes it, PUT /review/{participantId} edits it once. Someone else's
 * participant or booking answers 404, like a missing one.
 */
const tags = ['reviews'] as const;
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const idParams = z.strictObject({ id: z.uuid({ error: m.notFound }) });

export const getParticipantReview = defineEndpoint({
  method: 'GET',
  path: '/review/participant/:id',
  operationId: 'getParticipantReview',
  summary: "The client's review of their session (data is null before they wrote one)",
  tags,
  role: 'client',
  params: idParams,
  responses: { 200: envelope(review.nullable()), ...errors },
});

export const createReview = defineEndpoint({
  method: 'POST',
  path: '/review/:id',
  operationId: 'createReview',
  summary: 'Review a completed session, once (`id` is the participant booking)',
  tags,
  role: 'client',
  params: idParams,
  body: reviewInput,
  responses: { 201: envelope(review), ...errors, 409: errorBody },
});

export const updateReview = defineEndpoint({
  method: 'PUT',
  path: '/review/:id',
  operationId: 'updateReview',
  summary: 'Edit the review once (rating and comment); a second edit is refused',
  tags,
  role: 'client',
  params: idParams,
  body: reviewEditInput,
  responses: { 200: envelope(review), ...errors, 409: errorBody },
});

export const getBookingReview = defineEndpoint({
  method: 'GET',
  path: '/review/booking/:id',
  operationId: 'getBookingReview',
  summary: 'The review of a booking, for its client or provider (data is null when there is none)',
  tags,
  role: 'user',
  params: idParams,
  responses: { 200: envelope(review.nullable()), ...errors },
});

export const listProviderReviews = defineEndpoint({
  method: 'GET',
  path: '/review/provider/:id',
  operationId: 'listProviderReviews',
  summary: "A provider's reviews, newest first, a page at a time, with their exact average and count",
  tags,
  role: 'public',
  params: idParams,
  query: reviewPageQuery,
  responses: { 200: z.object({ data: providerReviews, meta: pageMeta }), ...errors },
});
