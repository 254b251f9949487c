import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { devMailboxRoutes } from './dev-mailbox.routes.ts';

/** The dev mailbox's public face: `/dev/mailbox` outside production (app.ts registers it without the API prefix). */
export function createDevMailboxModule(deps: AppDeps) {
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(devMailboxRoutes, { deps });
  };
  return { name: 'dev-mailbox' as const, plugin };
}
export type DevMailboxModule = ReturnType<typeof createDevMailboxModule>;
