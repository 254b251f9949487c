import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import type { Flags } from '../../platform/flags.ts';
import { appConfigRoutes } from './app-config.routes.ts';

/** The app-config module's public face: what the web app learns of this deployment, with the feature flags. */
export function createAppConfigModule(deps: AppDeps, { flags }: { flags: Flags }) {
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(appConfigRoutes, { deps, flags });
  };
  return { name: 'app-config' as const, plugin };
}
export type AppConfigModule = ReturnType<typeof createAppConfigModule>;
