import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { everyOperationEnv } from './openapi-document.ts';
import { startServer } from './server.ts';

/**
 * `tsx src/write-openapi.ts <file>`: the OpenAPI document the server serves, for scripts/openapi-check.mjs. It starts
 * the server as `npm start` does (its own throwaway PostgreSQL, migrated, no demo data), with every operation a
 * deployment can switch on, and writes what GET /api/docs/json answers over HTTP (decision 0066).
 */
const file = process.argv[2];
if (!file) throw new Error('usage: write-openapi.ts <file>');

// Directly under the system temp folder and enterable by every user: the embedded server runs as `postgres` under root.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-document-'));
fs.chmodSync(dataDir, 0o755);
try {
  const server = await startServer(
    {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      // The built web app is not needed (its pages are not operations of the document) and may not exist yet.
      SERVE_WEB: 'false',
      LOG_LEVEL: 'silent',
      ...everyOperationEnv,
    },
    { logger: false },
  );
  try {
    const res = await fetch(`${server.url}/api/docs/json`);
    if (!res.ok) throw new Error(`GET /api/docs/json answered ${res.status}`);
    fs.writeFileSync(file, `${JSON.stringify(await res.json(), null, 2)}\n`);
  } finally {
    await server.close();
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
