import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { contactRoutes } from './contact.routes.ts';
import { createContactService } from './contact.service.ts';

/** The contact module's public face: its routes; nothing for other modules. */
export function createContactModule(deps: AppDeps) {
  const contact = createContactService(deps);
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(contactRoutes, { contact });
  };
  return { name: 'contact' as const, plugin };
}
export type ContactModule = ReturnType<typeof createContactModule>;
