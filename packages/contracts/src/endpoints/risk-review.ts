import { z } from 'zod';
import { envelope, errorBody, messageOnly } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import { m } from '../messages/index.ts';
import { riskReviewItem } from '../risk-review.ts';

/** Risk answers to see (issue 47; decision 0056). Providers only; another provider's questionnaire: 404. */
const tags = ['measures'] as const;

export const listRiskReviews = defineEndpoint({
  method: 'GET',
  path: '/measures/risk-review',
  operationId: 'listRiskReviews',
  summary: 'Your clients with a PHQ-9 item 9 answer above zero that you have not marked seen, newest first',
  tags,
  role: 'provider',
  responses: { 200: envelope(z.array(riskReviewItem)), 401: errorBody, 403: errorBody },
});

export const markRiskSeen = defineEndpoint({
  method: 'POST',
  path: '/measures/:id/risk-seen',
  operationId: 'markRiskSeen',
  summary: 'Mark the risk answer of one of your questionnaires as seen (who and when are recorded)',
  tags,
  role: 'provider',
  params: z.strictObject({ id: z.uuid({ error: m.notFound }) }),
  responses: { 200: messageOnly, 401: errorBody, 403: errorBody, 404: errorBody },
});
