import { z } from 'zod';
import { envelope, errorBody } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import { m } from '../messages/index.ts';
import { photoResponse, providerInfoInput, providerProfile, providerSetupInput, providerSummary } from '../profile.ts';

/** A provider's own profile: spec §7 `GET /provider`, `POST /provider/update/info`, `POST /provider/update/photo`. */
const tags = ['provider'] as const;
const role = 'provider';
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 413: errorBody };

export const getProviderProfile = defineEndpoint({
  method: 'GET',
  path: '/provider',
  operationId: 'getProviderProfile',
  summary: "The signed-in provider's profile",
  tags,
  role,
  responses: { 200: envelope(providerProfile), ...errors },
});

export const updateProviderInfo = defineEndpoint({
  method: 'POST',
  path: '/provider/update/info',
  operationId: 'updateProviderInfo',
  summary: "Save the signed-in provider's profile",
  tags,
  role,
  body: providerInfoInput,
  responses: { 200: envelope(providerProfile), ...errors },
});

export const setupProvider = defineEndpoint({
  method: 'POST',
  path: '/provider/setup',
  operationId: 'setupProvider',
  summary: "Complete the signed-in provider's first profile set-up",
  tags,
  role,
  body: providerSetupInput,
  responses: { 200: envelope(providerProfile), ...errors },
});

export const uploadProviderPhoto = defineEndpoint({
  method: 'POST',
  path: '/provider/update/photo',
  operationId: 'uploadProviderPhoto',
  summary: "Upload the signed-in provider's photo (multipart field `file`)",
  tags,
  role,
  consumes: ['multipart/form-data'],
  responses: { 200: envelope(photoResponse), ...errors },
});

const providerIdParams = z.strictObject({ providerId: z.uuid({ error: m.notFound }) });

/** The public head of a provider page (anyone, signed in or not). */
export const getProviderSummary = defineEndpoint({
  method: 'GET',
  path: '/providers/:providerId',
  operationId: 'getProviderSummary',
  summary: "A provider's public summary: name, photo, headline, therapies",
  tags,
  role: 'public',
  params: providerIdParams,
  responses: { 200: envelope(providerSummary), 400: errorBody, 404: errorBody },
});
