import { z } from 'zod';
import { envelope, errorBody } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import {
  approveVerificationInput,
  practiceList,
  practiceListQuery,
  providerVerification,
  suspendPracticeInput,
  rejectVerificationInput,
  verificationDecision,
  verificationNote,
  verificationQueueItem,
  verificationReview,
} from '../verification.ts';

/** A provider's set-up checklist and submission (spec §7), and the operator's review queue (decision 0026). */
const tags = ['verification'] as const;
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const providerParams = z.strictObject({ providerId: z.uuid() });

export const getProviderVerification = defineEndpoint({
  method: 'GET',
  path: '/provider/verification',
  operationId: 'getProviderVerification',
  summary: "The signed-in provider's verification status and set-up checklist",
  tags,
  role: 'provider',
  responses: { 200: envelope(providerVerification), ...errors },
});

export const submitVerification = defineEndpoint({
  method: 'PUT',
  path: '/provider/verification-submission',
  operationId: 'submitVerification',
  summary: 'Submit the practice for verification (only with a complete checklist)',
  tags,
  role: 'provider',
  responses: { 200: envelope(providerVerification), ...errors },
});

export const getVerificationNote = defineEndpoint({
  method: 'GET',
  path: '/provider/qualification/verification-note',
  operationId: 'getVerificationNote',
  summary: "The verification status and the operator's latest note",
  tags,
  role: 'provider',
  responses: { 200: envelope(verificationNote), ...errors },
});

export const listVerificationQueue = defineEndpoint({
  method: 'GET',
  path: '/operator/verifications',
  operationId: 'listVerificationQueue',
  summary: 'Practices waiting for review, oldest submission first',
  tags,
  role: 'operator',
  responses: { 200: envelope(z.array(verificationQueueItem)), ...errors },
});

export const getVerificationReview = defineEndpoint({
  method: 'GET',
  path: '/operator/verifications/:providerId',
  operationId: 'getVerificationReview',
  summary:
    "A practice's profile, claimed states with their licences, documents, fees, work history and decision history (404 unless it was submitted once)",
  tags,
  role: 'operator',
  params: providerParams,
  responses: { 200: envelope(verificationReview), ...errors },
});

export const approveVerification = defineEndpoint({
  method: 'POST',
  path: '/operator/verifications/:providerId/approve',
  operationId: 'approveVerification',
  summary: 'Approve a practice under review, or the pending changes of a verified one (the provider is told by mail)',
  tags,
  role: 'operator',
  params: providerParams,
  body: approveVerificationInput,
  responses: { 200: envelope(verificationDecision), ...errors },
});

export const rejectVerification = defineEndpoint({
  method: 'POST',
  path: '/operator/verifications/:providerId/reject',
  operationId: 'rejectVerification',
  summary:
    'Reject a practice under review, or the pending changes of a verified one, with a note (the provider is told by mail)',
  tags,
  role: 'operator',
  params: providerParams,
  body: rejectVerificationInput,
  responses: { 200: envelope(verificationDecision), ...errors },
});

export const listPractices = defineEndpoint({
  method: 'GET',
  path: '/operator/practices',
  operationId: 'listPractices',
  summary:
    'Every submitted practice by standing (pending, verified, changes pending, rejected, suspended, expiring), searched by name or email',
  tags,
  role: 'operator',
  query: practiceListQuery,
  responses: { 200: envelope(practiceList), ...errors },
});

export const suspendPractice = defineEndpoint({
  method: 'POST',
  path: '/operator/verifications/:providerId/suspend',
  operationId: 'suspendPractice',
  summary:
    'Suspend a verified listing with a reason: it is no longer listed or bookable (the provider is told by mail)',
  tags,
  role: 'operator',
  params: providerParams,
  body: suspendPracticeInput,
  responses: { 200: envelope(verificationDecision), 409: errorBody, ...errors },
});

export const reinstatePractice = defineEndpoint({
  method: 'POST',
  path: '/operator/verifications/:providerId/reinstate',
  operationId: 'reinstatePractice',
  summary: 'Lift the suspension of a listing (the provider is told by mail)',
  tags,
  role: 'operator',
  params: providerParams,
  body: approveVerificationInput,
  responses: { 200: envelope(verificationDecision), 409: errorBody, ...errors },
});
