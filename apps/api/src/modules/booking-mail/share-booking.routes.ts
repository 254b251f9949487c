import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shareBooking } from '@therapy/contracts/endpoints/bookings';
import { message } from '@therapy/contracts/messages';
import { actorOf } from '../../platform/auth/plugin.ts';
import { route } from '../../platform/http/route.ts';
import { requestLocale } from '../../platform/locale.ts';
import type { ShareBookingService } from './share-booking.service.ts';

/** POST /share-booking (issue 15). */
export const shareBookingRoutes: FastifyPluginAsyncZod<{ shares: ShareBookingService }> = async (app, { shares }) => {
  route(app, shareBooking, async (req) => {
    await shares.share(actorOf(req), req.body);
    return { message: message('mailSent', requestLocale(req)) };
  });
};
