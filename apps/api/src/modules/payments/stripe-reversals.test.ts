import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TopupResponse } from '@therapy/contracts/wallet';
import { startFakePaystack, type FakePaystack } from '../../../test/fake-paystack.ts';
import { startFakeStripe, type FakeStripe, type SignedStripeEvent } from '../../../test/fake-stripe.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';
import { createWalletModule, type WalletModule } from '../wallet/wallet.module.ts';

/**
 * Money Stripe takes back from a Checkout top-up (decision 0052, applying decision 0019): `charge.refunded`,
 * `charge.dispute.created` and `charge.dispute.closed`, each verified with Stripe (the charge's refunds, the dispute)
 * and applied once: what the wallet holds is taken, the rest becomes the user's debt; a won dispute gives it back.
 */
let t: TestApp;
let stripe: FakeStripe;
let paystack: FakePaystack;
let wallet: WalletModule;
beforeAll(async () => {
  [stripe, paystack] = await Promise.all([startFakeStripe(), startFakePaystack()]);
  t = await buildTestApp({
    PAYMENT_GATEWAY: 'paystack',
    PAYSTACK_SECRET_KEY: paystack.secretKey,
    PAYSTACK_BASE_URL: paystack.url,
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.url,
  });
  wallet = createWalletModule(t);
});
afterAll(async () => {
  await t.close();
  await Promise.all([stripe.close(), paystack.close()]);
});

const deliver = (hook: { rawBody: Buffer; signature: string }) =>
  t.request({
    method: 'POST',
    url: '/api/v1/payment/webhook/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': hook.signature },
    payload: hook.rawBody,
  });
const eventStatus = async (hook: SignedStripeEvent) =>
  (
    await t.db.$client.query<{ status: string; note: string | null }>(
      'SELECT status, note FROM gateway_events WHERE event_key = $1',
      [hook.event.id],
    )
  ).rows[0];
/** Delivered (several times at once, as Stripe retries), and handled by the worker. */
async function handled(hook: SignedStripeEvent, times = 1) {
  const answers = await Promise.all(Array.from({ length: times }, () => deliver(hook)));
  expect(answers.map((r) => r.statusCode)).toEqual(Array.from({ length: times }, () => 200));
  await expect.poll(async () => (await eventStatus(hook))?.status, { timeout: 10_000 }).not.toBe('received');
  return eventStatus(hook);
}
const balance = (who: SignedUp) => wallet.balanceOf(who.userId, 'GBP');
const debt = (who: SignedUp) => wallet.outstandingDebt(who.userId, 'GBP');
const reversedOf = async (session: string) =>
  Number(
    (await t.db.$client.query('SELECT reversed_amount FROM payments WHERE reference = $1', [session])).rows[0]
      .reversed_amount,
  );

/** A GB client whose Stripe top-up was paid and credited, who then spent `spent` of it. */
async function credited(amount: number, spent = 0): Promise<{ client: SignedUp; session: string }> {
  const client = await t.signUp('client', { countryIdentifier: await t.countryId('GB') });
  const res = await t.api('POST', '/payment/wallet', client, { amount });
  expect(res.statusCode, res.body).toBe(201);
  const session = (res.json().data as TopupResponse).payment.reference;
  expect(await handled(stripe.pay(session))).toEqual({ status: 'processed', note: null });
  expect(await balance(client)).toBe(amount);
  if (spent > 0)
    await wallet.debit({
      userId: client.userId,
      amount: spent,
      currencyCode: 'GBP',
      reference: `booking-${client.userId}`,
      description: 'booking',
    });
  return { client, session };
}

