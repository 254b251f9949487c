import { z } from 'zod';
import { envelope, errorBody, messageOnly, paged } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import { m } from '../messages/index.ts';
import { note, noteAccessEntry, noteListQuery } from '../notes.ts';

/**
 * Notes (spec §7 "Notes"; issue 17). Writes are multipart: the text fields are read into `noteInput` /
 * `noteUpdateInput` by the server, so they are described in the summary rather than as a JSON body. Anyone but the
 * note's author, a booking or client of another provider: 404.
 */
const tags = ['notes'] as const;
/** Writing a note is for providers (403 otherwise); a note, or a booking's or client's notes, are found only by their author (anyone else, also the client and an operator: 404). */
const role = 'user';
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 413: errorBody };
const consumes = ['multipart/form-data'] as const;
const idParams = z.strictObject({ id: z.uuid({ error: m.notFound }) });

export const createNote = defineEndpoint({
  method: 'POST',
  path: '/note',
  operationId: 'createNote',
  summary:
    'Add a session note (`type` booking, `reference` the booking id) or a client note (`type` client, `reference` the client id): multipart `title` (3-32), `content` (at most 4000; required without a file) and optionally one `file` (at most 10 MB)',
  tags,
  role: 'provider',
  consumes,
  // 409: the client record the note is for was taken over by the person's own account meanwhile (decision 0053).
  responses: { 201: envelope(note), ...errors, 409: errorBody },
});

export const listBookingNotes = defineEndpoint({
  method: 'GET',
  path: '/note/booking/:id',
  operationId: 'listBookingNotes',
  summary: 'Your session notes of one of your bookings, newest first',
  tags,
  role,
  params: idParams,
  responses: { 200: envelope(z.array(note)), ...errors },
});

export const listClientNotes = defineEndpoint({
  method: 'GET',
  path: '/note/client/:id',
  operationId: 'listClientNotes',
  summary:
    'Your notes about one of your clients (session and client notes), by kind, title words and day written, a page at a time',
  tags,
  role,
  params: idParams,
  query: noteListQuery,
  responses: { 200: paged(note), ...errors },
});

export const getNote = defineEndpoint({
  method: 'GET',
  path: '/note/:id',
  operationId: 'getNote',
  summary: 'One of your notes',
  tags,
  role,
  params: idParams,
  responses: { 200: envelope(note), ...errors },
});

export const updateNote = defineEndpoint({
  method: 'PUT',
  path: '/note/:id',
  operationId: 'updateNote',
  summary: 'Edit one of your notes: multipart `title` and `content` (a file note keeps its file)',
  tags,
  role,
  params: idParams,
  consumes,
  // 409: a signed note is locked (decision 0056); it takes an addendum instead.
  responses: { 200: envelope(note), ...errors, 409: errorBody },
});

export const deleteNote = defineEndpoint({
  method: 'DELETE',
  path: '/note/:id',
  operationId: 'deleteNote',
  summary: 'Delete one of your notes and its file',
  tags,
  role,
  params: idParams,
  // 409: a signed note is locked (decision 0056).
  responses: { 200: messageOnly, ...errors, 409: errorBody },
});

export const downloadNoteFile = defineEndpoint({
  method: 'GET',
  path: '/note/:id/file',
  operationId: 'downloadNoteFile',
  summary: "A file note's file, decrypted for its author (the download is logged)",
  tags,
  role,
  params: idParams,
  responses: {
    200: {
      description: 'The file bytes, with their content type',
      content: { 'application/octet-stream': { schema: z.unknown().meta({ type: 'string', format: 'binary' }) } },
    },
    ...errors,
  },
});

export const getNoteAccessLog = defineEndpoint({
  method: 'GET',
  path: '/note/:id/access-log',
  operationId: 'getNoteAccessLog',
  summary: 'Who read, changed or downloaded one of your notes, when and from where, newest first',
  tags,
  role,
  params: idParams,
  responses: { 200: envelope(z.array(noteAccessEntry)), ...errors },
});
