import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createStripeConnectLink, getStripeConnect } from '@therapy/contracts/endpoints/stripe-connect';
import { actorOf } from '../../../platform/auth/plugin.ts';
import { route } from '../../../platform/http/route.ts';
import type { StripeConnectService } from './stripe-connect.service.ts';

/** GET /provider/stripe-connect and POST /provider/stripe-connect/link: the signed-in provider's own account only. */
export const stripeConnectRoutes: FastifyPluginAsyncZod<{ connect: StripeConnectService }> = async (
  app,
  { connect },
) => {
  route(app, getStripeConnect, async (req) => ({ data: await connect.state(actorOf(req)) }));
  route(app, createStripeConnectLink, async (req) => ({ data: await connect.link(actorOf(req)) }));
};
