import { z } from 'zod';
import { envelope, errorBody, messageOnly } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import {
  measure,
  measureAnswersBody,
  measureLinkParams,
  measureLinkView,
  measureListQuery,
  measureSent,
  measureSeries,
  sendMeasureInput,
} from '../measures.ts';
import { m } from '../messages/index.ts';

/**
 * Outcome measures (issue 20): PHQ-9 and GAD-7 questionnaires a provider sends to one of their clients, answered by
 * the client, scored on the server. A questionnaire is found only by its client and the provider who sent it; anyone
 * else (also an operator) gets 404.
 */
const tags = ['measures'] as const;
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const idParams = z.strictObject({ id: z.uuid({ error: m.notFound }) });

export const sendMeasure = defineEndpoint({
  method: 'POST',
  path: '/measures',
  operationId: 'sendMeasure',
  summary:
    'Send a PHQ-9 or GAD-7 questionnaire to one of your clients (`clientIdentifier` as in `GET /user/info`), once or (`schedule: "before-each-session"`) before every session from now on; the client is mailed a link',
  tags,
  role: 'provider',
  body: sendMeasureInput,
  responses: { 201: envelope(measureSent), ...errors, 409: errorBody },
});

export const listMeasures = defineEndpoint({
  method: 'GET',
  path: '/measures',
  operationId: 'listMeasures',
  summary:
    'A provider: the questionnaires they sent (to one client with `clientIdentifier`). A client: the questionnaires sent to them. Newest first',
  tags,
  role: 'user',
  query: measureListQuery,
  responses: { 200: envelope(z.array(measure)), ...errors },
});

export const getMeasure = defineEndpoint({
  method: 'GET',
  path: '/measures/:id',
  operationId: 'getMeasure',
  summary: 'One questionnaire, with its answers, score and severity once answered',
  tags,
  role: 'user',
  params: idParams,
  responses: { 200: envelope(measure), ...errors },
});

export const answerMeasure = defineEndpoint({
  method: 'POST',
  path: '/measures/:id/answers',
  operationId: 'answerMeasure',
  summary:
    'The client answers a questionnaire sent to them: one answer from 0 to 3 per item; the answer carries the score and severity band',
  tags,
  role: 'client',
  params: idParams,
  body: measureAnswersBody,
  responses: { 200: envelope(measure), ...errors, 409: errorBody },
});

export const reviewMeasure = defineEndpoint({
  method: 'POST',
  path: '/measures/:id/review',
  operationId: 'reviewMeasure',
  summary: 'The provider marks an answered questionnaire as seen (a PHQ-9 item-9 alert stays raised until then)',
  tags,
  role: 'provider',
  params: idParams,
  responses: { 200: envelope(measure), ...errors },
});

export const listMeasureSeries = defineEndpoint({
  method: 'GET',
  path: '/measures/series',
  operationId: 'listMeasureSeries',
  summary: 'The questionnaires you send before every session (to one client with `clientIdentifier`)',
  tags,
  role: 'provider',
  query: z.strictObject({ clientIdentifier: z.uuid({ error: m.notFound }).optional() }),
  responses: { 200: envelope(z.array(measureSeries)), ...errors },
});

export const stopMeasureSeries = defineEndpoint({
  method: 'DELETE',
  path: '/measures/series/:id',
  operationId: 'stopMeasureSeries',
  summary: 'Stop sending a questionnaire before every session (questionnaires already sent stay)',
  tags,
  role: 'provider',
  params: idParams,
  responses: { 200: envelope(measureSeries), ...errors },
});

/** A questionnaire by its one-time mailed link, for a client without an account (decision 0053): no sign-in. */
export const getMeasureLink = defineEndpoint({
  method: 'GET',
  path: '/measures/links/:token',
  operationId: 'getMeasureLink',
  summary: 'The questionnaire a one-time link opens (kind, from whom); 400 when it was used or has expired',
  tags,
  role: 'public',
  params: measureLinkParams,
  responses: { 200: envelope(measureLinkView), ...errors },
});

export const answerMeasureLink = defineEndpoint({
  method: 'POST',
  path: '/measures/links/:token/answers',
  operationId: 'answerMeasureLink',
  summary: 'Answer a questionnaire by its one-time link, once; the provider sees the result on the client page',
  tags,
  role: 'public',
  params: measureLinkParams,
  body: measureAnswersBody,
  responses: { 200: messageOnly, ...errors },
});
