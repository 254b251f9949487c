import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { regionsRoutes } from './regions.routes.ts';

/** The regions module's public face: its routes; nothing for other modules. */
export function createRegionsModule(deps: AppDeps) {
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(regionsRoutes, { deps });
  };
  return { name: 'regions' as const, plugin };
}
export type RegionsModule = ReturnType<typeof createRegionsModule>;
