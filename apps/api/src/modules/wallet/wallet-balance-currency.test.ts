import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { ledger } from './ledger.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const topup = (userId: string, amount: number, reference: string, currencyCode: string) =>
  t.db.transaction((tx) => ledger.creditTopup(tx, { userId, amount, currencyCode, reference, description: reference }));

describe('GET /wallet/balance?currency= (issue 15: a wallet per currency)', () => {
  it("reads that currency's wallet, the user's own without it, and 0 for a currency never used", async () => {
    const user = await t.signUp('client');
    const own = (await t.api('GET', '/wallet/balance', user)).json().data as { balance: number; currency: string };
    const other: string = own.currency === 'EUR' ? 'GBP' : 'EUR';
    await topup(user.userId, 1_500, 'own-1', own.currency);
    await topup(user.userId, 4_200, 'other-1', other);

    const mine = await t.api('GET', '/wallet/balance', user);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toEqual({ balance: 1_500, currency: own.currency });
    const inOther = await t.api('GET', `/wallet/balance?currency=${other}`, user);
    expect(inOther.statusCode).toBe(200);
    expect(inOther.json().data).toEqual({ balance: 4_200, currency: other });
    const unused = own.currency === 'USD' || other === 'USD' ? 'NGN' : 'USD';
    expect((await t.api('GET', `/wallet/balance?currency=${unused}`, user)).json().data).toEqual({
      balance: 0,
      currency: unused,
    });
  });

  it("never shows another user's money: the query reads only the signed-in user's wallets", async () => {
    const rich = await t.signUp('client');
    const other = await t.signUp('client');
    await topup(rich.userId, 9_900, 'rich-1', 'EUR');
    expect((await t.api('GET', '/wallet/balance?currency=EUR', other)).json().data).toEqual({
      balance: 0,
      currency: 'EUR',
    });
  });

  it('refuses a currency the platform does not support with 400 VALIDATION_ERROR', async () => {
    const user = await t.signUp('client');
    const res = await t.api('GET', '/wallet/balance?currency=JPY', user);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});
