import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exportAccessLogCsv, listAccessLog } from '@therapy/contracts/endpoints/access-log';
import { actorOf } from '../../platform/auth/plugin.ts';
import { route } from '../../platform/http/route.ts';
import { requestLocale } from '../../platform/locale.ts';
import type { AccessLogService } from './access-log.service.ts';

/** The provider's access log (issue 20): reading it is not itself logged (it names no client's record). */
export const accessLogRoutes: FastifyPluginAsyncZod<{ accessLog: AccessLogService }> = async (app, { accessLog }) => {
  route(app, listAccessLog, async (req) => accessLog.list(actorOf(req), req.query));
  route(app, exportAccessLogCsv, async (req, reply) => {
    const csv = await accessLog.exportCsv(actorOf(req), req.query, requestLocale(req));
    return reply
      .type('text/csv; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', 'attachment; filename="access-log.csv"')
      .send(csv);
  });
};
