import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';

/** Being written (issue 4); registered in app.ts already so parallel work does not collide there. */
export const clientProfileRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (_app, _opts) => {};
