import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptWaitlistOffer, joinWaitlist, leaveWaitlist, listWaitlist } from '@therapy/contracts/endpoints/waitlist';
import { message } from '@therapy/contracts/messages';
import { actorOf } from '../../../platform/auth/plugin.ts';
import { route } from '../../../platform/http/route.ts';
import { requestLocale } from '../../../platform/locale.ts';
import type { WaitlistService } from './waitlist.service.ts';

/** The waitlist (issue 19): a client's places, joining, leaving, and taking a held slot. */
export const waitlistRoutes: FastifyPluginAsyncZod<{ waitlist: WaitlistService }> = async (app, { waitlist }) => {
  route(app, listWaitlist, async (req) => ({ data: await waitlist.list(actorOf(req)) }));
  route(app, joinWaitlist, async (req, reply) =>
    reply.code(201).send({
      data: await waitlist.join(actorOf(req), req.body),
      message: message('waitlistJoined', requestLocale(req)),
    }),
  );
  route(app, leaveWaitlist, async (req) => {
    await waitlist.leave(actorOf(req), req.params.id);
    return { message: message('waitlistLeft', requestLocale(req)) };
  });
  route(app, acceptWaitlistOffer, async (req, reply) =>
    reply.code(201).send({
      data: await waitlist.accept(actorOf(req), req.params.id),
      message: message('waitlistOfferBooked', requestLocale(req)),
    }),
  );
};
