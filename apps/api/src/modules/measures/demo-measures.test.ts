import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { seedDemoData } from '../../db/seed/seed-demo.ts';
import { seedDemoBookings } from '../../demo-bookings.ts';
import { seedDemoMeasures } from '../../demo-measures.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { fieldEncryptionFromConfig } from '../../platform/field-encryption.ts';
import { createFileStorage } from '../../platform/files/file-service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

it('the demo client answered three PHQ-9s and has a GAD-7 before every session (seeded once)', async () => {
  const storage = createFileStorage(t.config.storage);
  const accounts = await seedDemoData(t.db, {
    hashPassword,
    seal: fieldEncryptionFromConfig(t.config).seal,
    storeFile: (key, data, type) => storage.put(key, data, type),
  });
  const log = { warn: (obj: object, msg: string) => console.warn(msg, obj) };
  await seedDemoBookings(t.app, accounts, log);
  await seedDemoMeasures(t.app, accounts, log);
  await seedDemoMeasures(t.app, accounts, log);
  const provider = accounts.find((a) => a.userType === 'provider')!;
  const client = accounts.find((a) => a.userType === 'client')!;
  const { rows } = await t.db.$client.query<{ kind: string; answered: boolean; n: number }>(
    'SELECT kind, answered_at IS NOT NULL AS answered, count(*)::int AS n FROM measures WHERE provider_id = $1 AND client_id = $2 GROUP BY 1, 2 ORDER BY 1, 2',
    [provider.identifier, client.identifier],
  );
  // The demo bookings give her confirmed sessions to come: the series sends a GAD-7 for each.
  expect(rows.filter((r) => r.kind === 'PHQ9')).toEqual([{ kind: 'PHQ9', answered: true, n: 3 }]);
  expect(rows.find((r) => r.kind === 'GAD7')).toMatchObject({ answered: false });
  expect(await t.count('measure_series', { provider_id: provider.identifier })).toBe(1);
  // One of her answers has item 9 above zero: the overview's "Needs attention" has it (issue 47).
  expect(await t.count('measures', { provider_id: provider.identifier, needs_risk_review: true })).toBe(1);
});
