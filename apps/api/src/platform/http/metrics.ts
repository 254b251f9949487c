import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import metrics from 'fastify-metrics';
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
      handler: () => undefined,
    },
    routeMetrics: { enabled: true },
    // One registry per process; a second app in the same process (tests) starts it afresh instead of failing.
    clearRegisterOnInit: true,
  });
}
