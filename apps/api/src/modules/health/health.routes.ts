import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getHealth, getReadiness } from '@therapy/contracts/endpoints/ops';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../platform/errors.ts';
import { route } from '../../platform/http/route.ts';
import { healthRepository } from './health.repository.ts';

/** Liveness (the process answers) and readiness (it can reach its database). */
export const healthRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  route(app, getHealth, async () => ({ status: 'ok' as const }));
  route(app, getReadiness, async () => {
    try {
      await healthRepository.ping(deps.db);
    } catch {
      throw new AppError(503, 'INTERNAL_ERROR', 'internalError');
    }
    return { status: 'ok' as const };
  });
};
