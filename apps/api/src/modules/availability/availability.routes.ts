import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deleteCustomDay,
  getAvailabilitySettings,
  getAvailabilitySetup,
  getCategoryWeeklyPlan,
  getDefaultWeeklyPlan,
  listCustomDays,
  saveAvailabilitySetup,
  saveCategoryWeeklyPlan,
  saveCustomDay,
  saveDefaultWeeklyPlan,
  updateAvailabilitySettings,
} from '@therapy/contracts/endpoints/availability';
import { message } from '@therapy/contracts/messages';
import { actorOf } from '../../platform/auth/plugin.ts';
import { route } from '../../platform/http/route.ts';
import { requestLocale } from '../../platform/locale.ts';
import type { AvailabilityService } from './availability.service.ts';

/** A provider's own calendar (spec §7 "Availability" writes and `/provider/availability-setting`). */
export const availabilityRoutes: FastifyPluginAsyncZod<{ service: AvailabilityService }> = async (app, { service }) => {
  const saved = (req: Parameters<typeof requestLocale>[0]) => message('dataSaved', requestLocale(req));

  route(app, getAvailabilitySettings, async (req) => ({
    data: await service.settings(actorOf(req)),
  }));
  route(app, updateAvailabilitySettings, async (req) => ({
    data: await service.updateSettings(actorOf(req), req.body),
    message: saved(req),
  }));

  route(app, getAvailabilitySetup, async (req) => ({
    data: await service.setup(actorOf(req), req.query.category),
  }));
  route(app, saveAvailabilitySetup, async (req) => ({
    data: await service.saveSetup(actorOf(req), req.query.category, req.body),
    message: saved(req),
  }));

  // The general weekly plan, and the plan of one therapy category (set-up type BY_CATEGORY).
  for (const [read, save, requireCategory] of [
    [getDefaultWeeklyPlan, saveDefaultWeeklyPlan, false],
    [getCategoryWeeklyPlan, saveCategoryWeeklyPlan, true],
  ] as const) {
    route(app, read, async (req) => ({
      data: await service.weekly(actorOf(req), req.query.category, requireCategory),
    }));
    route(app, save, async (req) => ({
      data: await service.saveWeekly(actorOf(req), req.body.categoryIdentifier, req.body.days, requireCategory),
      message: saved(req),
    }));
  }

  route(app, listCustomDays, async (req) => ({
    data: await service.customDays(actorOf(req), req.query.category),
  }));
  route(app, saveCustomDay, async (req, reply) =>
    reply.code(201).send({ data: await service.saveCustomDay(actorOf(req), req.body), message: saved(req) }),
  );
  route(app, deleteCustomDay, async (req) => {
    await service.deleteCustomDay(actorOf(req), req.params.id);
    return { message: message('customDayDeleted', requestLocale(req)) };
  });
};
