import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '@therapy/contracts/messages';
import { bookingWorld, insertBooking, type World } from '../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';

/**
 * Issue 47: a PHQ-9 item 9 answer above zero is found without opening any sealed result (the needs_risk_review
 * column), listed for the provider until they mark it seen (who and when kept).
 */
let t: TestApp;
let w: World;
let other: World;
const RISK = [1, 1, 1, 1, 1, 1, 1, 1, 2];
const CALM = [1, 1, 1, 1, 1, 1, 1, 1, 0];

const sendAndAnswer = async (answers: number[]) => {
  const sent = await t.api('POST', '/measures', w.provider, { clientIdentifier: w.client.userId, kind: 'PHQ9' });
  expect(sent.statusCode, sent.body).toBe(201);
  const id = sent.json().data.measures[0].identifier as string;
  const res = await t.api('POST', `/measures/${id}/answers`, w.client, { answers });
  expect(res.statusCode, res.body).toBe(200);
  return id;
};
const risks = async (who = w.provider) => (await t.api('GET', '/measures/risk-review', who)).json().data;

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set('2026-05-04T08:00:00Z');
  w = await bookingWorld(t);
  other = await bookingWorld(t);
  await insertBooking(w, { status: 'completed', start: '2026-05-01T10:00:00Z' });
});
afterAll(async () => t.close());

describe('risk answers to see', () => {
  it('lists a risk answer (not a calm one) by its flag, until the provider marks it seen', async () => {
    const calm = await sendAndAnswer(CALM);
    const risky = await sendAndAnswer(RISK);
    const { rows } = await t.db.$client.query(
      'SELECT identifier, needs_risk_review, result_sealed FROM measures WHERE identifier = ANY($1)',
      [[calm, risky]],
    );
    expect(Object.fromEntries(rows.map((r) => [r.identifier, r.needs_risk_review]))).toEqual({
      [calm]: false,
      [risky]: true,
    });

    const list = await risks();
    expect(list).toEqual([
      {
        measureIdentifier: risky,
        clientIdentifier: w.client.userId,
        clientName: expect.any(String),
        answeredAt: expect.any(String),
      },
    ]);
    expect(JSON.stringify(list)).not.toMatch(/answers|score/);
    expect(await risks(other.provider)).toEqual([]);
    expect((await t.api('GET', '/measures/risk-review', w.client)).statusCode).toBe(403);

    // Another provider's or a client's mark: not found / refused, nothing recorded.
    expect((await t.api('POST', `/measures/${risky}/risk-seen`, other.provider)).statusCode).toBe(404);
    expect((await t.api('POST', `/measures/${risky}/risk-seen`, w.client)).statusCode).toBe(403);
    expect(
      (await t.api('POST', `/measures/00000000-0000-7000-8000-000000000000/risk-seen`, w.provider)).statusCode,
    ).toBe(404);
    expect(await risks()).toHaveLength(1);

    const seen = await t.api('POST', `/measures/${risky}/risk-seen`, w.provider);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().message).toBe(en.riskMarkedSeen);
    expect(await risks()).toEqual([]);
    const row = (
      await t.db.$client.query('SELECT risk_seen_at, risk_seen_by FROM measures WHERE identifier = $1', [risky])
    ).rows[0];
    expect(row.risk_seen_by).toBe(w.provider.userId);
    expect(new Date(row.risk_seen_at).getTime()).toBeGreaterThan(0);

    // Marking again changes nothing (the first who and when stay).
    t.clock.advance(3_600_000);
    await t.api('POST', `/measures/${risky}/risk-seen`, w.provider);
    const again = (await t.db.$client.query('SELECT risk_seen_at FROM measures WHERE identifier = $1', [risky]))
      .rows[0];
    expect(new Date(again.risk_seen_at).getTime()).toBe(new Date(row.risk_seen_at).getTime());
  });
});
