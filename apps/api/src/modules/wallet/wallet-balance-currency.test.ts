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

describe('GET /wallet/balances (issues 46 and 48: every wallet the user holds, the one used last first)', () => {
  type Held = { balance: number; currency: string; own: boolean; lastActivityAt: string | null };
  const list = async (who: Parameters<TestApp['api']>[2]) => {
    const res = await t.api('GET', '/wallet/balances', who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Held[];
  };
  const move = (
    kind: 'debitToEscrow' | 'refundFromEscrow',
    userId: string,
    amount: number,
    reference: string,
    currencyCode: string,
  ) => t.db.transaction((tx) => ledger[kind](tx, { userId, amount, currencyCode, reference, description: reference }));

  it('issue 48: after an €80 top-up, two €80 payments and an €80 refund the euro wallet (at €0) comes first, with its history', async () => {
    const user = await t.signUp('client');
    const own = (await t.api('GET', '/wallet/balance', user)).json().data as { currency: string };
    expect(own.currency).not.toBe('EUR');
    // Never used: only the own wallet, at 0, never active.
    expect(await list(user)).toEqual([{ balance: 0, currency: own.currency, own: true, lastActivityAt: null }]);

    await topup(user.userId, 8_000, 'eur-topup-1', 'EUR');
    await move('debitToEscrow', user.userId, 8_000, 'eur-pay-1', 'EUR');
    await move('refundFromEscrow', user.userId, 8_000, 'eur-refund-1', 'EUR');
    await move('debitToEscrow', user.userId, 8_000, 'eur-pay-2', 'EUR');

    const wallets = await list(user);
    expect(wallets.map(({ currency, balance, own: isOwn }) => ({ currency, balance, own: isOwn }))).toEqual([
      { currency: 'EUR', balance: 0, own: false },
      { currency: own.currency, balance: 0, own: true },
    ]);
    expect(wallets[0]!.lastActivityAt).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    expect(wallets[1]!.lastActivityAt).toBeNull();
    // Its history is the four lines, newest first.
    const history = await t.api('GET', '/wallet/transactions?currency=EUR', user);
    expect(history.statusCode, history.body).toBe(200);
    expect((history.json().data as Array<{ type: string; amount: number }>).map((r) => [r.type, r.amount])).toEqual([
      ['booking_payment', -8_000],
      ['refund', 8_000],
      ['booking_payment', -8_000],
      ['topup', 8_000],
    ]);
  });

  it("orders the held wallets by their last movement, not by code; the own one is listed once; nobody else's", async () => {
    const user = await t.signUp('client');
    const own = (await t.api('GET', '/wallet/balance', user)).json().data as { currency: string };
    const [first, second] = ['EUR', 'GBP', 'NGN'].filter((c) => c !== own.currency) as [string, string];
    await topup(user.userId, 8_000, 'all-1', first);
    await topup(user.userId, 500, 'all-2', own.currency);
    await topup(user.userId, 1_200, 'all-3', second);
    const stranger = await t.signUp('client');
    await topup(stranger.userId, 9_900, 'all-stranger', first);

    const wallets = await list(user);
    expect(wallets.map((w) => [w.currency, w.balance, w.own])).toEqual([
      [second, 1_200, false],
      [own.currency, 500, true],
      [first, 8_000, false],
    ]);
    const times = wallets.map((w) => Date.parse(w.lastActivityAt!));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    // The own wallet used again moves to the front.
    await topup(user.userId, 100, 'all-4', own.currency);
    expect((await list(user)).map((w) => [w.currency, w.balance])).toEqual([
      [own.currency, 600],
      [second, 1_200],
      [first, 8_000],
    ]);
    // The stranger sees only their own money, and a third user only an empty own wallet.
    expect((await list(stranger)).map((w) => [w.currency, w.balance])).toEqual(
      first === own.currency
        ? [[first, 9_900]]
        : [
            [first, 9_900],
            [own.currency, 0],
          ],
    );
    expect((await list(await t.signUp('client'))).map((w) => [w.currency, w.balance])).toEqual([[own.currency, 0]]);
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
