import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['./test/global-setup.ts'],
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { TZ: 'UTC' },
    // Most of a file's time is spent waiting on PostgreSQL, SMTP and jobs, so three files at a time keep two cores
    // busy (vitest's default on two cores is one). Files share their workers' module graph instead of importing the
    // whole app again for each (a third of the run): every file builds its own app on its own copy of the database
    // (test/harness.ts) and no test may depend on module state another file leaves behind (issue 44).
    maxWorkers: 3,
    isolate: false,
  },
});
