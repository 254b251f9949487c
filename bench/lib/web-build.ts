import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/web, whose production build (`dist` and the server-rendering bundle `dist-server`) the web figures measure. */
export const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web');

/** Builds the web app once when a build is missing (a fresh clone); an existing build is measured as it is. */
export function ensureWebBuild(): void {
  const built =
    fs.existsSync(path.join(webDir, 'dist', 'index.html')) &&
    fs.existsSync(path.join(webDir, 'dist-server', 'entry-server.js'));
  if (built) return;
  const build = spawnSync('npm', ['run', 'build', '-w', '@therapy/web'], {
    cwd: path.resolve(webDir, '../..'),
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the web build failed');
}
