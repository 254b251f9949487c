import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { downloadDataExport, getDataExport, requestDataExport } from '@therapy/contracts/endpoints/data-export';
import { message } from '@therapy/contracts/messages';
import { actorOf } from '../../platform/auth/plugin.ts';
import { route } from '../../platform/http/route.ts';
import { requestLocale } from '../../platform/locale.ts';
import type { DataExportService } from './data-export.service.ts';

/** The user's own data export (issue 20; decision 0035): ask, see the state, download with the mailed link. */
export const dataExportRoutes: FastifyPluginAsyncZod<{ exports: DataExportService }> = async (app, { exports }) => {
  route(app, requestDataExport, async (req, reply) =>
    reply
      .code(202)
      .send({ data: await exports.request(actorOf(req)), message: message('dataExportRequested', requestLocale(req)) }),
  );
  route(app, getDataExport, async (req) => ({ data: await exports.latest(actorOf(req)) }));
  route(app, downloadDataExport, async (req, reply) => {
    const file = await exports.download(actorOf(req), req.params.id, req.query);
    if (file.size !== undefined) void reply.header('content-length', file.size);
    return reply
      .type('application/zip')
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .send(file.body);
  });
};
