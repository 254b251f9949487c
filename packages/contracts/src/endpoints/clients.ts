import { z } from 'zod';
import {
  acceptInvitationInput,
  clientListQuery,
  clientRelation,
  csvImportResult,
  emailImportInput,
  manualImportInput,
  providerClientEntry,
} from '../clients.ts';
import { envelope, errorBody, paged } from '../common.ts';
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
    "Import clients from a CSV file (multipart `file`, at most 1 MB and 1,000 rows; columns firstName, lastName, email, phoneNumber; comma or semicolon; a BOM is fine). `commit` false (default): a preview with each row's errors, nothing stored; `commit` true: every row or none",
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
