import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import metrics from 'fastify-metrics';
import { z } from 'zod';
import { errorBody } from '@therapy/contracts/common';
import type { Config } from '../../config.ts';
import { AppError } from '../errors.ts';

/** Constant time in the token's length too: both sides are hashed to the same size before comparing. */
function sameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/**
 * Prometheus metrics at /metrics. With METRICS_TOKEN the scraper must present it as a bearer token; production
 * without one does not serve /metrics at all (process and route figures are not for the public).
 */
export async function registerMetrics(app: FastifyInstance, config: Config): Promise<void> {
  const token = config.metricsToken;
  if (!token && config.isProduction) {
    app.log.warn(
      '/metrics is off: set METRICS_TOKEN to serve it to a scraper that sends "Authorization: Bearer <METRICS_TOKEN>"',
    );
    return;
  }
  const guard = async (req: FastifyRequest) => {
    const header = req.headers.authorization;
    if (!token) return;
    if (typeof header !== 'string' || !header.startsWith('Bearer ') || !sameSecret(header.slice(7).trim(), token))
      throw AppError.unauthorized();
  };
  await app.register(metrics, {
    endpoint: {
      url: '/metrics',
      method: 'GET',
      logLevel: 'fatal',
      exposeHeadRoute: false,
      onRequest: guard,
      // Its operation in the served OpenAPI document (decision 0066): what a scraper gets, and the token it sends.
      schema: {
        operationId: 'getMetrics',
        summary: 'Prometheus metrics of this process (request durations by route, process and runtime figures)',
        description: token
          ? 'For a Prometheus scraper: it sends `Authorization: Bearer <METRICS_TOKEN>`.'
          : 'For a Prometheus scraper; open to anyone because this server runs without METRICS_TOKEN (never in production).',
        tags: ['ops'],
        security: token ? [{ bearer: [] }] : [],
        response: {
          200: {
            description: "Prometheus' text exposition format",
            content: { 'text/plain': { schema: z.string() } },
          },
          ...(token ? { 401: errorBody } : {}),
        },
      },
      handler: () => undefined,
    },
    routeMetrics: { enabled: true },
    // One registry per process; a second app in the same process (tests) starts it afresh instead of failing.
    clearRegisterOnInit: true,
  });
}
