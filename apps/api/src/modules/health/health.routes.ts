import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getHealth, getReadiness } from '@therapy/contracts/endpoints/ops';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../platform/errors.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../platform/pg-errors.ts';
import { route } from '../../platform/http/route.ts';
import { healthRepository } from './health.repository.ts';

/** Liveness (the process answers) and readiness (it can reach its database). */
export const healthRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  route(app, getHealth, async () => ({ status: 'ok' as const }));
  route(app, getReadiness, async () => {
    try {
      await healthRepository.ping(deps.db);
    } catch {
      // Not ready until PostgreSQL answers again; the pool connects again by itself, so this recovers without a restart.
      throw new AppError(
        503,
        'SERVICE_UNAVAILABLE',
        'serviceUnavailable',
        undefined,
        undefined,
        DATABASE_RETRY_AFTER_SECONDS,
      );
    }
    return { status: 'ok' as const };
  });
};
