import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { seedDemoData } from '../../db/seed/seed-demo.ts';
import { seedDemoBookings } from '../../demo-bookings.ts';
import { seedDemoNotes } from '../../demo-notes.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { fieldEncryptionFromConfig } from '../../platform/field-encryption.ts';
import { createFileStorage } from '../../platform/files/file-service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

it('the demo provider has a session note, a client note about the demo client and two clients added by hand (seeded once)', async () => {
  const storage = createFileStorage(t.config.storage);
  const accounts = await seedDemoData(t.db, {
    hashPassword,
    seal: fieldEncryptionFromConfig(t.config).seal,
    storeFile: (key, data, type) => storage.put(key, data, type),
  });
  const log = { warn: (obj: object, msg: string) => console.warn(msg, obj) };
  await seedDemoBookings(t.app, accounts, log);
  await seedDemoNotes(t.app, accounts, log);
  await seedDemoNotes(t.app, accounts, log);
  const provider = accounts.find((a) => a.userType === 'provider')!;
  const client = accounts.find((a) => a.userType === 'client')!;
  const { rows } = await t.db.$client.query<{ type: string; n: number }>(
    'SELECT type, count(*)::int AS n FROM notes WHERE author_id = $1 AND client_id = $2 GROUP BY type ORDER BY type',
    [provider.identifier, client.identifier],
  );
  expect(rows).toEqual([
    { type: 'booking', n: 1 },
    { type: 'client', n: 1 },
  ]);
  expect(await t.count('client_imports', { provider_id: provider.identifier })).toBe(2);
  // Sofia Brandt is a practice record of the provider (no account) with a note.
  const { rows: records } = await t.db.$client.query(
    `SELECT u.first_name, (SELECT count(*)::int FROM notes n WHERE n.client_id = u.identifier) AS notes
       FROM users u WHERE u.record_of = $1 ORDER BY u.first_name`,
    [provider.identifier],
  );
  expect(records).toEqual([
    { first_name: 'Jonas', notes: 0 },
    { first_name: 'Sofia', notes: 1 },
  ]);
});
