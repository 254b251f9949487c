import { z } from 'zod';
import { envelope, errorBody, messageOnly } from '../common.ts';
import { indemnityInsurance, qualification } from '../credentials.ts';
import { defineEndpoint } from '../endpoint.ts';
import { m } from '../messages/index.ts';

/**
 * A provider's credentials (spec §7 "Provider": qualification files and indemnity insurance). The spec shows the
 * qualification paths only in part; these are ours (decision 0025). Uploads are multipart; the text fields are read
 * into `qualificationDetailsInput` by the server, so they are described here rather than as a JSON body.
 */
const tags = ['provider'] as const;
const role = 'provider';
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 413: errorBody };
const consumes = ['multipart/form-data'] as const;

const idParams = z.strictObject({ id: z.uuid({ error: m.notFound }) });
const fileParams = z.strictObject({ id: z.uuid({ error: m.notFound }), fileId: z.uuid({ error: m.notFound }) });
const insuranceParams = z.strictObject({ fileId: z.uuid({ error: m.notFound }) });

export const listQualifications = defineEndpoint({
  method: 'GET',
  path: '/provider/qualification',
  operationId: 'listQualifications',
  summary: "The signed-in provider's licences and other qualifications, with signed file URLs",
  tags,
  role,
  responses: { 200: envelope(z.array(qualification)), ...errors },
});

export const createQualification = defineEndpoint({
  method: 'POST',
  path: '/provider/qualification',
  operationId: 'createQualification',
  summary:
    'Add a qualification (multipart: `files` several doc/docx/pdf/jpg/jpeg/png of at most 10 MB each; `type` license|education|association|certification|conduct; `body` and `credentialNumber` for a licence, `title` for the others)',
  tags,
  role,
  consumes,
  responses: { 201: envelope(qualification), ...errors },
});

export const updateQualification = defineEndpoint({
  method: 'PUT',
  path: '/provider/qualification/:id',
  operationId: 'updateQualification',
  summary: 'Edit a qualification: its details (same fields as when adding) and, optionally, more `files`',
  tags,
  role,
  params: idParams,
  consumes,
  responses: { 200: envelope(qualification), ...errors },
});

export const deleteQualification = defineEndpoint({
  method: 'DELETE',
  path: '/provider/qualification/:id',
  operationId: 'deleteQualification',
  summary: 'Delete a qualification and its files',
  tags,
  role,
  params: idParams,
  responses: { 200: messageOnly, ...errors },
});

export const replaceQualificationFile = defineEndpoint({
  method: 'PUT',
  path: '/provider/qualification/:id/files/:fileId',
  operationId: 'replaceQualificationFile',
  summary: 'Replace one file of a qualification (multipart field `file`)',
  tags,
  role,
  params: fileParams,
  consumes,
  responses: { 200: envelope(qualification), ...errors },
});

export const deleteQualificationFile = defineEndpoint({
  method: 'DELETE',
  path: '/provider/qualification/:id/files/:fileId',
  operationId: 'deleteQualificationFile',
  summary: 'Delete one file of a qualification (not its last one)',
  tags,
  role,
  params: fileParams,
  responses: { 200: envelope(qualification), ...errors },
});

export const getIndemnityInsurance = defineEndpoint({
  method: 'GET',
  path: '/provider/indemnity-insurance',
  operationId: 'getIndemnityInsurance',
  summary: "The signed-in provider's indemnity insurance files, with signed URLs",
  tags,
  role,
  responses: { 200: envelope(indemnityInsurance), ...errors },
});

export const uploadIndemnityInsurance = defineEndpoint({
  method: 'POST',
  path: '/provider/indemnity-insurance',
  operationId: 'uploadIndemnityInsurance',
  summary: 'Add an indemnity insurance file (multipart field `file`: doc/docx/pdf/jpg/jpeg/png, at most 10 MB)',
  tags,
  role,
  consumes,
  responses: { 201: envelope(indemnityInsurance), ...errors },
});

export const deleteIndemnityInsurance = defineEndpoint({
  method: 'DELETE',
  path: '/provider/indemnity-insurance/:fileId',
  operationId: 'deleteIndemnityInsurance',
  summary: 'Delete an indemnity insurance file',
  tags,
  role,
  params: insuranceParams,
  responses: { 200: envelope(indemnityInsurance), ...errors },
});
