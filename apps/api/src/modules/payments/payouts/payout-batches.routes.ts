import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createPayoutBatch,
  getPayoutBatchFile,
  listDuePayouts,
  markPayoutBatchPaid,
  markPayoutReturned,
} from '@therapy/contracts/endpoints/payouts';
import { getPayoutOverview, listPayoutBatches } from '@therapy/contracts/endpoints/payouts';
import { message } from '@therapy/contracts/messages';
import { actorOf } from '../../../platform/auth/plugin.ts';
import { route } from '../../../platform/http/route.ts';
import { requestLocale } from '../../../platform/locale.ts';
import type { PayoutBatchesService } from './payout-batches.service.ts';

/** Operator payout batches (decision 0022): HTTP only; the rules and the access check are in the service. */
export const payoutBatchesRoutes: FastifyPluginAsyncZod<{ batches: PayoutBatchesService }> = async (
  app,
  { batches },
) => {
  route(app, listDuePayouts, async (req) => ({ data: await batches.listDue(actorOf(req), req.query.currency) }));
  route(app, createPayoutBatch, async (req, reply) =>
    reply.code(201).send({ data: await batches.createBatch(actorOf(req), req.body.currency) }),
  );
  route(app, getPayoutBatchFile, async (req, reply) => {
    const file = await batches.file(actorOf(req), req.params.id);
    return reply
      .header('content-type', `${file.contentType}; charset=utf-8`)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'no-store')
      .send(file.body);
  });
  route(app, markPayoutBatchPaid, async (req) => ({
    data: await batches.markPaid(actorOf(req), req.params.id),
    message: message('batchMarkedPaid', requestLocale(req)),
  }));
  route(app, markPayoutReturned, async (req) => ({ data: await batches.markReturned(actorOf(req), req.params.id) }));
  route(app, getPayoutOverview, async (req) => ({ data: await batches.overview(actorOf(req)) }));
  route(app, listPayoutBatches, async (req) => ({ data: await batches.history(actorOf(req), req.query.page) }));
};