describe('charge.refunded', () => {
  it('takes a partial refund back once: from what is left in the wallet, the rest as debt; a repeat changes nothing', async () => {
    const { client, session } = await credited(10_000, 8_000);
    const refund = stripe.refund(session, 5_000);
    expect(await handled(refund, 4)).toEqual({ status: 'processed', note: null });
    expect(stripe.requests.some((r) => r.method === 'GET' && r.path === '/v1/refunds')).toBe(true);
    expect(await balance(client)).toBe(0);
    expect(await debt(client)).toBe(3_000);
    expect(await wallet.hasDebt(client.userId)).toBe(true);
    expect(await reversedOf(session)).toBe(5_000);
    expect(await t.count('ledger_transactions', { reference: `stripe:refund:${refund.refundId}` })).toBe(1);

    // The same refund again (a new event about the same charge): nothing more moves.
    const again = stripe.event('charge.refunded', refund.event.data.object as unknown as Record<string, unknown>);
    expect(await handled(again)).toEqual({ status: 'processed', note: null });
    expect(await debt(client)).toBe(3_000);

    // A second refund of the rest: only the new one is taken.
    const rest = stripe.refund(session, 5_000);
    expect(await handled(rest)).toEqual({ status: 'processed', note: null });
    expect(await debt(client)).toBe(8_000);
    expect(await reversedOf(session)).toBe(10_000);
    // Now Stripe lists both, and the payment is fully reversed: a repeat is still nothing, not an excess.
    const both = stripe.event('charge.refunded', rest.event.data.object as unknown as Record<string, unknown>);
    expect(await handled(both)).toEqual({ status: 'processed', note: null });
    expect(await debt(client)).toBe(8_000);
  });

  it('an event whose body claims a refund Stripe does not list moves nothing; a bad signature is refused and not stored', async () => {
    const { client, session } = await credited(4_000);
    const charge = stripe.refund(session, 1_000);
    expect(await handled(charge)).toEqual({ status: 'processed', note: null });
    expect(await balance(client)).toBe(3_000);
    // Claims everything was refunded: Stripe lists one refund of 1 000, already applied.
    const claim = stripe.event('charge.refunded', {
      ...(charge.event.data.object as unknown as Record<string, unknown>),
      amount_refunded: 4_000,
      refunded: true,
    });
    expect(await handled(claim)).toEqual({ status: 'processed', note: null });
    expect(await balance(client)).toBe(3_000);

    const forged = stripe.refund(session, 3_000);
    const res = await deliver({
      rawBody: forged.rawBody,
      signature: stripe.sign(forged.rawBody, undefined, 'whsec_x'),
    });
    expect(res.statusCode).toBe(401);
    expect(await eventStatus(forged)).toBeUndefined();
    expect(await balance(client)).toBe(3_000);
  });
});

describe('charge.dispute.created and .closed', () => {
  it('holds the disputed amount when the dispute opens (debt for what was spent), and gives it back when won, once', async () => {
    const { client, session } = await credited(10_000, 7_000);
    const opened = stripe.dispute(session, 10_000);
    expect(await handled(opened, 3)).toEqual({ status: 'processed', note: null });
    expect(await balance(client)).toBe(0);
    expect(await debt(client)).toBe(7_000);
    expect(await reversedOf(session)).toBe(10_000);
    // Held: a refund on top would exceed the payment, and is kept for an operator.
    const refund = stripe.refund(session, 1_000);
    const kept = await handled(refund);
    expect(kept?.status).toBe('needs_attention');
    expect(kept?.note).toMatch(/exceeds what is left of payment/);

    const won = stripe.closeDispute(opened.disputeId, 'won');
    expect(await handled(won, 3)).toEqual({ status: 'processed', note: null });
    // The debt is settled first, the rest goes back to the wallet.
    expect(await debt(client)).toBe(0);
    expect(await balance(client)).toBe(3_000);
    expect(await reversedOf(session)).toBe(0);
    const again = stripe.event('charge.dispute.closed', won.event.data.object as unknown as Record<string, unknown>);
    expect(await handled(again)).toEqual({ status: 'processed', note: null });
    expect(await balance(client)).toBe(3_000);
    expect(await t.count('ledger_transactions', { reference: `stripe:dispute-won:${opened.disputeId}` })).toBe(1);
    expect(
      (await t.db.$client.query('SELECT status FROM stripe_disputes WHERE dispute_id = $1', [opened.disputeId])).rows,
    ).toEqual([{ status: 'won' }]);
  });

  it('a lost dispute stays taken; an inquiry moves nothing; a dispute closed before its opening was handled is held once', async () => {
    const { client, session } = await credited(6_000, 1_000);
    const opened = stripe.dispute(session, 2_000);
    expect(await handled(opened)).toEqual({ status: 'processed', note: null });
    expect(await balance(client)).toBe(3_000);
    const lost = stripe.closeDispute(opened.disputeId, 'lost');
    expect(await handled(lost)).toEqual({ status: 'processed', note: null });
    expect(await balance(client)).toBe(3_000);
    expect(await reversedOf(session)).toBe(2_000);

    // An inquiry (Stripe withdraws nothing) opens and closes: nothing moves.
    const inquiry = stripe.dispute(session, 1_000, 'warning_needs_response');
    expect(await handled(inquiry)).toEqual({ status: 'processed', note: null });
    expect(await handled(stripe.closeDispute(inquiry.disputeId, 'warning_closed'))).toEqual({
      status: 'processed',
      note: null,
    });
    expect(await balance(client)).toBe(3_000);

    // Closed as lost before the opening event was handled: taken once, and the late opening changes nothing.
    const late = stripe.dispute(session, 1_500);
    expect(await handled(stripe.closeDispute(late.disputeId, 'lost'))).toEqual({ status: 'processed', note: null });
    expect(await balance(client)).toBe(1_500);
    expect(await handled(late)).toEqual({ status: 'processed', note: null });
    expect(await balance(client)).toBe(1_500);
    expect(await debt(client)).toBe(0);
    expect(await t.count('ledger_transactions', { reference: `stripe:dispute:${late.disputeId}` })).toBe(1);
  });
});
