import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listAccessLog } from '@therapy/contracts/endpoints/access-log';
import { actorOf } from '../../platform/auth/plugin.ts';
import { route } from '../../platform/http/route.ts';
import type { AccessLogService } from './access-log.service.ts';

/** The provider's access log (issue 20): reading it is not itself logged (it names no client's record). */
export const accessLogRoutes: FastifyPluginAsyncZod<{ accessLog: AccessLogService }> = async (app, { accessLog }) => {
  route(app, listAccessLog, async (req) => accessLog.list(actorOf(req), req.query));
};
