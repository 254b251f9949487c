import { z } from 'zod';
import {
  acceptInvitationInput,
  clientRecordInput,
  clientListQuery,
  clientRelation,
  csvImportResult,
  emailImportInput,
  manualImportInput,
  providerClientEntry,
} from '../clients.ts';
import { envelope, errorBody, messageOnly, paged } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import { m } from '../messages/index.ts';

/** A provider's clients and client import (issue 17; spec §7 `GET /clients/relation/{id}`; the rest is ours). */
const tags = ['clients'] as const;
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 413: errorBody };
const idParams = z.strictObject({ id: z.uuid({ error: m.notFound }) });

export const listClients = defineEndpoint({
  method: 'GET',
  path: '/clients',
  operationId: 'listClients',
  summary: 'Your clients: who booked you and whom you imported, searchable by name or email, a page at a time',
  tags,
  role: 'provider',
  query: clientListQuery,
  responses: { 200: paged(providerClientEntry), ...errors },
});

export const getClientRelation = defineEndpoint({
  method: 'GET',
  path: '/clients/relation/:id',
  operationId: 'getClientRelation',
  summary: 'How you know a client (a booking, an accepted import); 404 when they are not your client',
  tags,
  role: 'provider',
  params: idParams,
  responses: { 200: envelope(clientRelation), ...errors },
});

export const importClientManually = defineEndpoint({
  method: 'POST',
  path: '/clients/import/manual',
  operationId: 'importClientManually',
  summary: "Add a client's details by hand",
  tags,
  role: 'provider',
  body: manualImportInput,
  responses: { 201: envelope(providerClientEntry), ...errors },
});

export const importClientByEmail = defineEndpoint({
  method: 'POST',
  path: '/clients/import/email',
  operationId: 'importClientByEmail',
  summary: 'Invite a client by mail: they sign up (or in) from the link and become your client',
  tags,
  role: 'provider',
  body: emailImportInput,
  responses: { 201: envelope(providerClientEntry), ...errors },
});

export const importClientsCsv = defineEndpoint({
  method: 'POST',
  path: '/clients/import/csv',
  operationId: 'importClientsCsv',
  summary:
    "Import clients from a CSV file (multipart `file`, at most 1 MB and 1,000 rows; columns firstName, lastName, email, phoneNumber; comma or semicolon; a BOM is fine). `commit` false (default): a preview with each row's errors, nothing stored; `commit` true: every row or none, or with `validOnly` true the rows without errors (rows already in your list are never imported again)",
  tags,
  role: 'provider',
  consumes: ['multipart/form-data'],
  responses: { 200: envelope(csvImportResult), 201: envelope(csvImportResult), ...errors },
});

export const acceptClientInvitation = defineEndpoint({
  method: 'POST',
  path: '/clients/invitations/accept',
  operationId: 'acceptClientInvitation',
  summary: "Accept a provider's invitation (the token from the mail's link): you become their client",
  tags,
  role: 'client',
  body: acceptInvitationInput,
  responses: {
    200: envelope(z.object({ providerIdentifier: z.uuid(), providerName: z.string().nullable() })),
    ...errors,
  },
});

/** A practice record (decision 0053): a client without an account, the provider's alone. */
export const updateClientRecord = defineEndpoint({
  method: 'PUT',
  path: '/clients/records/:id',
  operationId: 'updateClientRecord',
  summary: "Change a client's details while they have no account (the same rules as adding them by hand)",
  tags,
  role: 'provider',
  params: idParams,
  body: clientRecordInput,
  responses: { 200: envelope(providerClientEntry), ...errors },
});

export const deleteClientRecord = defineEndpoint({
  method: 'DELETE',
  path: '/clients/records/:id',
  operationId: 'deleteClientRecord',
  summary: 'Delete a client without an account; refused while they have appointments, notes or questionnaires',
  tags,
  role: 'provider',
  params: idParams,
  responses: { 200: messageOnly, ...errors },
});

export const inviteClientRecord = defineEndpoint({
  method: 'POST',
  path: '/clients/records/:id/invitation',
  operationId: 'inviteClientRecord',
  summary: 'Send (or send again) the invitation mail to a client without an account; a new link ends the old one',
  tags,
  role: 'provider',
  params: idParams,
  responses: { 200: envelope(providerClientEntry), ...errors },
});
