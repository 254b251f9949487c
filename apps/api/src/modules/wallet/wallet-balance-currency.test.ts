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

describe('GET /wallet/transactions?currency= (issue 46: every currency has its history)', () => {
  it("lists that currency's wallet, the user's own without it; another user's money never; an unknown currency is 400", async () => {
    const user = await t.signUp('client');
    const own = (await t.api('GET', '/wallet/balance', user)).json().data as { currency: string };
    const other: string = own.currency === 'EUR' ? 'GBP' : 'EUR';
    await topup(user.userId, 1_500, 'tx-own-1', own.currency);
    await topup(user.userId, 8_000, 'tx-other-1', other);
    await topup(user.userId, 2_000, 'tx-other-2', other);
    const stranger = await t.signUp('client');
    await topup(stranger.userId, 9_900, 'tx-stranger-1', other);

    const amounts = async (query: string, who = user) => {
      const res = await t.api('GET', `/wallet/transactions${query}`, who);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as Array<{ amount: number }>).map((r) => r.amount).sort((a, b) => a - b);
    };
    expect(await amounts('')).toEqual([1_500]);
    expect(await amounts(`?currency=${other}`)).toEqual([2_000, 8_000]);
    expect((await t.api('GET', `/wallet/transactions?currency=${other}`, user)).json().meta.total).toBe(2);
    expect(await amounts(`?currency=${other}`, await t.signUp('client'))).toEqual([]);
    const bad = await t.api('GET', '/wallet/transactions?currency=JPY', user);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});

describe('GET /wallet/balances (issue 46: every wallet the user holds)', () => {
  it("lists the own currency first (0 when unused), then each other wallet by code; nobody else's; 401 without a session", async () => {
    const user = await t.signUp('client');
    const own = (await t.api('GET', '/wallet/balance', user)).json().data as { currency: string };
    const list = async (who = user) => {
      const res = await t.api('GET', '/wallet/balances', who);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as Array<{ balance: number; currency: string }>;
    };
    expect(await list()).toEqual([{ balance: 0, currency: own.currency }]);

    // Two other currencies, in code order; the later one is used first, so the order is the code's, not the use's.
    const [first, second] = ['EUR', 'GBP', 'NGN'].filter((c) => c !== own.currency) as [string, string];
    await topup(user.userId, 8_000, 'all-1', second);
    await topup(user.userId, 1_200, 'all-2', first);
    await topup(user.userId, 500, 'all-3', own.currency);
    expect(await list()).toEqual([
      { balance: 500, currency: own.currency },
      { balance: 1_200, currency: first },
      { balance: 8_000, currency: second },
    ]);
    expect(await list(await t.signUp('client'))).toHaveLength(1);
    expect((await t.api('GET', '/wallet/balances', undefined)).statusCode).toBe(401);
  });
});

describe('GET /wallet/stats?currency= (issue 46: each wallet has its own figures)', () => {
  it("sums that currency's wallet, the own without it; an unknown currency is 400", async () => {
    const user = await t.signUp('client');
    const own = (await t.api('GET', '/wallet/balance', user)).json().data as { currency: string };
    const other: string = own.currency === 'EUR' ? 'GBP' : 'EUR';
    await topup(user.userId, 8_000, 'st-other-1', other);
    await topup(user.userId, 300, 'st-own-1', own.currency);
    const stats = async (query: string) => {
      const res = await t.api('GET', `/wallet/stats${query}`, user);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { currency: string; moneyIn: number };
    };
    expect(await stats(`?currency=${other}`)).toMatchObject({ currency: other, moneyIn: 8_000 });
    expect(await stats('')).toMatchObject({ currency: own.currency, moneyIn: 300 });
    expect((await t.api('GET', '/wallet/stats?currency=JPY', user)).statusCode).toBe(400);
  });
});
