import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  listContactMessages,
  markContactMessageAnswered,
  sendContactMessage,
} from '@therapy/contracts/endpoints/contact';
import { message } from '@therapy/contracts/messages';
import { route } from '../../platform/http/route.ts';
import { rateLimitKey } from '../../platform/http/rate-limit-key.ts';
import { requestLocale } from '../../platform/locale.ts';
import type { createContactService } from './contact.service.ts';

/** The contact form (spec §5): public sending, the operators' inbox. */
export const contactRoutes: FastifyPluginAsyncZod<{ contact: ReturnType<typeof createContactService> }> = async (
  app,
  { contact },
) => {
  route(app, sendContactMessage, async (req, reply) => {
    const locale = requestLocale(req);
    await contact.send(req.body, rateLimitKey(req), locale);
    return reply.code(201).send({ message: message('contactSent', locale) });
  });

  route(app, listContactMessages, async (req) => contact.list(req.query.page));

  route(app, markContactMessageAnswered, async (req) => ({
    data: await contact.markAnswered(req.params.id),
    message: message('contactAnswered', requestLocale(req)),
  }));
};
