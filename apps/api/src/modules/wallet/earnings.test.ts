import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { createWalletModule } from './wallet.module.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('GET /wallet/earnings', () => {
  it("lists the provider's earnings per currency (the own currency always), for providers only", async () => {
    const provider = await t.signUp('provider');
    const client = await t.signUp('client');
    const own = (await t.api('GET', '/wallet/earnings', provider)).json().data as Array<{
      currency: string;
      available: number;
    }>;
    expect(own).toHaveLength(1);
    expect(own[0]!.available).toBe(0);

    // A GBP booking paid and released to the provider (what the bookings module does on completion), 10 % commission.
    const wallet = createWalletModule({ db: t.db, clock: t.clock });
    const move = { amount: 10_000, currencyCode: 'GBP', description: 'Session' };
    await wallet.creditTopup({ ...move, userId: client.userId, reference: 'tp-earn-1' });
    await wallet.debit({ ...move, userId: client.userId, reference: 'bk-earn-1' });
    await wallet.transfer({ ...move, userId: provider.userId, reference: 'bk-earn-1', commissionRate: 0.1 });

    const after = (await t.api('GET', '/wallet/earnings', provider)).json().data as Array<{
      currency: string;
      available: number;
    }>;
    expect(after).toContainEqual({ currency: 'GBP', available: 9_000 });
    expect(after).toContainEqual(own[0]);

    expect((await t.api('GET', '/wallet/earnings', client)).statusCode).toBe(403);
    expect((await t.api('GET', '/wallet/earnings', undefined)).statusCode).toBe(401);
  });
});
