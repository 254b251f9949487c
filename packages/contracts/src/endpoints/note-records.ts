import { z } from 'zod';
import { envelope, errorBody, messageOnly } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import { m } from '../messages/index.ts';
import { note } from '../notes.ts';
import { noteAddendum, noteAddendumInput, noteTemplate, noteTemplateInput } from '../note-records.ts';

/**
 * Notes that are records (issue 47; decision 0056): templates, signing and addenda. Providers only; another
 * provider's note or template: 404.
 */
const tags = ['notes'] as const;
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const idParams = z.strictObject({ id: z.uuid({ error: m.notFound }) });

export const signNote = defineEndpoint({
  method: 'POST',
  path: '/note/:id/sign',
  operationId: 'signNote',
  summary:
    'Sign and lock one of your notes: from then on it cannot be edited or deleted, only added to (409 if signed)',
  tags,
  role: 'provider',
  params: idParams,
  responses: { 200: envelope(note), ...errors },
});

export const addNoteAddendum = defineEndpoint({
  method: 'POST',
  path: '/note/:id/addendum',
  operationId: 'addNoteAddendum',
  summary: 'Add a dated addendum (at most 4000 characters) to one of your signed notes; addenda are never changed',
  tags,
  role: 'provider',
  params: idParams,
  body: noteAddendumInput,
  responses: { 201: envelope(noteAddendum), ...errors },
});

export const listNoteTemplates = defineEndpoint({
  method: 'GET',
  path: '/note-template',
  operationId: 'listNoteTemplates',
  summary: 'Your own note templates, oldest first (the built-in SOAP, DAP and BIRP are in the contracts)',
  tags,
  role: 'provider',
  responses: { 200: envelope(z.array(noteTemplate)), ...errors },
});

export const createNoteTemplate = defineEndpoint({
  method: 'POST',
  path: '/note-template',
  operationId: 'createNoteTemplate',
  summary: 'Add a note template: a name (3-60) and 1-10 ordered section headings (each at most 60)',
  tags,
  role: 'provider',
  body: noteTemplateInput,
  responses: { 201: envelope(noteTemplate), ...errors },
});

export const updateNoteTemplate = defineEndpoint({
  method: 'PUT',
  path: '/note-template/:id',
  operationId: 'updateNoteTemplate',
  summary: 'Change one of your note templates (notes written from it keep their sections)',
  tags,
  role: 'provider',
  params: idParams,
  body: noteTemplateInput,
  responses: { 200: envelope(noteTemplate), ...errors },
});

export const deleteNoteTemplate = defineEndpoint({
  method: 'DELETE',
  path: '/note-template/:id',
  operationId: 'deleteNoteTemplate',
  summary: 'Delete one of your note templates (notes written from it keep their sections)',
  tags,
  role: 'provider',
  params: idParams,
  responses: { 200: messageOnly, ...errors },
});
