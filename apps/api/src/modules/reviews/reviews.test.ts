import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { de, en } from '@therapy/contracts/messages';
import { expectError, validation } from '../../../test/assertions.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';
import { bookingWorld, insertBooking, type World } from '../../../test/booking-fixtures.ts';

/**
 * Reviews on the real PostgreSQL (issue 16): the client of a completed session reviews it once and edits it once;
 * the provider's average and count stay exact; the bad input changes nothing.
 */
let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());
beforeEach(async () => {
  t.clock.set('2026-03-23T07:00:00Z');
  w = await bookingWorld(t);
});

const completed = async (client: SignedUp = w.client) =>
  insertBooking(w, { status: 'completed', start: '2026-03-20T10:00:00Z', client });
const write = (who: SignedUp, participantId: string, body: unknown) =>
  t.api('POST', `/review/${participantId}`, who, body);
const edit = (who: SignedUp, participantId: string, body: unknown) =>
  t.api('PUT', `/review/${participantId}`, who, body);
const notFound = { message: en.notFound, code: 'NOT_FOUND' };
const reviewsOf = (providerId: string, query = '') => t.api('GET', `/review/provider/${providerId}${query}`, undefined);
const stored = async () =>
  Number(
    (await t.db.$client.query('SELECT count(*) AS n FROM reviews WHERE provider_id = $1', [w.provider.userId])).rows[0]
      .n,
  );

