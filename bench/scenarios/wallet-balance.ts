import { fundedClient } from '../lib/wallet-client.ts';
import { load } from '../lib/load.ts';
import type { BenchContext, Figures } from '../lib/types.ts';
import { CONNECTIONS, measureHealth } from './api-health.ts';

export const name = 'wallet.balance';
export const description =
  'GET /api/v1/wallet/balance at 50 connections (a sum over the ledger entries of one wallet), and its ratio to health';

export async function run(ctx: BenchContext): Promise<Figures> {
  const health = ctx.figures['api.health.rps'] ?? (await measureHealth(ctx));
  const client = await fundedClient(ctx.url, 'balance', 500_000);
  const url = `${ctx.url}/api/v1/wallet/balance`;
  const headers = { authorization: `Bearer ${client.accessToken}` };
  await load({ url, headers, connections: CONNECTIONS, duration: 1, workers: 1 }); // warm-up
  const { rps } = await load({ url, headers, connections: CONNECTIONS, duration: ctx.duration, workers: 1 });
  return { 'wallet.balance.rps': Math.round(rps), 'wallet.balance.ratio_to_health': Number((rps / health).toFixed(3)) };
}
