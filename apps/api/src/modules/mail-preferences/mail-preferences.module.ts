import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import type { UnsubscribeTokens } from '../../platform/mail/unsubscribe-token.ts';
import { mailPreferencesRoutes } from './mail-preferences.routes.ts';
import { createMailPreferencesService } from './mail-preferences.service.ts';

/** The mail preferences module's public face: its routes; nothing for other modules (the mail queue reads the table). */
export function createMailPreferencesModule(deps: AppDeps, needs: { tokens: UnsubscribeTokens }) {
  const preferences = createMailPreferencesService(deps, needs.tokens);
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(mailPreferencesRoutes, { preferences, appOrigin: deps.config.appOrigin });
  };
  return { name: 'mail-preferences' as const, plugin };
}
export type MailPreferencesModule = ReturnType<typeof createMailPreferencesModule>;
