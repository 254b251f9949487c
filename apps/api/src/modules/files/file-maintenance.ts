import type { FastifyPluginAsync } from 'fastify';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import type { Clock } from '../../platform/clock.ts';
import type { FileService } from '../../platform/files/file-service.ts';
import { filesRepository } from '../../platform/files/files.repository.ts';

/** An upload is referenced within seconds of being stored; a day leaves a wide margin for slow or retried requests. */
export const ORPHAN_FILE_AGE_MS = 24 * 60 * 60 * 1000;
export const PURGE_ORPHAN_FILES_QUEUE = 'files.purge-orphans';

/**
 * Removes files no table references (the `file_references` view) that are older than a day or already marked deleted: their
 * bytes, then their rows. Returns how many went; those whose bytes could not be removed are tried again next run.
 */
export async function purgeOrphanFiles(db: Executor, clock: Clock, files: FileService, batch = 500): Promise<number> {
  const orphans = await filesRepository.orphans(db, new Date(clock.now().getTime() - ORPHAN_FILE_AGE_MS), batch);
  const left = await files.purge(orphans);
  return orphans.length - left.length;
}

/** Scheduled clean-up of stored files (pg-boss cron, once per tick across all instances). */
export const filesMaintenance: FastifyPluginAsync<{ deps: AppDeps }> = async (_app, { deps }) => {
  await deps.jobs.schedule(PURGE_ORPHAN_FILES_QUEUE, '41 3 * * *', async () => {
    await purgeOrphanFiles(deps.db, deps.clock, deps.files);
  });
};
