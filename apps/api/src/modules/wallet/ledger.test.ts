import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { AppError } from '../../platform/errors.ts';
import { ledger } from './ledger.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const sql = (text: string, params: unknown[] = []) => t.db.$client.query(text, params);
const move = (userId: string, amount: number, reference: string, currencyCode = 'NGN') => ({
  userId,
  amount,
  currencyCode,
  reference,
  description: reference,
});
const topup = (userId: string, amount: number, reference: string, currencyCode = 'NGN') =>
  t.db.transaction((tx) => ledger.creditTopup(tx, move(userId, amount, reference, currencyCode)));
const debit = (userId: string, amount: number, reference: string, currencyCode = 'NGN') =>
  t.db.transaction((tx) => ledger.debitToEscrow(tx, move(userId, amount, reference, currencyCode)));
const balance = (userId: string, currencyCode = 'NGN') => ledger.walletBalance(t.db, userId, currencyCode);

/** Every invariant of DESIGN.md §6, read straight from the tables. */
async function expectLedgerInvariants() {
  const unbalanced = await sql(
    'SELECT transaction_id, currency_code, sum(amount) AS s FROM ledger_entries GROUP BY 1, 2 HAVING sum(amount) <> 0',
  );
  expect(unbalanced.rows).toEqual([]);
  const negative = await sql(
    `SELECT a.identifier, sum(e.amount) AS s FROM ledger_accounts a JOIN ledger_entries e ON e.account_id = a.identifier
      WHERE a.kind = 'user_wallet' GROUP BY a.identifier HAVING sum(e.amount) < 0`,
  );
  expect(negative.rows).toEqual([]);
  const mixed = await sql(
    'SELECT e.identifier FROM ledger_entries e JOIN ledger_accounts a ON a.identifier = e.account_id WHERE a.currency_code <> e.currency_code',
  );
  expect(mixed.rows).toEqual([]);
}

describe('the database guards the ledger', () => {
  it('refuses to change or remove an entry or a transaction', async () => {
    const user = await t.signUp('client');
    await topup(user.userId, 10_000, 'guard-1');
    await expect(sql('UPDATE ledger_entries SET amount = amount * 2')).rejects.toThrow(/append-only/);
    await expect(sql('DELETE FROM ledger_entries')).rejects.toThrow(/append-only/);
    await expect(sql('TRUNCATE ledger_entries CASCADE')).rejects.toThrow(/append-only/);
    await expect(sql("UPDATE ledger_transactions SET description = 'changed'")).rejects.toThrow(/append-only/);
    await expect(sql('DELETE FROM ledger_transactions')).rejects.toThrow(/append-only/);
    expect(await balance(user.userId)).toBe(10_000);
  });

  it('refuses at commit a transaction that does not balance, and a wallet below zero', async () => {
    const user = await t.signUp('client');
    await topup(user.userId, 5_000, 'guard-2');
    const [wallet] = (
      await sql("SELECT identifier FROM ledger_accounts WHERE user_id = $1 AND kind = 'user_wallet'", [user.userId])
    ).rows;
    const client = await t.db.$client.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query(
        "INSERT INTO ledger_transactions (identifier, type, description) VALUES (gen_random_uuid(), 'adjustment', 'free money') RETURNING identifier",
      );
      await client.query(
        "INSERT INTO ledger_entries (identifier, transaction_id, account_id, amount, currency_code) VALUES (gen_random_uuid(), $1, $2, 100, 'NGN')",
        [rows[0].identifier, wallet.identifier],
      );
      await expect(client.query('COMMIT')).rejects.toThrow(/does not balance/);
      await client.query('BEGIN');
      const escrow = await client.query(
        "INSERT INTO ledger_accounts (identifier, kind, currency_code) VALUES (gen_random_uuid(), 'platform_escrow', 'NGN') ON CONFLICT DO NOTHING RETURNING identifier",
      );
      const escrowId =
        escrow.rows[0]?.identifier ??
        (
          await client.query(
            "SELECT identifier FROM ledger_accounts WHERE kind = 'platform_escrow' AND currency_code = 'NGN'",
          )
        ).rows[0].identifier;
      const tr = await client.query(
        "INSERT INTO ledger_transactions (identifier, type, description) VALUES (gen_random_uuid(), 'adjustment', 'overdraw') RETURNING identifier",
      );
      await client.query(
        "INSERT INTO ledger_entries (identifier, transaction_id, account_id, amount, currency_code) VALUES (gen_random_uuid(), $1, $2, -6000, 'NGN'), (gen_random_uuid(), $1, $3, 6000, 'NGN')",
        [tr.rows[0].identifier, wallet.identifier, escrowId],
      );
      await expect(client.query('COMMIT')).rejects.toThrow(/below zero/);
      await expect(
        client.query(
          "INSERT INTO ledger_entries (identifier, transaction_id, account_id, amount, currency_code) VALUES (gen_random_uuid(), $1, $2, 1, 'GBP')",
          [tr.rows[0].identifier, wallet.identifier],
        ),
      ).rejects.toThrow(/foreign key/);
    } finally {
      client.release();
    }
    expect(await balance(user.userId)).toBe(5_000);
    await expectLedgerInvariants();
  });
});

