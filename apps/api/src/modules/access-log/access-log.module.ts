import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { accessLogRoutes } from './access-log.routes.ts';
import { createAccessLogService, type AccessLogPorts } from './access-log.service.ts';

/**
 * The access log module's public face (issue 20): a provider's log of who read or changed their notes and their
 * clients' records. It only reads: the notes module writes note_access_log, and modules that own other client records
 * write record_access_log through platform/record-access-log.ts.
 */
export function createAccessLogModule(deps: Pick<AppDeps, 'db'>, ports: AccessLogPorts) {
  const accessLog = createAccessLogService(deps, ports);
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(accessLogRoutes, { accessLog });
  };
  return { name: 'access-log' as const, plugin };
}
export type AccessLogModule = ReturnType<typeof createAccessLogModule>;
