import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { createWalletModule, type WalletModule } from './wallet.module.ts';

/** The wallet module's public face (issue 12): the movements a booking makes, on the real ledger. */

let t: TestApp;
let wallet: WalletModule;
beforeAll(async () => {
  t = await buildTestApp();
  wallet = createWalletModule(t);
});
afterAll(async () => t.close());

const move = (userId: string, amount: number, reference: string) => ({
  userId,
  amount,
  currencyCode: 'NGN',
  reference,
  description: reference,
});
const accountBalance = async (kind: string, userId: string | null) => {
  const { rows } = await t.db.$client.query<{ s: string | null }>(
    `SELECT sum(e.amount) AS s FROM ledger_entries e JOIN ledger_accounts a ON a.identifier = e.account_id
      WHERE a.kind = $1 AND a.user_id IS NOT DISTINCT FROM $2 AND a.currency_code = 'NGN'`,
    [kind, userId],
  );
  return Number(rows[0]?.s ?? 0);
};

describe('wallet.debit / refund / transfer', () => {
  it('moves a booking payment wallet -> escrow -> provider earnings (minus commission), once per reference', async () => {
    const client = await t.signUp('client');
    const provider = await t.signUp('provider');
    await wallet.creditTopup(move(client.userId, 50_000, 'face-topup-1'));
    const escrowBefore = await accountBalance('platform_escrow', null);
    const revenueBefore = await accountBalance('platform_revenue', null);

    const debit = await wallet.debit(move(client.userId, 20_000, 'booking-1'));
    expect(debit.created).toBe(true);
    expect(await wallet.debit(move(client.userId, 20_000, 'booking-1'))).toEqual({
      transactionId: debit.transactionId,
      created: false,
    });
    expect(await wallet.balanceOf(client.userId, 'NGN')).toBe(30_000);
    expect(await accountBalance('platform_escrow', null)).toBe(escrowBefore + 20_000);

    const transfer = await wallet.transfer({ ...move(provider.userId, 20_000, 'booking-1'), commissionRate: 0.1 });
    expect(transfer.created).toBe(true);
    expect(
      (await wallet.transfer({ ...move(provider.userId, 20_000, 'booking-1'), commissionRate: 0.1 })).created,
    ).toBe(false);
    expect(await accountBalance('provider_earnings', provider.userId)).toBe(18_000);
    expect(await accountBalance('platform_revenue', null)).toBe(revenueBefore + 2_000);
    expect(await accountBalance('platform_escrow', null)).toBe(escrowBefore);
  });

  it('refunds escrow to the wallet; a debit beyond the balance is refused with 409 and moves nothing', async () => {
    const client = await t.signUp('client');
    await wallet.creditTopup(move(client.userId, 10_000, 'face-topup-2'));
    await wallet.debit(move(client.userId, 8_000, 'booking-2'));
    await expect(wallet.debit(move(client.userId, 5_000, 'booking-3'))).rejects.toMatchObject({
      statusCode: 409,
      messageKey: 'insufficientFunds',
    });
    expect(await wallet.balanceOf(client.userId, 'NGN')).toBe(2_000);

    expect((await wallet.refund(move(client.userId, 8_000, 'booking-2'))).created).toBe(true);
    expect((await wallet.refund(move(client.userId, 8_000, 'booking-2'))).created).toBe(false);
    expect(await wallet.balanceOf(client.userId, 'NGN')).toBe(10_000);
    expect(await wallet.holdingsOf(client.userId)).toEqual([{ amount: 10_000, currencyCode: 'NGN' }]);
  });

  it("joins the caller's transaction: when the booking's write fails, the debit is undone with it", async () => {
    const client = await t.signUp('client');
    await wallet.creditTopup(move(client.userId, 10_000, 'face-topup-3'));
    await expect(
      t.db.transaction(async (tx) => {
        await wallet.debit(move(client.userId, 6_000, 'booking-4'), tx);
        expect(await wallet.balanceOf(client.userId, 'NGN', tx)).toBe(4_000);
        throw new Error('the booking could not be written');
      }),
    ).rejects.toThrow('the booking could not be written');
    expect(await wallet.balanceOf(client.userId, 'NGN')).toBe(10_000);
    expect(await t.count('ledger_transactions', { reference: 'booking-4' })).toBe(0);
  });
});

