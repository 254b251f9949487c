import { load } from './load.ts';
import type { BenchContext } from './types.ts';

/**
 * The p95 latency of `GET /api/v1/health` at `connections` requests in flight, measured once per run and kept in the
 * run's figures (`api.health.c<N>.p95_ms`): the baseline of every latency figure's `…_ratio_to_health` at the same
 * concurrency. It is the same server's answer with no work of its own, so the ratio says how much the work costs on
 * whatever machine the run had.
 */
export async function healthP95At(ctx: BenchContext, connections: number): Promise<number> {
  const key = `api.health.c${connections}.p95_ms`;
  const known = ctx.figures[key];
  if (known !== undefined) return known;
  const url = `${ctx.url}/api/v1/health`;
  await load({ url, connections, duration: 1, workers: 1 }); // warm-up
  const { latencyP95Ms } = await load({ url, connections, duration: ctx.duration, workers: 1, recordLatencies: true });
  const p95 = Number((latencyP95Ms ?? Number.NaN).toFixed(3));
  ctx.figures[key] = p95;
  return p95;
}

/** Adds `<prefix>.p95_ratio_to_health` for every `<prefix>.p95_ms` of `figures`, at the scenario's concurrency. */
export async function latencyRatios(ctx: BenchContext, figures: Record<string, number>, connections: number): Promise<Record<string, number>> {
  const ratios: Record<string, number> = {};
  for (const [key, value] of Object.entries(figures)) {
    if (!key.endsWith('.p95_ms')) continue;
    const health = await healthP95At(ctx, connections);
    ratios[key.replace(/\.p95_ms$/, '.p95_ratio_to_health')] = Number((value / health).toFixed(2));
  }
  return ratios;
}
