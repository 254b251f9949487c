import { load } from '../lib/load.ts';
import type { BenchContext, Figures } from '../lib/types.ts';

export const name = 'api.health';
export const description = 'GET /api/v1/health at 50 connections: the baseline the other HTTP figures are ratios of';

export const CONNECTIONS = 50;

export async function measureHealth(ctx: BenchContext): Promise<number> {
  const url = `${ctx.url}/api/v1/health`;
  await load({ url, connections: CONNECTIONS, duration: 1, workers: 1 }); // warm-up
  return (await load({ url, connections: CONNECTIONS, duration: ctx.duration, workers: 1 })).rps;
}

export async function run(ctx: BenchContext): Promise<Figures> {
  return { 'api.health.rps': Math.round(await measureHealth(ctx)) };
}
