import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@therapy/contracts/common';
import { appConfig } from '@therapy/contracts/app-config';
import type { AppDeps } from '../../deps.ts';

/** What the web app needs to know about this deployment before anyone signs in. */
export const appConfigRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const { config } = deps;
  app.get('/app-config', { schema: { tags: ['ops'], response: { 200: envelope(appConfig) } } }, async (_req, reply) => {
    void reply.header('cache-control', 'public, max-age=60');
    return { data: { operatingCountries: config.operatingCountries, oidc: { google: Boolean(config.oidc) }, flags: config.flags, errorReportingDsn: config.sentryDsn ?? null } };
  });
};
