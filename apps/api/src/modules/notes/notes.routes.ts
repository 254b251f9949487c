import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  createNote,
  deleteNote,
  downloadNoteFile,
  getNote,
  getNoteAccessLog,
  listBookingNotes,
  listClientNotes,
  updateNote,
} from '@therapy/contracts/endpoints/notes';
import { message } from '@therapy/contracts/messages';
import { NOTE_CONTENT_MAX } from '@therapy/contracts/notes';
import { actorOf } from '../../platform/auth/plugin.ts';
import { uploadedParts } from '../../platform/files/uploads.ts';
import { sendDownload } from '../../platform/http/download.ts';
import { route } from '../../platform/http/route.ts';
import { requestLocale } from '../../platform/locale.ts';
import type { NotesService, RequestOrigin } from './notes.service.ts';

/** Up to 4000 characters of four bytes each, and one byte more to tell "too long" from "exactly the limit". */
const FIELD_BYTES = NOTE_CONTENT_MAX * 4 + 1;
export const originOf = (req: FastifyRequest): RequestOrigin => ({
  ipAddress: req.ip ?? null,
  userAgent: req.headers['user-agent'] ?? null,
});

/** Notes (spec §7 "Notes"): the provider's own session and client notes, multipart writes, every access logged. */
export const notesRoutes: FastifyPluginAsyncZod<{ notes: NotesService }> = async (app, { notes }) => {
  route(app, createNote, async (req, reply) =>
    reply.code(201).send({
      data: await notes.create(
        actorOf(req),
        originOf(req),
        await uploadedParts(req, 'file', 1, FIELD_BYTES),
        requestLocale(req),
      ),
      message: message('noteAdded', requestLocale(req)),
    }),
  );
  route(app, listBookingNotes, async (req) => ({
    data: await notes.ofBooking(actorOf(req), originOf(req), req.params.id),
  }));
  route(app, listClientNotes, async (req) => notes.ofClient(actorOf(req), originOf(req), req.params.id, req.query));
  route(app, getNote, async (req) => ({ data: await notes.get(actorOf(req), originOf(req), req.params.id) }));
  route(app, updateNote, async (req) => ({
    data: await notes.update(
      actorOf(req),
      originOf(req),
      req.params.id,
      await uploadedParts(req, 'file', 0, FIELD_BYTES),
    ),
    message: message('noteUpdated', requestLocale(req)),
  }));
  route(app, deleteNote, async (req) => {
    await notes.remove(actorOf(req), originOf(req), req.params.id);
    return { message: message('noteDeleted', requestLocale(req)) };
  });
  route(app, downloadNoteFile, async (req, reply) => {
    return sendDownload(reply, await notes.file(actorOf(req), originOf(req), req.params.id));
  });
  route(app, getNoteAccessLog, async (req) => ({ data: await notes.accessLog(actorOf(req), req.params.id) }));
};
