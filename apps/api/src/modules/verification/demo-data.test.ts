import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { fieldEncryptionFromConfig } from '../../platform/field-encryption.ts';
import { createFileStorage } from '../../platform/files/file-service.ts';
import { seedDemoData } from '../../db/seed/seed-demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

it('the demo data has an operator who signs in, and a verified demo provider whose calendar offers slots (seeding twice changes nothing)', async () => {
  // As server.ts seeds it: with the field encryption and the file storage (the demo provider's documents).
  const storage = createFileStorage(t.config.storage);
  const options = {
    hashPassword,
    seal: fieldEncryptionFromConfig(t.config).seal,
    storeFile: (key: string, data: Buffer, type: string) => storage.put(key, data, type),
  };
  const first = await seedDemoData(t.db, options);
  const again = await seedDemoData(t.db, options);
  expect(again).toEqual(first);
  const operator = first.find((a) => a.userType === 'operator')!;
  expect(operator.email).toBe('operator@demo.therapy.local');
  const login = await t.api('POST', '/user/login', undefined, { email: operator.email, password: operator.password });
  expect(login.statusCode, login.body).toBe(200);
  expect(login.json().data.user.userType).toBe('operator');

  const provider = first.find((a) => a.userType === 'provider')!;
  const { rows } = await t.db.$client.query('SELECT status FROM provider_verifications WHERE provider_id = $1', [
    provider.identifier,
  ]);
  expect(rows).toEqual([{ status: 'approved' }]);
  const slots = await t.api('GET', `/providers-availability/${provider.identifier}/timeslot`, undefined);
  expect(slots.statusCode, slots.body).toBe(200);
  expect((slots.json().data.items as Array<{ timeSlot: unknown[] }>).flatMap((i) => i.timeSlot).length).toBeGreaterThan(
    0,
  );
  expect(await t.count('users', { user_type: 'operator' })).toBe(1);

  // Her set-up is complete: every step of the checklist, as the README says.
  const signIn = await t.api('POST', '/user/login', undefined, { email: provider.email, password: provider.password });
  expect(signIn.statusCode, signIn.body).toBe(200);
  const verification = await t.request({
    method: 'GET',
    url: '/api/v1/provider/verification',
    headers: { authorization: `Bearer ${signIn.json().data.accessToken as string}` },
  });
  expect(verification.statusCode, verification.body).toBe(200);
  expect(verification.json().data).toMatchObject({ status: 'approved', completed: 7, total: 7 });
});
