import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Figures } from '../lib/types.ts';
import { ensureWebBuild, webDir } from '../lib/web-build.ts';

export const name = 'web.landing';
export const description =
  'initial JavaScript of / (the entry script and every module it preloads), gzip level 9, from the production build';

/** The scripts a browser loads for the landing page before anything else: index.html's module script and preloads. */
export function initialScripts(html: string): string[] {
  const srcs = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ];
  return [...new Set(srcs.map((m) => m[1]!))];
}

export async function run(): Promise<Figures> {
  ensureWebBuild();
  const index = path.join(webDir, 'dist', 'index.html');
  const scripts = initialScripts(fs.readFileSync(index, 'utf8'));
  if (scripts.length === 0) throw new Error('dist/index.html names no module script');
  const bytes = scripts.reduce(
    (sum, src) => sum + zlib.gzipSync(fs.readFileSync(path.join(webDir, 'dist', src)), { level: 9 }).length,
    0,
  );
  return { 'web.landing.js_gzip_kb': Math.round((bytes / 1024) * 10) / 10, 'web.landing.js_files': scripts.length };
}
