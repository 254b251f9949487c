import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acknowledgeBooking,
  answerReschedule,
  cancelAppointment,
  cancelBooking,
  getCancellationPolicy,
  getReschedulePolicy,
  rejectBooking,
  rescheduleAppointment,
  rescheduleBooking,
  withdrawReschedule,
} from '@therapy/contracts/endpoints/bookings';
import { message } from '@therapy/contracts/messages';
import { actorOf } from '../../../platform/auth/plugin.ts';
import { route } from '../../../platform/http/route.ts';
import { requestLocale } from '../../../platform/locale.ts';
import type { BookingChangesService, ChangeResult } from './changes.service.ts';

/**
 * Changing a booking (spec §7 "Bookings and appointments"): cancel and reschedule for each side (client routes under
 * /booking, provider routes under /appointment), the two policies and the answer to a reschedule request for both,
 * and the provider's acknowledge / reject of a requested booking.
 */
export const bookingChangesRoutes: FastifyPluginAsyncZod<{ changes: BookingChangesService }> = async (
  app,
  { changes },
) => {
  const answer = (req: Parameters<typeof requestLocale>[0], result: ChangeResult) => ({
    data: result.data,
    message: message(result.messageKey, requestLocale(req)),
  });

  route(app, cancelBooking, async (req) =>
    answer(req, await changes.cancel(actorOf(req), 'client', req.params.id, req.body.note)),
  );
  route(app, cancelAppointment, async (req) =>
    answer(req, await changes.cancel(actorOf(req), 'provider', req.params.id, req.body.note)),
  );
  route(app, rescheduleBooking, async (req) =>
    answer(req, await changes.reschedule(actorOf(req), 'client', req.params.id, req.body)),
  );
  route(app, rescheduleAppointment, async (req) =>
    answer(req, await changes.reschedule(actorOf(req), 'provider', req.params.id, req.body)),
  );
  route(app, answerReschedule, async (req) =>
    answer(req, await changes.answerReschedule(actorOf(req), req.params.id, req.body.status)),
  );
  route(app, withdrawReschedule, async (req) =>
    answer(req, await changes.withdrawReschedule(actorOf(req), req.params.id)),
  );
  route(app, acknowledgeBooking, async (req) => answer(req, await changes.acknowledge(actorOf(req), req.params.id)));
  route(app, rejectBooking, async (req) => answer(req, await changes.reject(actorOf(req), req.params.id, req.body)));
  route(app, getCancellationPolicy, async (req) => ({
    data: await changes.cancellationPolicy(actorOf(req), req.params.id),
  }));
  route(app, getReschedulePolicy, async (req) => ({
    data: await changes.reschedulePolicy(actorOf(req), req.params.id),
  }));
};
