import { z } from 'zod';
import { appConfig } from '../app-config.ts';
import { envelope, errorBody } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';

/** Liveness, readiness, deployment facts, signed file URLs and the development mailbox. */
const tags = ['ops'] as const;
const status = z.object({ status: z.literal('ok') });
/** The per-address flood guard (app.ts, @fastify/rate-limit) answers every route; these read nothing else to refuse. */
const flooded = { 429: errorBody };

export const getHealth = defineEndpoint({
  method: 'GET',
  path: '/health',
  operationId: 'getHealth',
  summary: 'Liveness: the process answers',
  tags,
  role: 'public',
  responses: { 200: status, ...flooded },
});

export const getReadiness = defineEndpoint({
  method: 'GET',
  path: '/ready',
  operationId: 'getReadiness',
  summary: 'Readiness: the process can reach its database',
  tags,
  role: 'public',
  responses: { 200: status, ...flooded, 503: errorBody },
});

export const getAppConfig = defineEndpoint({
  method: 'GET',
  path: '/app-config',
  operationId: 'getAppConfig',
  summary: 'What the web app needs to know about this deployment before anyone signs in',
  tags,
  role: 'public',
  responses: { 200: envelope(appConfig), ...flooded },
});

/** Loose on purpose: a malformed signed URL answers 404 like any other bad one, never a 400 that says why. */
const fileParams = z.object({ id: z.string().max(64) });
const fileQuery = z.object({ expires: z.string().max(32).optional(), signature: z.string().max(128).optional() });

/** Files behind short-lived signed URLs: no Authorization header, the URL is the capability. */
export const getFile = defineEndpoint({
  method: 'GET',
  path: '/files/:id',
  operationId: 'getFile',
  summary: 'The bytes of a stored file, by its signed URL',
  tags: ['files'],
  role: 'public',
  params: fileParams,
  query: fileQuery,
  responses: {
    200: {
      description: 'The file bytes, with the stored content type',
      content: { 'application/octet-stream': { schema: z.unknown().meta({ type: 'string', format: 'binary' }) } },
    },
    404: errorBody,
  },
});

/** Outside production, without SMTP, every mail the app sent is readable here (DESIGN.md §2). */
export const getDevMailbox = defineEndpoint({
  method: 'GET',
  path: '/dev/mailbox',
  operationId: 'getDevMailbox',
  summary: 'The mail this development server sent, as an HTML page',
  tags,
  role: 'public',
  atRoot: true,
  hidden: 'a development page outside the API (/dev, not /api/v1), never registered in production',
  responses: { 200: { description: 'An HTML page', content: { 'text/html': { schema: z.string() } } } },
});
