import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addNoteAddendum,
  createNoteTemplate,
  deleteNoteTemplate,
  listNoteTemplates,
  signNote,
  updateNoteTemplate,
} from '@therapy/contracts/endpoints/note-records';
import { message } from '@therapy/contracts/messages';
import { actorOf } from '../../platform/auth/plugin.ts';
import { route } from '../../platform/http/route.ts';
import { requestLocale } from '../../platform/locale.ts';
import type { NoteTemplatesService } from './note-templates.service.ts';
import { originOf } from './notes.routes.ts';
import type { NotesService } from './notes.service.ts';

/** Notes that are records (issue 47): sign and lock, addenda, the provider's own templates. */
export const noteRecordRoutes: FastifyPluginAsyncZod<{ notes: NotesService; templates: NoteTemplatesService }> = async (
  app,
  { notes, templates },
) => {
  route(app, signNote, async (req) => ({
    data: await notes.sign(actorOf(req), originOf(req), req.params.id),
    message: message('noteSigned', requestLocale(req)),
  }));
  route(app, addNoteAddendum, async (req, reply) =>
    reply.code(201).send({
      data: await notes.addAddendum(actorOf(req), originOf(req), req.params.id, req.body),
      message: message('noteAddendumAdded', requestLocale(req)),
    }),
  );
  route(app, listNoteTemplates, async (req) => ({ data: await templates.list(actorOf(req)) }));
  route(app, createNoteTemplate, async (req, reply) =>
    reply.code(201).send({
      data: await templates.create(actorOf(req), req.body),
      message: message('templateCreated', requestLocale(req)),
    }),
  );
  route(app, updateNoteTemplate, async (req) => ({
    data: await templates.update(actorOf(req), req.params.id, req.body),
    message: message('templateUpdated', requestLocale(req)),
  }));
  route(app, deleteNoteTemplate, async (req) => {
    await templates.remove(actorOf(req), req.params.id);
    return { message: message('templateDeleted', requestLocale(req)) };
  });
};
