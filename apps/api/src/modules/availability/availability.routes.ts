import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  availabilitySettings,
  availabilitySettingsInput,
  availabilitySetup,
  availabilitySetupInput,
  categoryQuery,
  customDay,
  customDayInput,
  weeklyPlan,
  weeklyPlanInput,
} from '@therapy/contracts/availability';
import { envelope, errorBody, messageOnly } from '@therapy/contracts/common';
import { m, message } from '@therapy/contracts/messages';
import { actorOf } from '../../platform/auth/plugin.ts';
import { requestLocale } from '../../platform/locale.ts';
import type { AvailabilityService } from './availability.service.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const customDayParams = z.strictObject({ id: z.uuid({ error: m.notFound }) });

/** A provider's own calendar (spec §7 "Availability" writes and `/provider/availability-setting`). */
export const availabilityRoutes: FastifyPluginAsyncZod<{ service: AvailabilityService }> = async (app, { service }) => {
  const tags = ['availability'];
  const security = [{ bearer: [] }];
  app.addHook('onRequest', app.requireRole('provider'));
  const saved = (req: Parameters<typeof requestLocale>[0]) => message('dataSaved', requestLocale(req));

  app.get('/provider-availability/settings', { schema: { tags, security, response: { 200: envelope(availabilitySettings), ...errors } } }, async (req) => ({
    data: await service.settings(actorOf(req)),
  }));
  app.put('/provider-availability/settings', { schema: { tags, security, body: availabilitySettingsInput, response: { 200: envelope(availabilitySettings), ...errors } } }, async (req) => ({
    data: await service.updateSettings(actorOf(req), req.body),
    message: saved(req),
  }));

  app.get('/provider/availability-setting', { schema: { tags, security, querystring: categoryQuery, response: { 200: envelope(availabilitySetup), ...errors } } }, async (req) => ({
    data: await service.setup(actorOf(req), req.query.category),
  }));
  app.post('/provider/availability-setting', { schema: { tags, security, querystring: categoryQuery, body: availabilitySetupInput, response: { 200: envelope(availabilitySetup), ...errors } } }, async (req) => ({
    data: await service.saveSetup(actorOf(req), req.query.category, req.body),
    message: saved(req),
  }));

  // The general weekly plan, and the plan of one therapy category (set-up type BY_CATEGORY).
  for (const [path, requireCategory] of [['/provider-availability/days/default', false], ['/provider-availability/days/recurring', true]] as const) {
    app.get(path, { schema: { tags, security, querystring: categoryQuery, response: { 200: envelope(weeklyPlan), ...errors } } }, async (req) => ({
      data: await service.weekly(actorOf(req), req.query.category, requireCategory),
    }));
    app.post(path, { schema: { tags, security, body: weeklyPlanInput, response: { 200: envelope(weeklyPlan), ...errors } } }, async (req) => ({
      data: await service.saveWeekly(actorOf(req), req.body.categoryIdentifier, req.body.days, requireCategory),
      message: saved(req),
    }));
  }

  app.get('/provider-availability/days/custom', { schema: { tags, security, querystring: categoryQuery, response: { 200: envelope(z.array(customDay)), ...errors } } }, async (req) => ({
    data: await service.customDays(actorOf(req), req.query.category),
  }));
  app.post('/provider-availability/days/custom', { schema: { tags, security, body: customDayInput, response: { 201: envelope(customDay), ...errors } } }, async (req, reply) =>
    reply.code(201).send({ data: await service.saveCustomDay(actorOf(req), req.body), message: saved(req) }),
  );
  app.delete('/provider-availability/days/custom/:id', { schema: { tags, security, params: customDayParams, response: { 200: messageOnly, ...errors } } }, async (req) => {
    await service.deleteCustomDay(actorOf(req), req.params.id);
    return { message: message('customDayDeleted', requestLocale(req)) };
  });
};
