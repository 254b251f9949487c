// `npm test`: everything a contributor needs, in order, each step timed; a plain "N passed, N failed" line closes it.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const only = process.argv.slice(2);

const steps = [
  ['lint', ['run', 'lint']],
  ['typecheck', ['run', 'typecheck']],
  ['openapi document', ['run', 'openapi:check']],
  ['contracts tests', ['run', 'test', '-w', '@therapy/contracts']],
  ['api tests', ['run', 'test', '-w', '@therapy/api']],
  ['web tests', ['run', 'test', '-w', '@therapy/web']],
  ['build', ['run', 'build']],
  ['browser journeys', ['run', 'test', '-w', '@therapy/e2e']],
].filter(([name]) => only.length === 0 || only.some((o) => name.startsWith(o)));

const results = [];
for (const [name, args] of steps) {
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  const run = spawnSync(npm, args, { cwd: root, stdio: 'inherit', env: { ...process.env, TZ: 'UTC', FORCE_COLOR: process.env.CI ? '0' : '1' } });
  const ok = run.status === 0;
  results.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000) });
  // A broken build makes the browser journeys meaningless; say so instead of piling up errors.
  if (!ok && name === 'build') break;
}

console.log('\n=== summary ===');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'}  ${r.name} (${r.seconds} s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
