import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { dataExportRoutes } from './data-export.routes.ts';
import { createDataExportService, DATA_EXPORT_QUEUE, PURGE_EXPORTS_QUEUE } from './data-export.service.ts';

/**
 * The data export module's public face (issue 20; GDPR Art. 15 and 20; decision 0035): a user's request for all
 * their data, the job that writes it as a sealed ZIP to storage and mails a signed link, the download, and the
 * hourly purge of expired files. It reads the other modules' tables through its own repository (as account erasure
 * does) and needs no other module.
 */
export function createDataExportModule(deps: Pick<AppDeps, 'db' | 'clock' | 'files' | 'config' | 'jobs' | 'mail'>) {
  const exports = createDataExportService(deps);
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(dataExportRoutes, { exports });
    // One export at a time per instance (it streams, but it is the heaviest job there is); a run may take minutes for
    // a large account, and heartbeats hand a dead instance's run to another.
    await deps.jobs.work<{ exportId: string }>(
      DATA_EXPORT_QUEUE,
      { retryLimit: 1, retryDelaySeconds: 30, expireInSeconds: 1800, batchSize: 1, deleteAfterSeconds: 7 * 24 * 3600 },
      async ({ exportId }) => exports.prepare(exportId),
    );
    await deps.jobs.schedule(PURGE_EXPORTS_QUEUE, '23 * * * *', async () => {
      await exports.purgeExpired();
    });
  };
  return { name: 'dataExport' as const, plugin, exports };
}
export type DataExportModule = ReturnType<typeof createDataExportModule>;