describe('writing a review', () => {
  it('the client of a completed session: stored, shown to both parties, feedbackProvided, counted in the average', async () => {
    const { bookingId, participantId } = await completed();
    expect((await t.api('GET', `/review/participant/${participantId}`, w.client)).json().data).toBeNull();
    const res = await write(w.client, participantId, {
      rating: 4.5,
      comment: 'Calm, clear and kind.',
      isAnonymous: false,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(en.reviewSaved);
    expect(res.json().data).toMatchObject({
      participantIdentifier: participantId,
      bookingIdentifier: bookingId,
      rating: 4.5,
      comment: 'Calm, clear and kind.',
      isAnonymous: false,
      canEdit: true,
    });
    expect(res.json().data.authorName).toMatch(/^\S+( \S\.)?$/);
    expect((await t.api('GET', `/review/participant/${participantId}`, w.client)).json().data.rating).toBe(4.5);
    expect((await t.api('GET', `/review/booking/${bookingId}`, w.provider)).json().data.comment).toBe(
      'Calm, clear and kind.',
    );
    expect((await t.api('GET', `/booking/${bookingId}`, w.client)).json().data.feedbackProvided).toBe(true);
    const list = (await reviewsOf(w.provider.userId)).json();
    expect(list.data).toMatchObject({ average: 4.5, count: 1 });
    expect(list.data.items).toHaveLength(1);
    expect(list.data.items[0]).not.toHaveProperty('participantIdentifier');
  });

  it('refuses bad input with its message and stores nothing (400, never 5xx)', async () => {
    const { participantId } = await completed();
    const cases: Array<[unknown, string]> = [
      [{ rating: 4.3 }, en.reviewRatingInvalid],
      [{ rating: 5.5 }, en.reviewRatingInvalid],
      [{ rating: 0 }, en.reviewRatingInvalid],
      [{ rating: '4' }, en.reviewRatingInvalid],
      [{}, en.reviewRatingInvalid],
      [{ rating: 4, comment: 'Good' }, en.reviewCommentMin],
      [{ rating: 4, comment: 'x'.repeat(2501) }, en.reviewCommentMax],
    ];
    for (const [body, text] of cases) expectError(await write(w.client, participantId, body), 400, validation(text));
    // German, for the German client.
    const german = await t.request({
      method: 'POST',
      url: `/api/v1/review/${participantId}`,
      headers: { ...w.client.auth, 'accept-language': 'de' },
      payload: { rating: 4.3 },
    });
    expect(german.json().message).toBe(de.reviewRatingInvalid);
    expect(await stored()).toBe(0);
    // The limits themselves are allowed: 5 and 2500 characters, 0.5 and 5 stars.
    expect((await write(w.client, participantId, { rating: 0.5, comment: 'x'.repeat(2500) })).statusCode).toBe(201);
    const second = await completed(await t.signUp('client'));
    const secondClient = (
      await t.db.$client.query<{ id: string }>(
        'SELECT client_id AS id FROM booking_participants WHERE identifier = $1',
        [second.participantId],
      )
    ).rows[0]!.id;
    expect(secondClient).not.toBe(w.client.userId);
  });

  it('only after the session, only its own client, only a client; once, also when two arrive at once', async () => {
    const early = await insertBooking(w, { status: 'confirmed', start: '2026-03-26T10:00:00Z' });
    expectError(await write(w.client, early.participantId, { rating: 5 }), 400, validation(en.reviewNotAllowed));
    const { participantId } = await completed();
    const stranger = await t.signUp('client');
    expectError(await write(stranger, participantId, { rating: 5 }), 404, notFound);
    expectError(await t.api('GET', `/review/participant/${participantId}`, stranger), 404, notFound);
    expect((await write(w.provider, participantId, { rating: 5 })).statusCode).toBe(403);
    expectError(await write(w.client, '0190a0b0-0000-7000-8000-000000000000', { rating: 5 }), 404, notFound);
    expect(await stored()).toBe(0);

    const answers = await Promise.all([
      write(w.client, participantId, { rating: 5 }),
      write(w.client, participantId, { rating: 4 }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
    expect(answers.find((a) => a.statusCode === 400)!.json().message).toBe(en.reviewExists);
    expectError(await write(w.client, participantId, { rating: 3 }), 400, validation(en.reviewExists));
    expect(await stored()).toBe(1);
    expect((await reviewsOf(w.provider.userId)).json().data.count).toBe(1);
  });
});

describe('editing a review', () => {
  it('once: the average follows the new rating exactly, the edit control goes, a second edit is refused', async () => {
    const a = await completed();
    const b = await completed(await t.signUp('client'));
    await write(w.client, a.participantId, { rating: 4.5, comment: 'Very helpful session.' });
    const edited = await edit(w.client, a.participantId, { rating: 3, comment: '' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().message).toBe(en.reviewUpdated);
    expect(edited.json().data).toMatchObject({ rating: 3, comment: null, canEdit: false });
    expect((await reviewsOf(w.provider.userId)).json().data).toMatchObject({ average: 3, count: 1 });
    expectError(await edit(w.client, a.participantId, { rating: 5 }), 400, validation(en.reviewEditOnce));
    expect((await t.api('GET', `/review/participant/${a.participantId}`, w.client)).json().data.rating).toBe(3);
    // Bad input and strangers change nothing.
    expectError(await edit(w.client, a.participantId, { rating: 5.5 }), 400, validation(en.reviewRatingInvalid));
    expectError(await edit(await t.signUp('client'), a.participantId, { rating: 5 }), 404, notFound);
    expectError(await edit(await t.signUp('client'), b.participantId, { rating: 5 }), 404, notFound);
    expectError(
      await edit(w.client, (await completed()).participantId, { rating: 5 }),
      400,
      validation(en.reviewMissing),
    );
  });

  it('two edits at once: one applies, the other is refused, the totals move once', async () => {
    const { participantId } = await completed();
    await write(w.client, participantId, { rating: 2 });
    const answers = await Promise.all([
      edit(w.client, participantId, { rating: 5 }),
      edit(w.client, participantId, { rating: 4 }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const winner = answers.find((a) => a.statusCode === 200)!.json().data.rating as number;
    expect((await reviewsOf(w.provider.userId)).json().data).toMatchObject({ average: winner, count: 1 });
  });
});

describe("a provider's reviews", () => {
  it('newest first, paged, anonymous ones without a name; the average is exact over all', async () => {
    const ratings = [4.5, 3, 5];
    for (const [i, rating] of ratings.entries()) {
      const client = await t.signUp('client');
      const { participantId } = await completed(client);
      t.clock.set(`2026-03-23T07:0${i + 1}:00Z`);
      expect(
        (await write(client, participantId, { rating, comment: `Session number ${i + 1}`, isAnonymous: i === 1 }))
          .statusCode,
      ).toBe(201);
    }
    const first = (await reviewsOf(w.provider.userId, '?page=1&pageSize=2')).json();
    expect(first.data).toMatchObject({ average: 4.17, count: 3 });
    expect(first.data.items.map((r: { comment: string }) => r.comment)).toEqual([
      'Session number 3',
      'Session number 2',
    ]);
    expect(first.data.items[1].authorName).toBeNull();
    expect(first.data.items[0].authorName).not.toBeNull();
    expect(first.meta).toEqual({ page: 1, pageSize: 2, total: 3, totalPages: 2 });
    const past = (await reviewsOf(w.provider.userId, '?page=9&pageSize=2')).json();
    expect(past.data.items).toEqual([]);
    expect(past.data.count).toBe(3);
    expectError(await reviewsOf(w.provider.userId, '?page=0'), 400, validation(en.pageInvalid));
    expectError(await reviewsOf(w.provider.userId, '?page=abc'), 400, validation(en.pageInvalid));
    expectError(await reviewsOf(w.client.userId), 404, notFound);
    expectError(await reviewsOf('not-a-uuid'), 400, validation(en.notFound));
  });

  it('a provider without reviews: no average, count 0', async () => {
    expect((await reviewsOf(w.provider.userId)).json().data).toEqual({ average: null, count: 0, items: [] });
  });

  it('a client who deletes their account: the rating stays without a name or words, and the average is unchanged', async () => {
    const { participantId } = await completed();
    expect(
      (await write(w.client, participantId, { rating: 4, comment: 'Steady and kind sessions.', isAnonymous: false }))
        .statusCode,
    ).toBe(201);
    expect((await reviewsOf(w.provider.userId)).json().data.items[0].authorName).not.toBeNull();
    const gone = await t.request({
      method: 'DELETE',
      url: '/api/v1/user/profile/delete-account',
      headers: w.client.auth,
      payload: { password: w.client.password },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    const list = (await reviewsOf(w.provider.userId)).json().data;
    expect(list).toMatchObject({ average: 4, count: 1 });
    expect(list.items[0]).toMatchObject({ rating: 4, comment: null, authorName: null });
  });
});