describe('movements', () => {
  it('credits one gateway reference once, however often it is posted', async () => {
    const user = await t.signUp('client');
    const first = await topup(user.userId, 50_000, 'ref-once');
    const again = await Promise.all(Array.from({ length: 20 }, () => topup(user.userId, 50_000, 'ref-once')));
    expect(first.created).toBe(true);
    expect(again.every((p) => !p.created && p.transactionId === first.transactionId)).toBe(true);
    expect(await balance(user.userId)).toBe(50_000);
  });

  it('never overdraws: 20 concurrent debits of 1,000 on a wallet of 10,000 — ten succeed, ten are refused', async () => {
    const user = await t.signUp('client');
    await topup(user.userId, 10_000, 'race-fund');
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => debit(user.userId, 1_000, `race-${i}`)),
    );
    const refused = results.filter((r) => r.status === 'rejected');
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(
      refused.every(
        (r) => r.status === 'rejected' && r.reason instanceof AppError && r.reason.messageKey === 'insufficientFunds',
      ),
    ).toBe(true);
    expect(await balance(user.userId)).toBe(0);
    await expectLedgerInvariants();
  });

  it('refunds into the wallet and releases to the provider with the commission', async () => {
    const client = await t.signUp('client');
    const provider = await t.signUp('provider');
    await topup(client.userId, 20_000, 'flow-fund', 'GBP');
    await debit(client.userId, 15_000, 'booking-a', 'GBP');
    await t.db.transaction((tx) => ledger.refundFromEscrow(tx, move(client.userId, 15_000, 'booking-a', 'GBP')));
    expect(await balance(client.userId, 'GBP')).toBe(20_000);
    await debit(client.userId, 10_000, 'booking-b', 'GBP');
    await t.db.transaction((tx) =>
      ledger.releaseToProvider(tx, { ...move(provider.userId, 10_000, 'booking-b', 'GBP'), commissionRate: 0.1 }),
    );
    const earnings = await sql(
      "SELECT sum(e.amount)::int AS s FROM ledger_entries e JOIN ledger_accounts a ON a.identifier = e.account_id WHERE a.user_id = $1 AND a.kind = 'provider_earnings'",
      [provider.userId],
    );
    expect(earnings.rows[0].s).toBe(9_000);
    expect(await balance(client.userId, 'GBP')).toBe(10_000);
    await expectLedgerInvariants();
  });
});

describe('property: 1,000 random top-ups, debits and refunds', () => {
  it('keeps every invariant and matches a model of the balances', async () => {
    const users = await Promise.all([t.signUp('client'), t.signUp('client'), t.signUp('client')]);
    const currencies = ['NGN', 'EUR'] as const;
    const op = fc.record({
      kind: fc.constantFrom('topup', 'debit', 'refund', 'replay'),
      user: fc.integer({ min: 0, max: users.length - 1 }),
      currency: fc.constantFrom(...currencies),
      amount: fc.integer({ min: 1, max: 50_000 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1000, maxLength: 1000 }), async (ops) => {
        const model = new Map<string, number>();
        const paid: Array<{ userId: string; currency: string; amount: number; reference: string; refunded: boolean }> =
          [];
        const key = (userId: string, currency: string) => `${userId}:${currency}`;
        const run = crypto.randomUUID();
        let n = 0;
        let lastTopup: string | undefined;
        for (const o of ops) {
          const userId = users[o.user]!.userId;
          const k = key(userId, o.currency);
          const reference = `${run}-${(n += 1)}`;
          if (o.kind === 'topup' || (o.kind === 'replay' && !lastTopup)) {
            await topup(userId, o.amount, reference, o.currency);
            model.set(k, (model.get(k) ?? 0) + o.amount);
            lastTopup = reference;
          } else if (o.kind === 'replay') {
            // An earlier top-up's reference again (as a replayed gateway event would): nothing changes.
            const before = await balance(userId, o.currency);
            await topup(userId, o.amount, lastTopup!, o.currency);
            expect(await balance(userId, o.currency)).toBe(before);
          } else if (o.kind === 'debit') {
            const available = model.get(k) ?? 0;
            const result = await debit(userId, o.amount, reference, o.currency).then(
              () => 'ok',
              (err: unknown) => (err instanceof AppError ? err.messageKey : err),
            );
            expect(result).toBe(o.amount <= available ? 'ok' : 'insufficientFunds');
            if (result === 'ok') {
              model.set(k, available - o.amount);
              paid.push({ userId, currency: o.currency, amount: o.amount, reference, refunded: false });
            }
          } else {
            const booking = paid.find((p) => !p.refunded && p.userId === userId);
            if (!booking) continue;
            booking.refunded = true;
            await t.db.transaction((tx) =>
              ledger.refundFromEscrow(tx, move(booking.userId, booking.amount, booking.reference, booking.currency)),
            );
            const bk = key(booking.userId, booking.currency);
            model.set(bk, (model.get(bk) ?? 0) + booking.amount);
          }
        }
        for (const u of users)
          for (const c of currencies) expect(await balance(u.userId, c)).toBe(model.get(key(u.userId, c)) ?? 0);
        await expectLedgerInvariants();
      }),
      { numRuns: 1, endOnFailure: true },
    );
  }, 120_000);
});
