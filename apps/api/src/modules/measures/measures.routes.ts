import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  answerMeasure,
  answerMeasureLink,
  getMeasure,
  getMeasureLink,
  listMeasureSeries,
  listMeasures,
  reviewMeasure,
  sendMeasure,
  stopMeasureSeries,
} from '@therapy/contracts/endpoints/measures';
import { listRiskReviews, markRiskSeen } from '@therapy/contracts/endpoints/risk-review';
import { message } from '@therapy/contracts/messages';
import { actorOf } from '../../platform/auth/plugin.ts';
import { route } from '../../platform/http/route.ts';
import { requestLocale } from '../../platform/locale.ts';
import { requestOrigin as originOf } from '../../platform/record-access-log.ts';
import type { MeasuresService } from './measures.service.ts';

/** Outcome measures (issue 20): send, list, read, answer, review; the series "before every session". */
export const measuresRoutes: FastifyPluginAsyncZod<{ measures: MeasuresService }> = async (app, { measures }) => {
  route(app, sendMeasure, async (req, reply) => {
    const { sent, messageKey } = await measures.send(actorOf(req), originOf(req), req.body);
    return reply.code(201).send({ data: sent, message: message(messageKey, requestLocale(req)) });
  });
  // A one-time mailed link for a client without an account (decision 0053): no sign-in.
  route(app, getMeasureLink, async (req) => ({ data: await measures.linkView(req.params.token) }));
  route(app, answerMeasureLink, async (req) => {
    await measures.answerByLink(originOf(req), req.params.token, req.body);
    return { message: message('measureAnswered', requestLocale(req)) };
  });
  route(app, listMeasures, async (req) => ({ data: await measures.list(actorOf(req), originOf(req), req.query) }));
  route(app, listMeasureSeries, async (req) => ({
    data: await measures.series(actorOf(req), req.query.clientIdentifier),
  }));
  route(app, stopMeasureSeries, async (req) => ({
    data: await measures.stopSeries(actorOf(req), req.params.id),
    message: message('measureSeriesStopped', requestLocale(req)),
  }));
  route(app, listRiskReviews, async (req) => ({ data: await measures.unseenRisks(actorOf(req)) }));
  route(app, markRiskSeen, async (req) => {
    await measures.markRiskSeen(actorOf(req), originOf(req), req.params.id);
    return { message: message('riskMarkedSeen', requestLocale(req)) };
  });
  route(app, getMeasure, async (req) => ({ data: await measures.get(actorOf(req), originOf(req), req.params.id) }));
  route(app, answerMeasure, async (req) => ({
    data: await measures.answer(actorOf(req), originOf(req), req.params.id, req.body),
    message: message('measureAnswered', requestLocale(req)),
  }));
  route(app, reviewMeasure, async (req) => ({
    data: await measures.review(actorOf(req), originOf(req), req.params.id),
    message: message('measureReviewed', requestLocale(req)),
  }));
};
