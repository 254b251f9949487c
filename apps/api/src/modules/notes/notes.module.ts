import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { notesRoutes } from './notes.routes.ts';
import { createNotesService, type NotesPorts } from './notes.service.ts';
import { noteRecordRoutes } from './note-records.routes.ts';
import { createNoteTemplatesService } from './note-templates.service.ts';
import { onAccountErasure } from '../../platform/account-erasure.ts';
import { eraseNotesBy } from './account-erasure.repository.ts';
import { onRecordDeletion, onRecordMerge } from '../../platform/client-records.ts';
import { mergeRecordNotes, refuseRecordWithNotes } from './record-merge.repository.ts';

/**
 * The notes module's public face (issue 17): a provider's session notes (on their bookings) and client notes (about
 * their clients), sealed at rest, each access logged. It learns of bookings through the BookingFacts port and of
 * who is whose client through `isClientOf`.
 */
export function createNotesModule(
  deps: Pick<AppDeps, 'db' | 'clock' | 'files' | 'config' | 'events'>,
  ports: Omit<NotesPorts, 'templates'>,
) {
  // Deleting an account erases what this module holds of the person, in the deletion's transaction.
  onAccountErasure(deps.events, eraseNotesBy);
  // A practice record's notes follow the person who joins, and keep the record from being deleted (decision 0053).
  onRecordMerge(deps.events, mergeRecordNotes);
  onRecordDeletion(deps.events, refuseRecordWithNotes);
  const templates = createNoteTemplatesService(deps, ports.users);
  const notes = createNotesService(deps, { ...ports, templates });
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(notesRoutes, { notes });
    await app.register(noteRecordRoutes, { notes, templates });
  };
  /** For the access log (issue 47): which of the author's notes an entry names, its title opened for the author. */
  return { name: 'notes' as const, plugin, summariesOf: notes.summariesOf };
}
export type NotesModule = ReturnType<typeof createNotesModule>;