describe('wallet.reverseTopup / outstandingDebt / hasDebt (decision 0019)', () => {
  const ledgerRowsOf = async (reference: string) =>
    (await t.db.$client.query('SELECT type FROM ledger_transactions WHERE reference = $1', [reference])).rows;

  it('a reversal the wallet covers takes the money back through the ledger: a new transaction, no debt', async () => {
    const client = await t.signUp('client');
    await wallet.creditTopup(move(client.userId, 50_000, 'rev-topup-1'));
    const reversed = await wallet.reverseTopup(move(client.userId, 20_000, 'rev-1'));
    expect(reversed).toMatchObject({ created: true, fromWallet: 20_000, toDebt: 0 });
    expect(await wallet.balanceOf(client.userId, 'NGN')).toBe(30_000);
    expect(await wallet.outstandingDebt(client.userId, 'NGN')).toBe(0);
    expect(await wallet.hasDebt(client.userId)).toBe(false);
    // The top-up's own transaction is untouched (append-only): the reversal is a second one.
    expect(await ledgerRowsOf('rev-topup-1')).toEqual([{ type: 'topup' }]);
    expect(await ledgerRowsOf('rev-1')).toEqual([{ type: 'refund' }]);
  });

  it("a reversal larger than the balance: the wallet goes to zero (never below), the shortfall is the user's debt; repeated, applied once", async () => {
    const client = await t.signUp('client');
    const provider = await t.signUp('provider');
    await wallet.creditTopup(move(client.userId, 50_000, 'rev-topup-2'));
    await wallet.debit(move(client.userId, 35_000, 'rev-booking-2'));
    await wallet.transfer({ ...move(provider.userId, 35_000, 'rev-booking-2'), commissionRate: 0 });
    const reversed = await wallet.reverseTopup(move(client.userId, 50_000, 'rev-2'));
    expect(reversed).toMatchObject({ created: true, fromWallet: 15_000, toDebt: 35_000 });
    expect(await wallet.balanceOf(client.userId, 'NGN')).toBe(0);
    expect(await wallet.outstandingDebt(client.userId, 'NGN')).toBe(35_000);
    expect(await wallet.outstandingDebt(client.userId, 'GBP')).toBe(0);
    expect(await wallet.hasDebt(client.userId)).toBe(true);
    expect(await wallet.reverseTopup(move(client.userId, 50_000, 'rev-2'))).toMatchObject({
      transactionId: reversed.transactionId,
      created: false,
    });
    expect(await wallet.outstandingDebt(client.userId, 'NGN')).toBe(35_000);
    expect(await accountBalance('user_wallet', client.userId)).toBe(0);
  });

  it('later top-ups settle the debt first; the wallet gets the rest', async () => {
    const client = await t.signUp('client');
    await wallet.reverseTopup(move(client.userId, 30_000, 'rev-3'));
    expect(await wallet.outstandingDebt(client.userId, 'NGN')).toBe(30_000);
    await wallet.creditTopup(move(client.userId, 10_000, 'rev-topup-3a'));
    expect(await wallet.balanceOf(client.userId, 'NGN')).toBe(0);
    expect(await wallet.outstandingDebt(client.userId, 'NGN')).toBe(20_000);
    expect(await wallet.hasDebt(client.userId)).toBe(true);
    await wallet.creditTopup(move(client.userId, 50_000, 'rev-topup-3b'));
    expect(await wallet.outstandingDebt(client.userId, 'NGN')).toBe(0);
    expect(await wallet.hasDebt(client.userId)).toBe(false);
    expect(await wallet.balanceOf(client.userId, 'NGN')).toBe(30_000);
    // A retried credit changes nothing.
    expect((await wallet.creditTopup(move(client.userId, 50_000, 'rev-topup-3b'))).created).toBe(false);
    expect(await wallet.balanceOf(client.userId, 'NGN')).toBe(30_000);
  });

  it('many concurrent top-ups and reversals: the debt is settled exactly once, the wallet never negative, the books balance', async () => {
    const client = await t.signUp('client');
    await wallet.reverseTopup(move(client.userId, 45_000, 'rev-4-start'));
    const work = [
      ...Array.from(
        { length: 12 },
        (_, i) => () => wallet.creditTopup(move(client.userId, 10_000, `rev-4-topup-${i}`)),
      ),
      ...Array.from({ length: 6 }, (_, i) => () => wallet.reverseTopup(move(client.userId, 7_000, `rev-4-rev-${i}`))),
    ];
    await Promise.all(work.map((w) => w()));
    // In: 120,000. Out: 45,000 + 6 x 7,000 = 87,000. Whatever the order, wallet - debt = 33,000 and neither goes negative.
    const balance = await wallet.balanceOf(client.userId, 'NGN');
    const debt = await wallet.outstandingDebt(client.userId, 'NGN');
    expect(balance - debt).toBe(33_000);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(Math.min(balance, debt)).toBe(0);
    expect((await accountBalance('user_debt', client.userId)) + debt).toBe(0);
  });
});
