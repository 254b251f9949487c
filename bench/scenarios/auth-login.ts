import { load } from '../lib/load.ts';
import type { BenchContext, Figures } from '../lib/types.ts';

export const name = 'auth.login';
export const description =
  'POST /api/v1/user/login with correct credentials at 4 connections: each sign-in costs one argon2id hash (m=19456 KiB, t=2), ' +
  'so the figure is latency, not throughput; few connections keep it from measuring only the queue in front of the hash';

/** Fewer connections than the other scenarios on purpose: see the description. */
export const CONNECTIONS = 4;
/** Its p95's ratio to health is taken at the same concurrency. */
export const concurrency = CONNECTIONS;

export async function run(ctx: BenchContext): Promise<Figures> {
  // Correct credentials only: failed sign-ins count towards the 10-per-15-minutes account limit, successes do not.
  const opts = {
    url: `${ctx.url}/api/v1/user/login`,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ctx.user.email, password: ctx.user.password }),
    connections: CONNECTIONS,
  };
  await load({ ...opts, duration: 1 }); // warm-up
  const result = await load({ ...opts, duration: ctx.duration, recordLatencies: true });
  ctx.log(
    `auth.login: ${result.requests} sign-ins, ${result.rps.toFixed(1)}/s, p50 ${result.latencyP50Ms} ms, p99 ${result.latencyP99Ms} ms`,
  );
  return {
    'auth.login.p95_ms': Math.round(result.latencyP95Ms ?? Number.NaN),
    'auth.login.rps': Number(result.rps.toFixed(1)),
  };
}
