import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addWorkHistory,
  deleteWorkHistory,
  getBookingFees,
  getLicenseStates,
  listWorkHistory,
  setGeneralFee,
  setLicenseStates,
  setTherapyFee,
  updateWorkHistory,
} from '@therapy/contracts/endpoints/practice-details';
import { message } from '@therapy/contracts/messages';
import { actorOf } from '../../platform/auth/plugin.ts';
import { route } from '../../platform/http/route.ts';
import { requestLocale } from '../../platform/locale.ts';
import type { PracticeDetailsService } from './practice-details.service.ts';

/** Spec §7 "Provider": /provider/experience, /provider/booking-fee/..., /provider/license-states. */
export const practiceDetailsRoutes: FastifyPluginAsyncZod<{ details: PracticeDetailsService }> = async (
  app,
  { details },
) => {
  route(app, listWorkHistory, async (req) => ({ data: await details.listWorkHistory(actorOf(req)) }));

  route(app, addWorkHistory, async (req, reply) =>
    reply.code(201).send({
      data: await details.addWorkHistory(actorOf(req), req.body),
      message: message('workHistorySaved', requestLocale(req)),
    }),
  );

  route(app, updateWorkHistory, async (req) => ({
    data: await details.updateWorkHistory(actorOf(req), req.params.id, req.body),
    message: message('workHistoryUpdated', requestLocale(req)),
  }));

  route(app, deleteWorkHistory, async (req) => {
    await details.deleteWorkHistory(actorOf(req), req.params.id);
    return { message: message('workHistoryDeleted', requestLocale(req)) };
  });

  route(app, getBookingFees, async (req) => ({ data: await details.bookingFees(actorOf(req)) }));

  route(app, setGeneralFee, async (req) => ({
    data: await details.setGeneralFee(actorOf(req), req.body),
    message: message('feeSaved', requestLocale(req)),
  }));

  route(app, setTherapyFee, async (req) => ({
    data: await details.setTherapyFee(actorOf(req), req.body),
    message: message('feeSaved', requestLocale(req)),
  }));

  route(app, getLicenseStates, async (req) => ({ data: await details.licenseStates(actorOf(req)) }));

  route(app, setLicenseStates, async (req) => ({
    data: await details.setLicenseStates(actorOf(req), req.body.stateIdentifiers),
    message: message('licenseStatesSaved', requestLocale(req)),
  }));
};
