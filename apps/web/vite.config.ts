import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Resolve from this file, not the shell's cwd, so `vite build apps/web` from the repo root behaves the same.
const root = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = process.env.API_ORIGIN ?? 'http://localhost:3000';

export default defineConfig({
  root,
  plugins: [react(), tailwindcss()],
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
    rolldownOptions: {
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
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
  },
});
