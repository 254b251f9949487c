// `npm test`: everything a contributor needs, each step timed; a plain "N passed, N failed" line closes it.
//
// The checks before the tests (lint, the five typechecks, the OpenAPI document, the contracts' tests, the build) are
// single-threaded, so they run two at a time, each one's output printed whole when it ends. The API and web tests
// then run one after the other (each runs several files at once itself), and the browser journeys last, on the build.
// The whole run has a budget (issue 44): past TEST_BUDGET_MINUTES (30) it fails, so a slow suite is noticed when it
// grows, not when CI's hard limit stops it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const only = process.argv.slice(2);
const budgetMinutes = Number(process.env.TEST_BUDGET_MINUTES ?? 30);

const tsc = (project) => [`typecheck ${project}`, npx, ['tsc', '-p', project]];
/** Run two at a time; none depends on another. */
const checks = [
  ['lint', npm, ['run', 'lint']],
  tsc('apps/api'),
  tsc('apps/web'),
  tsc('packages/contracts'),
  tsc('e2e'),
  tsc('bench'),
  ['openapi document', npm, ['run', 'openapi:check']],
  ['contracts tests', npm, ['run', 'test', '-w', '@therapy/contracts']],
  ['build', npm, ['run', 'build']],
];
/** Run one after the other, each with the whole machine. */
const suites = [
  ['api tests', npm, ['run', 'test', '-w', '@therapy/api']],
  ['web tests', npm, ['run', 'test', '-w', '@therapy/web']],
  ['browser journeys', npm, ['run', 'test', '-w', '@therapy/e2e']],
];
const chosen = (steps) => steps.filter(([name]) => only.length === 0 || only.some((o) => name.startsWith(o)));

const env = { ...process.env, TZ: 'UTC', FORCE_COLOR: process.env.CI ? '0' : '1' };
/** Runs one step; its output goes straight to the terminal, or is kept and printed whole when `buffered`. */
function run([name, command, args], buffered) {
  const started = Date.now();
  if (!buffered) console.log(`\n=== ${name} ===`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const output = [];
    if (buffered) {
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
    }
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      if (buffered) {
        console.log(`\n=== ${name} (${seconds} s) ===`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({ name, ok: code === 0, seconds });
    });
  });
}

/** Runs `steps` `width` at a time, in order of start; the results in the steps' order. */
async function pool(steps, width) {
  const results = new Array(steps.length);
  let next = 0;
  const lane = async () => {
    while (next < steps.length) {
      const i = next++;
      results[i] = await run(steps[i], true);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, steps.length) }, lane));
  return results;
}

const started = Date.now();
const results = await pool(chosen(checks), 2);
// A broken build makes the browser journeys meaningless; say so instead of piling up errors.
const buildFailed = results.some((r) => r.name === 'build' && !r.ok);
for (const suite of chosen(suites)) {
  if (buildFailed && suite[0] === 'browser journeys') break;
  results.push(await run(suite, false));
}

const minutes = (Date.now() - started) / 60_000;
console.log('\n=== summary ===');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.name} (${r.seconds} s)`);
const overBudget = only.length === 0 && minutes > budgetMinutes;
console.log(`${overBudget ? 'FAIL' : 'ok  '}  the whole run: ${minutes.toFixed(1)} min (budget ${budgetMinutes} min)`);
const failed = results.filter((r) => !r.ok).length + (overBudget ? 1 : 0);
console.log(`steps: ${results.length - results.filter((r) => !r.ok).length} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
