import { load } from '../lib/load.ts';
import type { BenchContext, Figures } from '../lib/types.ts';
import { CONNECTIONS, measureHealth } from './api-health.ts';

export const name = 'api.user_info';
export const description =
  'authenticated GET /api/v1/user/info at 50 connections (JWT check + one database read), and its ratio to health';

export async function run(ctx: BenchContext): Promise<Figures> {
  // The ratio compares two measurements of one server in one run; measure the baseline here if it was not selected.
  const health = ctx.figures['api.health.rps'] ?? (await measureHealth(ctx));
  const url = `${ctx.url}/api/v1/user/info`;
  const headers = { authorization: `Bearer ${ctx.user.accessToken}` };
  await load({ url, headers, connections: CONNECTIONS, duration: 1, workers: 1 }); // warm-up
  const { rps } = await load({ url, headers, connections: CONNECTIONS, duration: ctx.duration, workers: 1 });
  return { 'api.user_info.rps': Math.round(rps), 'api.user_info.ratio_to_health': Number((rps / health).toFixed(3)) };
}
