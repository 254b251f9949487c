import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { saveCookieConsent } from '@therapy/contracts/endpoints/consent';
import { message } from '@therapy/contracts/messages';
import { actorOf } from '../../platform/auth/plugin.ts';
import { route } from '../../platform/http/route.ts';
import { requestLocale } from '../../platform/locale.ts';
import type { Conversions } from './conversions.ts';

/** The signed-in user's cookie choice (decision 0067). */
export const analyticsRoutes: FastifyPluginAsyncZod<{ conversions: Conversions }> = async (app, { conversions }) => {
  route(app, saveCookieConsent, async (req) => ({
    data: await conversions.saveConsent(actorOf(req).userId, req.body.consent, {
      userAgent: req.headers['user-agent'],
      ip: req.ip,
    }),
    message: message('consentSaved', requestLocale(req)),
  }));
};
