import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
// tsx's loader in this very process (not its CLI, which runs the script in a second process a kill would miss).
const tsxLoader = pathToFileURL(path.resolve(here, '../../../../node_modules/tsx/dist/loader.mjs')).href;

/**
 * Runs test/children/<script> in one Node process of its own (with tsx's loader, on the Node running the tests) and resolves once
 * it prints `ready` (with what follows it on that line); its other output is kept for the failure message.
 */
export async function spawnChild(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  timeoutMs = 60_000,
): Promise<{ child: ChildProcess; ready: string; output: () => string }> {
  const child = spawn(process.execPath, ['--import', tsxLoader, path.join(here, script), ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const ready = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} not ready within ${timeoutMs} ms:\n${out}`)), timeoutMs);
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /^ready ?(.*)$/m.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1] ?? '');
      }
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${script} ended (${code ?? signal}) before it was ready:\n${out}`));
    });
  });
  return { child, ready, output: () => out };
}

/** kill -9, and wait until the process is gone. */
export async function killHard(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await gone;
}
