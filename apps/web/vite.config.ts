import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { endpointHead, type EndpointDefinition } from '../../packages/contracts/src/endpoint.ts';

/** The test files that call `vi.mock` (paths relative to this folder): they run in a project of their own. */
function mockingTestFiles(): string[] {
  const dir = fileURLToPath(new URL('./src', import.meta.url));
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file) && fs.readFileSync(path.join(dir, file), 'utf8').includes('vi.mock('))
    .map((file) => `src/${file.split(path.sep).join('/')}`);
}

// Resolve from this file, not the shell's cwd, so `vite build apps/web` from the repo root behaves the same.
const root = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = process.env.API_ORIGIN ?? 'http://localhost:3000';

/**
 * Brotli and gzip copies of every text file of the client build, made once at build time: the server sends them as
 * they are (@fastify/static `preCompressed`), so no request pays for compression.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle(options) {
      if (this.environment.config.consumer !== 'client' || !options.dir) return;
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(options.dir)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
        const bytes = fs.readFileSync(file);
        if (bytes.length < 1024) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

/**
 * The endpoint contracts (packages/contracts/src/endpoints/<area>.ts) carry zod schemas for the API, the OpenAPI
 * document and the web tests; the browser needs only their heads (method, path) to call them, and zod would add about
 * 38 KB gzip to the initial script (budget: DESIGN.md §8). So in builds, such a module is replaced by its endpoints'
 * heads, read from the module itself; types still come from the real file, and `call` reads nothing else. Tests and
 * the dev server load the real module.
 */
function endpointHeads(): Plugin {
  const endpointModule = /[\\/]packages[\\/]contracts[\\/]src[\\/]endpoints[\\/](?!catalogue)[^\\/]+\.ts$/;
  return {
    name: 'endpoint-heads',
    apply: 'build',
    async load(id) {
      if (!endpointModule.test(id)) return null;
      const endpoints = (await import(pathToFileURL(id).href)) as Record<string, EndpointDefinition>;
      return Object.entries(endpoints)
        .map(([name, endpoint]) => `export const ${name} = ${JSON.stringify(endpointHead(endpoint))};`)
        .join('\n');
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), tailwindcss(), precompress(), endpointHeads()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    // The API owns /api (REST + WebSocket) and /dev (development helpers such as the mail sink); the SPA owns the rest.
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false, ws: true },
      '/dev': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps for error reporting, not referenced from the served files.
    sourcemap: 'hidden',
    // Route chunks are split by the lazy routes in src/app/router.tsx; the budget check reads this manifest.
    manifest: true,
    // A lazy chunk's preload list leaves out the chunks the entry itself imports (the libraries, the runtime): they
    // are loaded before any lazy chunk can be asked for, and naming them in each of a hundred lists cost the landing
    // page's initial JavaScript about half a kilobyte gzip (issue 49, budget DESIGN.md §8).
    modulePreload: {
      resolveDependencies: (_file, deps) =>
        deps.filter((dep) => !/(^|\/)(vendor|rolldown-runtime)-[\w-]+\.js$/.test(dep)),
    },
    rolldownOptions: {
      output: {
        // The libraries every page runs travel as one file: fewer requests before the first page is interactive.
        // Icons are not among them: in this group every icon any lazy feature uses would load on the landing page;
        // outside it, each icon travels with the chunks that use it.
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/]react-query|@tanstack[\\/]query-core|i18next|react-i18next|zustand|js-cookie|clsx)[\\/]/,
            },
          ],
        },
      },
      onwarn(warning, warn) {
        // Tailwind rewrites CSS only; its missing map does not affect the JavaScript maps we keep.
        if (warning.code === 'SOURCEMAP_BROKEN' && warning.plugin?.startsWith('@tailwindcss/vite')) return;
        warn(warning);
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    // Two files at a time (vitest's default on two cores is one). Most files share their workers' modules instead of
    // loading React, the router and i18n again for each (three quarters of the run): the setup clears the DOM and
    // storage after every test, and stores are reset by the tests that set them. A file that replaces a module with
    // `vi.mock` runs isolated, since the replacement would leak into, or miss, files sharing its modules (issue 44).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'shared', include: ['src/**/*.test.{ts,tsx}'], exclude: mockingTestFiles(), isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: mockingTestFiles() } },
    ],
  },
});
