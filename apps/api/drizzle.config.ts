import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The index re-exports every file; reading it alone gives each table and view once.
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
  casing: 'snake_case',
});
