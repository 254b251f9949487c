import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { healthRoutes } from './health.routes.ts';

/** The health module's public face: its routes; nothing for other modules. */
export function createHealthModule(deps: AppDeps) {
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(healthRoutes, { deps });
  };
  return { name: 'health' as const, plugin };
}
export type HealthModule = ReturnType<typeof createHealthModule>;
