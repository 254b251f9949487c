import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getRoom } from '@therapy/contracts/endpoints/rooms';
import { actorOf } from '../../platform/auth/plugin.ts';
import { route } from '../../platform/http/route.ts';
import type { RoomsService } from './rooms.service.ts';

/** The video room (issue 19): who may join and when, and the ICE servers. Signals go over the live socket. */
export const roomsRoutes: FastifyPluginAsyncZod<{ rooms: RoomsService }> = async (app, { rooms }) => {
  route(app, getRoom, async (req) => ({ data: await rooms.room(actorOf(req), req.params.bookingId) }));
};
