import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startBenchServer, type BenchServer } from './lib/server.ts';
import type { BenchContext, Figures, Scenario } from './lib/types.ts';

/**
 * `npm run bench [-- <name prefix>]`: starts the server on a fresh embedded database, runs every scenario whose name
 * starts with the prefix (all without one), prints a table and writes bench/results/latest.json, one flat object of
 * named figures. The server (and its PostgreSQL) is always stopped, also on error or Ctrl-C.
 */
const here = path.dirname(fileURLToPath(import.meta.url));

async function loadScenarios(): Promise<Scenario[]> {
  const dir = path.join(here, 'scenarios');
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.ts')).sort();
  const scenarios: Scenario[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as Partial<Scenario>;
    if (typeof mod.name !== 'string' || typeof mod.run !== 'function') throw new Error(`bench/scenarios/${file} must export name and run`);
    scenarios.push({ name: mod.name, description: mod.description ?? '', run: mod.run });
  }
  // The health baseline first, so the ratios of this run divide by a figure of this run.
  return scenarios.sort((a, b) => Number(b.name === 'api.health') - Number(a.name === 'api.health'));
}

function printTable(figures: Figures): void {
  const rows = Object.entries(figures);
  const width = Math.max(6, ...rows.map(([k]) => k.length));
  console.log(`\n${'figure'.padEnd(width)}  value`);
  console.log(`${'-'.repeat(width)}  ${'-'.repeat(10)}`);
  for (const [key, value] of rows) console.log(`${key.padEnd(width)}  ${value.toLocaleString('en-US')}`);
  console.log('');
}

async function main(): Promise<void> {
  const prefix = process.argv.slice(2).find((a) => a !== '--') ?? '';
  const all = await loadScenarios();
  const selected = all.filter((s) => s.name.startsWith(prefix) || prefix.startsWith(`${s.name}.`) || prefix === s.name);
  if (selected.length === 0) {
    console.error(`No scenario starts with "${prefix}". Scenarios: ${all.map((s) => s.name).join(', ')}`);
    process.exitCode = 2;
    return;
  }
  const duration = Number(process.env.BENCH_DURATION ?? 6);
  const started = Date.now();
  console.log(`bench: ${selected.map((s) => s.name).join(', ')} (${duration} s per load phase)`);

  let server: BenchServer | undefined;
  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= server ? server.close() : Promise.resolve());
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\nbench: ${signal}, stopping the server`);
    void stop().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const figures: Figures = {};
  try {
    server = await startBenchServer();
    const ctx: BenchContext = { url: server.url, user: server.user, sandboxWebhookSecret: server.sandboxWebhookSecret, query: server.query, db: server.db, config: server.config, figures, duration, log: (line) => console.log(`  ${line}`) };
    for (const scenario of selected) {
      const t0 = Date.now();
      console.log(`- ${scenario.name}: ${scenario.description}`);
      Object.assign(figures, await scenario.run(ctx));
      console.log(`  done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
  } finally {
    await stop();
  }

  printTable(figures);
  const out = path.join(here, 'results', 'latest.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), out)} in ${((Date.now() - started) / 1000).toFixed(0)} s total`);
}

main().catch((err: unknown) => {
  console.error('bench failed:', err);
  process.exitCode = 1;
});
