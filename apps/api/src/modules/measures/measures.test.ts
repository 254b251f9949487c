import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { de, en } from '@therapy/contracts/messages';
import { bookingWorld, insertBooking, slotAt, type World } from '../../../test/booking-fixtures.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';

/**
 * Outcome measures (issue 20): a provider sends a PHQ-9 or GAD-7 to their client (once or before every session), the
 * client answers, the server scores. Health data: sealed at rest, found only by the client and the provider who sent
 * it, every access logged (append-only); bad input changes nothing.
 */
let t: TestApp;
let w: World;
let stranger: SignedUp;
let otherProvider: SignedUp;

const PHQ9_MODERATE = [1, 1, 1, 1, 1, 1, 2, 2, 0]; // 10: moderate
const send = (who: SignedUp, body: Record<string, unknown>) => t.api('POST', '/measures', who, body);
const answer = (who: SignedUp, id: string, answers: unknown) =>
  t.api('POST', `/measures/${id}/answers`, who, { answers });
const measureRow = async (id: string) =>
  (await t.db.$client.query('SELECT * FROM measures WHERE identifier = $1', [id])).rows[0];
const logOf = async (id: string) =>
  (
    await t.db.$client.query<{ action: string; actor_id: string | null; owner_id: string; ip_address: string | null }>(
      'SELECT action, actor_id, owner_id, ip_address FROM record_access_log WHERE record_id = $1 ORDER BY at, identifier',
      [id],
    )
  ).rows;

async function sendOnce(kind: 'PHQ9' | 'GAD7' = 'PHQ9'): Promise<string> {
  const res = await send(w.provider, { clientIdentifier: w.client.userId, kind });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.measures[0].identifier as string;
}

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set('2026-05-04T08:00:00Z');
  w = await bookingWorld(t);
  await insertBooking(w, { status: 'completed', start: '2026-05-01T10:00:00Z' });
  stranger = await t.signUp('client');
  otherProvider = await t.signUp('provider', {}, { verified: true });
});
afterAll(async () => t.close());

