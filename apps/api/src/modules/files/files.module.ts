import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { filesMaintenance } from './file-maintenance.ts';
import { filesRoutes } from './files.routes.ts';

/** The files module's public face: stored files' routes and the orphan clean-up job; nothing for other modules. */
export function createFilesModule(deps: AppDeps) {
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(filesRoutes, { deps });
    await app.register(filesMaintenance, { deps });
  };
  return { name: 'files' as const, plugin };
}
export type FilesModule = ReturnType<typeof createFilesModule>;
