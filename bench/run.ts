import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { latencyRatios } from './lib/health-latency.ts';
import { startBenchServer, type BenchServer } from './lib/server.ts';
import type { BenchContext, Figures, Scenario } from './lib/types.ts';

/**
 * `npm run bench [-- <name prefix>] [--repeat N]`: starts the server on a fresh embedded database, runs every scenario
 * whose name starts with the prefix (all without one), prints a table and writes bench/results/latest.json, one flat
 * object of named figures. With `--repeat N` it does all of that N times, each on a fresh server and database, and
 * reports each figure's median (the table also shows the lowest and highest). The server (and its PostgreSQL) is
 * always stopped, also on error or Ctrl-C.
 */
const here = path.dirname(fileURLToPath(import.meta.url));

async function loadScenarios(): Promise<Scenario[]> {
  const dir = path.join(here, 'scenarios');
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .sort();
  const scenarios: Scenario[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as Partial<Scenario>;
    if (typeof mod.name !== 'string' || typeof mod.run !== 'function')
      throw new Error(`bench/scenarios/${file} must export name and run`);
    scenarios.push({
      name: mod.name,
      description: mod.description ?? '',
      ...(mod.concurrency ? { concurrency: mod.concurrency } : {}),
      run: mod.run,
    });
  }
  // The health baseline first, so the ratios of this run divide by a figure of this run.
  return scenarios.sort((a, b) => Number(b.name === 'api.health') - Number(a.name === 'api.health'));
}

function printTable(runs: Figures[], figures: Figures): void {
  const rows = Object.entries(figures);
  const width = Math.max(6, ...rows.map(([k]) => k.length));
  const spread = (key: string) => {
    const values = runs.map((r) => r[key]).filter((v): v is number => v !== undefined);
    return runs.length > 1
      ? `  (${Math.min(...values).toLocaleString('en-US')} to ${Math.max(...values).toLocaleString('en-US')})`
      : '';
  };
  console.log(
    `\n${'figure'.padEnd(width)}  ${runs.length > 1 ? `median of ${runs.length} runs (lowest to highest)` : 'value'}`,
  );
  console.log(`${'-'.repeat(width)}  ${'-'.repeat(10)}`);
  for (const [key, value] of rows) console.log(`${key.padEnd(width)}  ${value.toLocaleString('en-US')}${spread(key)}`);
  console.log('');
}

/** Each figure's median over the runs (the mean of the middle two for an even count), in the first run's order. */
function medians(runs: Figures[]): Figures {
  const keys = [...new Set(runs.flatMap((r) => Object.keys(r)))];
  return Object.fromEntries(
    keys.map((key) => {
      const values = runs
        .map((r) => r[key])
        .filter((v): v is number => v !== undefined)
        .sort((a, b) => a - b);
      const mid = Math.floor(values.length / 2);
      const median = values.length % 2 ? values[mid]! : (values[mid - 1]! + values[mid]!) / 2;
      return [key, Number(median.toFixed(3))];
    }),
  );
}

function argsOf(argv: string[]): { prefix: string; repeat: number } {
  const args = argv.filter((a) => a !== '--');
  const at = args.indexOf('--repeat');
  const repeat = at === -1 ? 1 : Number(args[at + 1]);
  if (!Number.isInteger(repeat) || repeat < 1) throw new Error('--repeat takes a whole number of runs, 1 or more');
  const prefix = args.filter((_, i) => at === -1 || (i !== at && i !== at + 1))[0] ?? '';
  return { prefix, repeat };
}

/** One run: a fresh server, the selected scenarios in order, each latency's ratio to health at its concurrency. */
async function runOnce(
  selected: Scenario[],
  duration: number,
  onServer: (server: BenchServer | undefined) => void,
): Promise<Figures> {
  const figures: Figures = {};
  const server = await startBenchServer();
  onServer(server);
  try {
    const ctx: BenchContext = {
      url: server.url,
      user: server.user,
      sandboxWebhookSecret: server.sandboxWebhookSecret,
      query: server.query,
      db: server.db,
      config: server.config,
      recorder: server.recorder,
      figures,
      duration,
      log: (line) => console.log(`  ${line}`),
    };
    for (const scenario of selected) {
      const t0 = Date.now();
      console.log(`- ${scenario.name}: ${scenario.description}`);
      const own = await scenario.run(ctx);
      Object.assign(figures, own);
      if (scenario.concurrency) Object.assign(figures, await latencyRatios(ctx, own, scenario.concurrency));
      console.log(`  done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
  } finally {
    onServer(undefined);
    await server.close();
  }
  return figures;
}

async function main(): Promise<void> {
  const { prefix, repeat } = argsOf(process.argv.slice(2));
  const all = await loadScenarios();
  const selected = all.filter((s) => s.name.startsWith(prefix) || prefix.startsWith(`${s.name}.`) || prefix === s.name);
  if (selected.length === 0) {
    console.error(`No scenario starts with "${prefix}". Scenarios: ${all.map((s) => s.name).join(', ')}`);
    process.exitCode = 2;
    return;
  }
  const duration = Number(process.env.BENCH_DURATION ?? 6);
  const started = Date.now();
  console.log(
    `bench: ${selected.map((s) => s.name).join(', ')} (${duration} s per load phase${repeat > 1 ? `, ${repeat} runs` : ''})`,
  );

  let server: BenchServer | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\nbench: ${signal}, stopping the server`);
    void (server ? server.close() : Promise.resolve()).finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const runs: Figures[] = [];
  for (let i = 1; i <= repeat; i += 1) {
    if (repeat > 1) console.log(`run ${i} of ${repeat}`);
    runs.push(await runOnce(selected, duration, (s) => (server = s)));
  }
  const figures = repeat > 1 ? medians(runs) : runs[0]!;

  printTable(runs, figures);
  const out = path.join(here, 'results', 'latest.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), out)} in ${((Date.now() - started) / 1000).toFixed(0)} s total`);
}

main().catch((err: unknown) => {
  console.error('bench failed:', err);
  process.exitCode = 1;
});
