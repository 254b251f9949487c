import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { notesRoutes } from './notes.routes.ts';
import { createNotesService, type NotesPorts } from './notes.service.ts';
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
  ports: NotesPorts,
) {
  // Deleting an account erases what this module holds of the person, in the deletion's transaction.
  onAccountErasure(deps.events, eraseNotesBy);
  // A practice record's notes follow the person who joins, and keep the record from being deleted (decision 0053).
  onRecordMerge(deps.events, mergeRecordNotes);
  onRecordDeletion(deps.events, refuseRecordWithNotes);
  const notes = createNotesService(deps, ports);
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(notesRoutes, { notes });
  };
  return { name: 'notes' as const, plugin };
}
export type NotesModule = ReturnType<typeof createNotesModule>;
