import { Worker } from 'node:worker_threads';
import { seedDirectoryProviders } from '@therapy/api/modules/directory/directory-seed.repository';
import { percentile } from '../lib/load.ts';
import type { BenchContext, Figures } from '../lib/types.ts';

export const name = 'directory.search';
export const description =
  'GET /api/v1/therapists: a mix of filtered searches at 8 connections over 10,000 seeded providers (p95), and how many are listed';

const CONNECTIONS = 8;
export const concurrency = CONNECTIONS;
const PROVIDERS = 10_000;

/**
 * The load runs in a worker thread (as in bookings.create), so the clients do not share the server's event loop. It asks
 * for compressed answers, as a browser does, and times them to their last byte without decompressing them: a browser
 * decompresses natively, while fetch's JavaScript decompression streams took a fifth of the two cores from the server
 * and added about 10 ms to the p95. `assertPages` checks after the load that every URL answers a real page.
 */
const workerSource = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const { urls, connections, seconds } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const get = (url) => new Promise((resolve, reject) => {
  http.get(url, { agent, headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
    res.on('end', () => resolve({ status: res.statusCode }));
    res.on('error', reject);
    res.resume(); // read to the last byte
  }).on('error', reject);
});
(async () => {
  const latencies = [];
  let next = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(Array.from({ length: connections }, async () => {
    while (performance.now() < until) {
      const url = urls[next++ % urls.length];
      const started = performance.now();
      const res = await get(url);
      if (res.status !== 200) throw new Error('directory.search: ' + url + ' answered ' + res.status);
      latencies.push(performance.now() - started);
    }
  }));
  parentPort.postMessage({ latencies });
})().catch((err) => parentPort.postMessage({ error: String(err && err.message || err) }));
`;

function fire(urls: string[], seconds: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerSource, { eval: true, workerData: { urls, connections: CONNECTIONS, seconds } });
    worker.once('message', (m: { latencies: number[] } | { error: string }) => {
      void worker.terminate();
      if ('error' in m) reject(new Error(m.error));
      else resolve(m.latencies);
    });
    worker.once('error', reject);
  });
}

/** Every URL of the mix answers 200 with a non-empty page of therapists (read through fetch, decompressed). */
async function assertPages(urls: string[]): Promise<void> {
  for (const url of urls) {
    const res = await fetch(url);
    const body = (await res.json()) as { data?: unknown[]; meta?: { total?: number } };
    if (res.status !== 200 || !Array.isArray(body.data) || body.data.length === 0)
      throw new Error(`directory.search: ${url} answered ${res.status} without therapists`);
  }
}

export async function run(ctx: BenchContext): Promise<Figures> {
  ctx.log(`directory.search: seeding ${PROVIDERS.toLocaleString('en-US')} providers`);
  await seedDirectoryProviders(ctx.db, PROVIDERS);
  const code = async (list: string, offset = 0) =>
    String(
      (
        await ctx.query(`SELECT code FROM reference_items WHERE list = $1 ORDER BY sort_order OFFSET $2 LIMIT 1`, [
          list,
          offset,
        ])
      )[0]!.code,
    );
  // The busiest states, so searches return full pages.
  const states = (
    await ctx.query(
      `SELECT s.code FROM directory_entries d CROSS JOIN unnest(d.states) AS st(id) JOIN states s ON s.identifier = st.id GROUP BY s.code ORDER BY count(*) DESC LIMIT 4`,
    )
  ).map((r) => String(r.code));
  const [therapy, speciality, gender, modality] = [
    await code('therapy-category'),
    await code('speciality', 2),
    await code('gender'),
    await code('modality'),
  ];
  const base = `${ctx.url}/api/v1/therapists`;
  const mix = states.flatMap((state) => [
    `${base}?state=${state}`,
    `${base}?state=${state}&therapy=${therapy}`,
    `${base}?state=${state}&speciality=${speciality}&modality=${modality}`,
    `${base}?state=${state}&gender=${gender}&priceMax=15000&sort=price`,
    `${base}?state=${state}&q=Jonson`,
    `${base}?state=${state}&q=grief`,
    `${base}?state=${state}&sort=rating&page=3`,
  ]);
  await fire(mix, 1); // warm-up: plans and caches, not counted
  const latencies = (await fire(mix, ctx.duration)).sort((a, b) => a - b);
  await assertPages(mix);
  const listed = await ctx.query(
    `SELECT count(*) AS n FROM directory_entries d JOIN provider_verifications v ON v.provider_id = d.provider_id AND v.status = 'approved'`,
  );
  return {
    'directory.search.p95_ms': Number(percentile(latencies, 95).toFixed(1)),
    'directory.search.rps': Math.round(latencies.length / ctx.duration),
    'directory.providers.count': Number(listed[0]!.n),
  };
}
