import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@therapy/contracts/common';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../platform/errors.ts';
import { healthRepository } from './health.repository.ts';

const status = z.object({ status: z.literal('ok') });

/** Liveness (the process answers) and readiness (it can reach its database). */
export const healthRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get('/health', { schema: { tags: ['ops'], response: { 200: status } } }, async () => ({ status: 'ok' as const }));
  app.get('/ready', { schema: { tags: ['ops'], response: { 200: status, 503: errorBody } } }, async () => {
    try {
      await healthRepository.ping(deps.db);
    } catch {
      throw new AppError(503, 'INTERNAL_ERROR', 'internalError');
    }
    return { status: 'ok' as const };
  });
};
