import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getAppConfig } from '@therapy/contracts/endpoints/ops';
import type { AppDeps } from '../../deps.ts';
import type { Flags } from '../../platform/flags.ts';
import { route } from '../../platform/http/route.ts';

/** What the web app needs to know about this deployment before anyone signs in. */
export const appConfigRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; flags: Flags }> = async (app, { deps, flags }) => {
  const { config } = deps;
  route(app, getAppConfig, async (_req, reply) => {
    void reply.header('cache-control', 'public, max-age=60');
    return {
      data: {
        operatingCountries: config.operatingCountries,
        oidc: { google: Boolean(config.oidc) },
        flags: await flags.all(),
        errorReportingDsn: config.sentryDsn ?? null,
        // Operators follow the provider window (decision 0036).
        idleSignOut: {
          client: config.idleSignOut.clientMinutes,
          provider: config.idleSignOut.providerMinutes,
          operator: config.idleSignOut.providerMinutes,
        },
      },
    };
  });
};
