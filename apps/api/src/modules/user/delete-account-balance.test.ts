import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';
import { createWalletModule } from '../wallet/wallet.module.ts';

/** Decision 0016: a deleted account's balance is never lost; it becomes a debt to the former user in the books. */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const sql = (text: string, params: unknown[] = []) => t.db.$client.query(text, params);
const topup = (userId: string, amount: number, reference: string, currencyCode: string) =>
  createWalletModule(t).creditTopup({ userId, amount, currencyCode, reference, description: reference });
const del = (user: SignedUp) =>
  t.request({
    method: 'DELETE',
    url: '/api/v1/user/profile/delete-account',
    headers: user.auth,
    payload: { password: user.password },
  });
const preview = (user: SignedUp) =>
  t.request({ method: 'GET', url: '/api/v1/user/profile/delete-account', headers: user.auth });

/** Each account of the user by kind and currency, with its balance (sum of its entries). */
async function accountsOf(userId: string): Promise<Record<string, number>> {
  const res = await sql(
    `SELECT a.kind || ':' || a.currency_code AS key, coalesce(sum(e.amount), 0)::int AS balance
       FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.identifier WHERE a.user_id = $1 GROUP BY 1`,
    [userId],
  );
  return Object.fromEntries(res.rows.map((r: { key: string; balance: number }) => [r.key, r.balance]));
}

async function expectEveryTransactionBalanced() {
  const unbalanced = await sql(
    'SELECT transaction_id, currency_code, sum(amount) AS s FROM ledger_entries GROUP BY 1, 2 HAVING sum(amount) <> 0',
  );
  expect(unbalanced.rows).toEqual([]);
}

describe('deleting an account that holds money (decision 0016)', () => {
  it('the delete modal is told the balance per currency', async () => {
    const client = await t.signUp('client');
    expect((await preview(client)).json()).toEqual({ data: { balances: [], upcomingSessions: 0 } });
    await topup(client.userId, 9_000, `pre-${client.userId}`, 'USD');
    await topup(client.userId, 2_500, `pre2-${client.userId}`, 'NGN');
    const res = await preview(client);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.balances).toEqual(
      expect.arrayContaining([
        { amount: 9_000, currencyCode: 'USD' },
        { amount: 2_500, currencyCode: 'NGN' },
      ]),
    );
    expect(res.json().data.balances).toHaveLength(2);
    expect((await t.request({ method: 'GET', url: '/api/v1/user/profile/delete-account' })).statusCode).toBe(401);
  });

  it('moves exactly the balance to "owed to a former user", balanced, once', async () => {
    const client = await t.signUp('client');
    const other = await t.signUp('client');
    await topup(client.userId, 9_000, `a-${client.userId}`, 'USD');
    await topup(client.userId, 2_500, `b-${client.userId}`, 'NGN');
    await topup(other.userId, 1_000, `c-${other.userId}`, 'NGN');
    const entriesBefore = Number((await sql('SELECT count(*) FROM ledger_entries')).rows[0].count);

    const res = await del(client);
    expect(res.statusCode, res.body).toBe(200);

    expect(await accountsOf(client.userId)).toEqual({
      'user_wallet:USD': 0,
      'user_wallet:NGN': 0,
      'former_user_payable:USD': 9_000,
      'former_user_payable:NGN': 2_500,
    });
    // Two closing transactions of two entries each, referenced to the user, nothing else written.
    expect(Number((await sql('SELECT count(*) FROM ledger_entries')).rows[0].count)).toBe(entriesBefore + 4);
    const closing = await sql(
      `SELECT type, reference, user_id FROM ledger_transactions WHERE user_id = $1 AND reference LIKE 'account-closure:%'`,
      [client.userId],
    );
    expect(closing.rows).toHaveLength(2);
    expect(closing.rows.every((r: { type: string }) => r.type === 'adjustment')).toBe(true);
    await expectEveryTransactionBalanced();
    expect(await accountsOf(other.userId)).toEqual({ 'user_wallet:NGN': 1_000 });

    // A second delete call is refused (the session ended) and moves nothing.
    expect((await del(client)).statusCode).toBe(401);
    // Even a second closure inside the server finds nothing left to move.
    expect(await t.db.transaction((tx) => createWalletModule(t).closeAccountsOf(client.userId, tx))).toEqual([]);
    expect(await accountsOf(client.userId)).toMatchObject({
      'former_user_payable:USD': 9_000,
      'former_user_payable:NGN': 2_500,
    });
    expect(Number((await sql('SELECT count(*) FROM ledger_entries')).rows[0].count)).toBe(entriesBefore + 4);
  });

  it('two delete calls at once move the balance once', async () => {
    const client = await t.signUp('client');
    await topup(client.userId, 9_000, `d-${client.userId}`, 'USD');
    const results = await Promise.all([del(client), del(client)]);
    expect(results.some((r) => r.statusCode === 200)).toBe(true);
    expect(await accountsOf(client.userId)).toEqual({ 'user_wallet:USD': 0, 'former_user_payable:USD': 9_000 });
    await expectEveryTransactionBalanced();
  });

  it('an account without money writes nothing to the ledger', async () => {
    const provider = await t.signUp('provider');
    const before = Number((await sql('SELECT count(*) FROM ledger_transactions')).rows[0].count);
    expect((await del(provider)).statusCode).toBe(200);
    expect(Number((await sql('SELECT count(*) FROM ledger_transactions')).rows[0].count)).toBe(before);
    expect(await accountsOf(provider.userId)).toEqual({});
  });
});
