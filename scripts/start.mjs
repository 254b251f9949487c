// `npm start`: build the web app if it is missing, then run the API, which serves the app, on PORT (default 3000).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

// Both bundles: the browser's (dist) and the server renderer's (dist-server, docs/decisions/0012).
const built = ['apps/web/dist/index.html', 'apps/web/dist-server/entry-server.js'].every((file) =>
  fs.existsSync(path.join(root, file)),
);
if (!built) {
  console.log('Building the web app (first start only)...');
  const build = spawnSync(npm, ['run', 'build', '-w', '@therapy/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// tsx directly (not through another npm) so a SIGTERM to this process reaches the API, which stops PostgreSQL.
const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs');
const child = spawn(process.execPath, [tsx, 'src/main.ts'], {
  cwd: path.join(root, 'apps/api'),
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: path.resolve(root, process.env.DATA_DIR ?? '.data') },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