describe('sending and answering a questionnaire', () => {
  it('sends a PHQ-9 to a client, who is mailed a link (never the questionnaire) and finds it pending', async () => {
    const res = await send(w.provider, { clientIdentifier: w.client.userId, kind: 'PHQ9' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(en.measureSent);
    const sent = res.json().data;
    expect(sent.series).toBeNull();
    expect(sent.measures).toHaveLength(1);
    const m = sent.measures[0];
    expect(m).toMatchObject({
      kind: 'PHQ9',
      clientIdentifier: w.client.userId,
      providerIdentifier: w.provider.userId,
      status: 'pending',
      result: null,
      beforeEachSession: false,
      bookingIdentifier: null,
    });

    const mail = await t.mail.waitFor(w.client.email, (x) => x.text.includes(`/questionnaires/${m.identifier}`));
    expect(mail.subject).toContain('asks you to fill in a short questionnaire');
    expect(mail.text).not.toMatch(/PHQ|depress/i);

    const mine = await t.api('GET', '/measures?status=pending', w.client);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data.map((x: { identifier: string }) => x.identifier)).toContain(m.identifier);
  });

  it('scores the answers on the server, seals them at rest and shows them to both sides', async () => {
    const id = await sendOnce();
    const res = await answer(w.client, id, PHQ9_MODERATE);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(en.measureAnswered);
    expect(res.json().data).toMatchObject({
      status: 'answered',
      result: { answers: PHQ9_MODERATE, score: 10, severity: 'moderate', selfHarmAlert: false },
    });

    const row = await measureRow(id);
    expect(row.result_sealed).toBeTruthy();
    expect(row.result_sealed).not.toMatch(/moderate|score|answers/);
    expect(row.key_id).toBeGreaterThan(0);

    const seen = await t.api('GET', `/measures/${id}`, w.provider);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data.result).toEqual({
      answers: PHQ9_MODERATE,
      score: 10,
      severity: 'moderate',
      selfHarmAlert: false,
    });
    const list = await t.api('GET', `/measures?clientIdentifier=${w.client.userId}&status=answered`, w.provider);
    expect(list.json().data.map((x: { identifier: string }) => x.identifier)).toContain(id);
  });

  it('scores a GAD-7 by its own bands', async () => {
    const id = await sendOnce('GAD7');
    const res = await answer(w.client, id, [2, 2, 2, 1, 1, 1, 0]);
    expect(res.json().data.result).toMatchObject({ score: 9, severity: 'mild', selfHarmAlert: false });
  });

  it('raises an alert for a PHQ-9 item 9 above zero: a mail to the provider without the answer, lowered when reviewed', async () => {
    const id = await sendOnce();
    const res = await answer(w.client, id, [0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(res.json().data.result).toMatchObject({ score: 1, severity: 'minimal', selfHarmAlert: true });
    const mail = await t.mail.waitFor(w.provider.email, (x) => x.subject.includes('needs your attention'));
    expect(mail.text).toContain(`/clients/${w.client.userId}`);
    expect(mail.text).not.toMatch(/dead|harm|PHQ/i);

    expect((await t.api('GET', `/measures/${id}`, w.provider)).json().data.reviewedAt).toBeNull();
    const reviewed = await t.api('POST', `/measures/${id}/review`, w.provider);
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(Date.parse(reviewed.json().data.reviewedAt)).toBeGreaterThanOrEqual(Date.parse(res.json().data.answeredAt));
    // Only the provider marks it seen; the client cannot.
    expect((await t.api('POST', `/measures/${id}/review`, w.client)).statusCode).toBe(403);
  });

  it('refuses answers out of range, of the wrong count or type, and a second answer, changing nothing', async () => {
    const id = await sendOnce();
    for (const bad of [
      [4, 0, 0, 0, 0, 0, 0, 0, 0],
      [-1, 0, 0, 0, 0, 0, 0, 0, 0],
      [1.5, 0, 0, 0, 0, 0, 0, 0, 0],
      ['2', 0, 0, 0, 0, 0, 0, 0, 0],
      [null, 0, 0, 0, 0, 0, 0, 0, 0],
    ]) {
      const res = await answer(w.client, id, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toBe(en.measureAnswerRange);
    }
    const short = await answer(w.client, id, [0, 0, 0]);
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Please answer all 9 questions');
    const german = await t.request({
      method: 'POST',
      url: `/api/v1/measures/${id}/answers`,
      headers: { ...w.client.auth, 'accept-language': 'de' },
      payload: { answers: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0] },
    });
    expect(german.json().message).toBe(de.measureAnswersCount.replace('{count}', '9'));
    expect((await answer(w.client, id, 'all zero')).statusCode).toBe(400);
    expect(
      (await t.api('POST', `/measures/${id}/answers`, w.client, { answers: [0, 0, 0, 0, 0, 0, 0, 0, 0], score: 27 }))
        .statusCode,
    ).toBe(400);
    expect((await measureRow(id)).answered_at).toBeNull();

    expect((await answer(w.client, id, PHQ9_MODERATE)).statusCode).toBe(200);
    const again = await answer(w.client, id, [3, 3, 3, 3, 3, 3, 3, 3, 3]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(en.measureAlreadyAnswered);
    expect((await t.api('GET', `/measures/${id}`, w.client)).json().data.result.score).toBe(10);
  });

  it('answers many concurrent submissions of one questionnaire exactly once', async () => {
    const id = await sendOnce();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        answer(
          w.client,
          id,
          Array.from({ length: 9 }, () => i % 4),
        ),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(11);
    expect((await logOf(id)).filter((l) => l.action === 'answer')).toHaveLength(1);
  });
});

describe('who may send and see a questionnaire', () => {
  it('refuses a questionnaire for someone who is not the provider’s client, and bad input, adding nothing', async () => {
    const before = await t.count('measures');
    const unrelated = await send(w.provider, { clientIdentifier: stranger.userId, kind: 'PHQ9' });
    expect(unrelated.statusCode).toBe(404);
    expect(unrelated.json().message).toBe(en.measureClientUnknown);
    expect((await send(w.provider, { clientIdentifier: crypto.randomUUID(), kind: 'PHQ9' })).statusCode).toBe(404);
    expect((await send(otherProvider, { clientIdentifier: w.client.userId, kind: 'PHQ9' })).statusCode).toBe(404);
    const kind = await send(w.provider, { clientIdentifier: w.client.userId, kind: 'BDI' });
    expect(kind.statusCode).toBe(400);
    expect(kind.json().message).toBe(en.measureKindInvalid);
    expect((await send(w.provider, { kind: 'PHQ9' })).json().message).toBe(en.measureClientRequired);
    expect(
      (await send(w.provider, { clientIdentifier: w.client.userId, kind: 'PHQ9', schedule: 'weekly' })).json().message,
    ).toBe(en.measureScheduleInvalid);
    expect((await send(w.client, { clientIdentifier: w.client.userId, kind: 'PHQ9' })).statusCode).toBe(403);
    expect((await t.api('GET', `/measures?clientIdentifier=${stranger.userId}`, w.provider)).statusCode).toBe(404);
    expect(await t.count('measures')).toBe(before);
  });

  it('shows a questionnaire only to its client and its provider: anyone else, an operator too, finds nothing', async () => {
    const id = await sendOnce();
    await answer(w.client, id, PHQ9_MODERATE);
    const operator = await t.signUpOperator();
    for (const who of [stranger, otherProvider, operator]) {
      expect((await t.api('GET', `/measures/${id}`, who)).statusCode).toBe(404);
    }
    expect((await answer(stranger, id, PHQ9_MODERATE)).statusCode).toBe(404);
    expect((await t.api('POST', `/measures/${id}/review`, otherProvider)).statusCode).toBe(404);
    expect((await t.api('GET', '/measures', stranger)).json().data).toEqual([]);
    expect((await t.api('GET', '/measures', otherProvider)).json().data).toEqual([]);
    expect((await t.api('GET', `/measures?clientIdentifier=${w.client.userId}`, stranger)).statusCode).toBe(404);
    expect((await t.api('GET', `/measures/${crypto.randomUUID()}`, w.client)).statusCode).toBe(404);
  });

  it('logs creation, reads, the answer and the review in the append-only record access log', async () => {
    const id = await sendOnce();
    await t.api('GET', `/measures/${id}`, w.client);
    await answer(w.client, id, PHQ9_MODERATE);
    await t.api('GET', `/measures/${id}`, w.provider);
    await t.api('POST', `/measures/${id}/review`, w.provider);
    const log = await logOf(id);
    expect(log.map((l) => [l.action, l.actor_id])).toEqual([
      ['create', w.provider.userId],
      ['read', w.client.userId],
      ['answer', w.client.userId],
      ['read', w.provider.userId],
      ['review', w.provider.userId],
    ]);
    expect(log.every((l) => l.owner_id === w.provider.userId && l.ip_address)).toBe(true);
    await expect(
      t.db.$client.query('UPDATE record_access_log SET actor_id = NULL WHERE record_id = $1', [id]),
    ).rejects.toThrow(/append-only/);
    await expect(t.db.$client.query('DELETE FROM record_access_log WHERE record_id = $1', [id])).rejects.toThrow(
      /append-only/,
    );
  });
});

describe('before every session', () => {
  it('sends one questionnaire per confirmed session to come, for sessions booked later too, and drops it when the session is cancelled', async () => {
    const world = await bookingWorld(t);
    const { bookingId: upcoming } = await insertBooking(world, { status: 'confirmed', start: '2026-05-06T10:00:00Z' });
    await insertBooking(world, { status: 'completed', start: '2026-05-02T10:00:00Z' });

    const res = await send(world.provider, {
      clientIdentifier: world.client.userId,
      kind: 'GAD7',
      schedule: 'before-each-session',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(en.measureSeriesStarted);
    const { series, measures } = res.json().data;
    expect(series).toMatchObject({ kind: 'GAD7', clientIdentifier: world.client.userId });
    expect(measures.map((x: { bookingIdentifier: string }) => x.bookingIdentifier)).toEqual([upcoming]);
    expect(measures[0]).toMatchObject({ beforeEachSession: true, sessionStartsAt: '2026-05-06T10:00:00.000Z' });

    const twice = await send(world.provider, {
      clientIdentifier: world.client.userId,
      kind: 'GAD7',
      schedule: 'before-each-session',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(en.measureSeriesRunning);

    // A session booked and paid now gets its own questionnaire, mailed to the client.
    await t.db.$client.query(
      `INSERT INTO provider_profile_items (user_id, list, item_id) SELECT $1, list, identifier FROM reference_items WHERE list IN ('therapy-category', 'modality') ON CONFLICT DO NOTHING`,
      [world.provider.userId],
    );
    const fee = await t.api('POST', '/provider/booking-fee/general', world.provider, { fee: 25_000, isFree: false });
    expect(fee.statusCode).toBe(200);
    await world.wallet.creditTopup({
      userId: world.client.userId,
      amount: 100_000,
      currencyCode: fee.json().data.currencyCode as string,
      reference: `topup-${crypto.randomUUID()}`,
      description: 'Test top-up',
    });
    const online = (
      await t.db.$client.query<{ id: string }>(
        `SELECT identifier AS id FROM reference_items WHERE list = 'modality' AND code = 'online'`,
      )
    ).rows[0]!.id;
    const booked = await t.api('POST', '/booking', world.client, {
      modalityIdentifier: online,
      therapyIdentifier: world.categoryId,
      timeslotIdentifier: await slotAt(t, world.provider.userId, '2026-05-08T10:00:00Z'),
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const bookingId = booked.json().data.identifier as string;
    const paid = await t.request({
      method: 'POST',
      url: `/api/v1/booking/${bookingId}/pay`,
      headers: { ...world.client.auth, 'idempotency-key': crypto.randomUUID() },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const forBooking = async () =>
      (await t.db.$client.query('SELECT identifier FROM measures WHERE booking_id = $1', [bookingId])).rows;
    const made = await forBooking();
    expect(made).toHaveLength(1);
    await t.mail.waitFor(world.client.email, (x) => x.text.includes(`/questionnaires/${made[0]!.identifier}`));

    // Cancelled, the session's unanswered questionnaire goes.
    const cancelled = await t.api('POST', `/booking/${bookingId}/cancel`, world.client, { note: 'Cannot make it' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await forBooking()).toHaveLength(0);

    // Stopped, the next session gets none.
    const listed = await t.api('GET', `/measures/series?clientIdentifier=${world.client.userId}`, world.provider);
    expect(listed.json().data.map((s: { identifier: string }) => s.identifier)).toEqual([series.identifier]);
    expect((await t.api('DELETE', `/measures/series/${series.identifier}`, otherProvider)).statusCode).toBe(404);
    const stopped = await t.api('DELETE', `/measures/series/${series.identifier}`, world.provider);
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json().message).toBe(en.measureSeriesStopped);
    expect(
      (await t.api('GET', `/measures/series?clientIdentifier=${world.client.userId}`, world.provider)).json().data,
    ).toEqual([]);
    const again = await t.api('POST', '/booking', world.client, {
      modalityIdentifier: online,
      therapyIdentifier: world.categoryId,
      timeslotIdentifier: await slotAt(t, world.provider.userId, '2026-05-11T10:00:00Z'),
    });
    const againId = again.json().data.identifier as string;
    await t.request({
      method: 'POST',
      url: `/api/v1/booking/${againId}/pay`,
      headers: { ...world.client.auth, 'idempotency-key': crypto.randomUUID() },
    });
    expect((await t.db.$client.query('SELECT 1 FROM measures WHERE booking_id = $1', [againId])).rows).toHaveLength(0);
  });
});
