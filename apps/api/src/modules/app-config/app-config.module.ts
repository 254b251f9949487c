import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { appConfigRoutes } from './app-config.routes.ts';

/** The app-config module's public face: its routes; nothing for other modules. */
export function createAppConfigModule(deps: AppDeps) {
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(appConfigRoutes, { deps });
  };
  return { name: 'app-config' as const, plugin };
}
export type AppConfigModule = ReturnType<typeof createAppConfigModule>;
