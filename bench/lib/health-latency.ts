import { Worker } from 'node:worker_threads';
import { percentile } from './load.ts';
import type { BenchContext } from './types.ts';

/**
 * A GET at `connections` keep-alive connections for `seconds`, from a worker thread (the load must not share the
 * server's event loop), every answer's latency kept: autocannon's workers report no single latencies, and p95 is not
 * among its percentiles. Each connection sends its next request when the answer before is read whole.
 */
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const net = require('node:net');
const { url, connections, seconds } = workerData;
const { hostname, port, pathname } = new URL(url);
const request = Buffer.from('GET ' + pathname + ' HTTP/1.1\\r\\nhost: ' + hostname + ':' + port + '\\r\\n\\r\\n');
const HEAD_END = Buffer.from('\\r\\n\\r\\n');
const latencies = [];
const until = performance.now() + seconds * 1000;
const loop = () => new Promise((resolve, reject) => {
  const socket = net.connect(Number(port), hostname);
  socket.setNoDelay(true);
  let data = Buffer.alloc(0);
  let started = 0;
  const next = () => {
    if (performance.now() >= until) { socket.destroy(); return resolve(); }
    started = performance.now();
    socket.write(request);
  };
  socket.on('connect', next);
  socket.on('error', reject);
  socket.on('data', (chunk) => {
    data = data.length ? Buffer.concat([data, chunk]) : chunk;
    const headEnd = data.indexOf(HEAD_END);
    if (headEnd < 0) return;
    const head = data.toString('latin1', 0, headEnd).toLowerCase();
    const m = /\\r\\ncontent-length: *(\\d+)/.exec(head);
    const used = headEnd + 4 + (m ? Number(m[1]) : 0);
    if (data.length < used) return;
    if (head.slice(9, 12) !== '200') return reject(new Error('answered ' + head.slice(9, 12)));
    data = data.subarray(used);
    latencies.push(performance.now() - started);
    next();
  });
});
Promise.all(Array.from({ length: connections }, loop)).then(
  () => parentPort.postMessage({ latencies }),
  (err) => parentPort.postMessage({ error: String(err && err.message || err) }),
);
`;

function latenciesOf(url: string, connections: number, seconds: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerSource, { eval: true, workerData: { url, connections, seconds } });
    worker.once('message', (m: { latencies: number[] } | { error: string }) => {
      void worker.terminate();
      if ('error' in m) reject(new Error(`health latency: ${m.error}`));
      else resolve(m.latencies);
    });
    worker.once('error', reject);
  });
}

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
  await latenciesOf(url, connections, 1); // warm-up
  const latencies = (await latenciesOf(url, connections, ctx.duration)).sort((a, b) => a - b);
  const p95 = Number(percentile(latencies, 95).toFixed(3));
  ctx.figures[key] = p95;
  return p95;
}

/** Adds `<prefix>.p95_ratio_to_health` for every `<prefix>.p95_ms` of `figures`, at the scenario's concurrency. */
export async function latencyRatios(
  ctx: BenchContext,
  figures: Record<string, number>,
  connections: number,
): Promise<Record<string, number>> {
  const ratios: Record<string, number> = {};
  for (const [key, value] of Object.entries(figures)) {
    if (!key.endsWith('.p95_ms')) continue;
    const health = await healthP95At(ctx, connections);
    ratios[key.replace(/\.p95_ms$/, '.p95_ratio_to_health')] = Number((value / health).toFixed(2));
  }
  return ratios;
}
