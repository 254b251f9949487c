import { buildApp } from '@therapy/api/app';
import { createDatabase } from '@therapy/api/db/client';
import { freePort } from '@therapy/api/server';
import { seedDirectoryProviders } from '@therapy/api/modules/directory/directory-seed.repository';
import { measureCpuTbt } from '../../scripts/cpu-tbt.mjs';
import type { BenchContext, Figures } from '../lib/types.ts';
import { ensureWebBuild } from '../lib/web-build.ts';

export const name = 'web.directory';
export const description =
  "CPU-based Total Blocking Time (scripts/cpu-tbt.mjs: main-thread CPU after FCP at Lighthouse's 4x mobile slowdown) of a state search /therapists/?state=… and of /, 5 loads each, interleaved, in headless Chromium; the directory's as a ratio to /'s";

const LOADS = 5;
/** Listed therapists when the run has none yet (a `web` prefix alone skips directory.search and its 10,000). */
const FALLBACK_PROVIDERS = 300;

/**
 * Issue 49: every search starts at a state's page, so its blocking time is what a visitor waits through. Wall-time
 * TBT on this shared machine swings by 10x with the load, so the figure is CPU time and the gate is the ratio to the
 * landing page measured in the same run. A second instance serves the production web build (server rendering
 * included) on the run's database.
 */
export async function run(ctx: BenchContext): Promise<Figures> {
  ensureWebBuild();
  const listed = await ctx.query(`SELECT count(*) AS n FROM directory_entries`);
  if (Number(listed[0]!.n) === 0) await seedDirectoryProviders(ctx.db, FALLBACK_PROVIDERS);
  const [busiest] = await ctx.query(
    `SELECT s.code FROM directory_entries d CROSS JOIN unnest(d.states) AS st(id) JOIN states s ON s.identifier = st.id GROUP BY s.code ORDER BY count(*) DESC LIMIT 1`,
  );
  const state = String(busiest!.code);
  const pool = ctx.db.$client as unknown as { options: { connectionString: string } };
  const webDb = createDatabase(pool.options.connectionString, { max: 10 });
  // Its own origin: a page asked for on another host is redirected to the configured one (origin-redirect.ts).
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const web = await buildApp({ config: { ...ctx.config, serveWeb: true, appOrigin: base }, db: webDb, logger: false });
  try {
    await web.listen({ port, host: '127.0.0.1' });
    const directoryUrl = `${base}/therapists/?state=${state}`;
    const page = await fetch(directoryUrl, { headers: { accept: 'text/html' } });
    const html = await page.text();
    // Rendered on the server: the HTML already links to the first page's therapists.
    if (page.status !== 200 || !/href="\/therapists\/[0-9a-f-]{36}\/"/.test(html))
      throw new Error(`web.directory: ${directoryUrl} answered ${page.status} without server-rendered results`);
    ctx.log(`web.directory: ${LOADS} loads each of / and ${directoryUrl}`);
    const [landing, directory] = await measureCpuTbt([`${base}/`, directoryUrl], LOADS);
    ctx.log(
      `web.directory: CPU-TBT loads / ${landing!.runs.map((r) => r.toFixed(0)).join(', ')}; directory ${directory!.runs.map((r) => r.toFixed(0)).join(', ')}`,
    );
    return {
      'web.directory.tbt_ms': Math.round(directory!.blockingMs),
      'web.landing.tbt_ms': Math.round(landing!.blockingMs),
      // Both at least 1 ms, so a page that blocks not at all does not divide by zero.
      'web.directory.tbt_ratio_to_landing': Number(
        (Math.max(1, directory!.blockingMs) / Math.max(1, landing!.blockingMs)).toFixed(2),
      ),
    };
  } finally {
    await web.close();
    await webDb.$client.end();
  }
}
