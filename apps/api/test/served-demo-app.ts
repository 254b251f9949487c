import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildTestApp, type TestApp } from './harness.ts';
import { seedDemoData } from '../src/db/seed/seed-demo.ts';
import { hashPassword } from '../src/platform/auth/passwords.ts';
import { fieldEncryptionFromConfig } from '../src/platform/field-encryption.ts';
import { createFileStorage } from '../src/platform/files/file-service.ts';
import { directoryRepository } from '../src/modules/directory/directory.repository.ts';

/** The web app's folder (its locales and its build), from this file. */
export const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web');

/**
 * For the tests of the pages as served (issue 49): the app serving the web build at `origin`, with the demo data
 * (thirty therapists in New York, with pictures) and its directory filled, as `npm start` has it. Needs the web build.
 */
export async function servedDemoApp(origin: string): Promise<TestApp> {
  if (!fs.existsSync(path.join(webRoot, 'dist-server', 'entry-server.js')))
    throw new Error('build the web app first: npm run build -w @therapy/web');
  const t = await buildTestApp({ SERVE_WEB: 'true', APP_ORIGIN: origin });
  const storage = createFileStorage(t.config.storage);
  await seedDemoData(t.db, {
    hashPassword,
    seal: fieldEncryptionFromConfig(t.config).seal,
    storeFile: (key, data, type) => storage.put(key, data, type),
  });
  // `npm start` seeds before the app starts, whose start fills the directory; here the app is already up.
  await directoryRepository.refreshAll(t.db);
  return t;
}
