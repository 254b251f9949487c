import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingWorld, type World } from '../../../test/booking-fixtures.ts';
import { buildTestApp, type TestApp } from '../../../test/harness.ts';
import { bookingsRepository, type NewBooking } from './bookings.repository.ts';

/**
 * The booking's SQL functions (migration 0029) write the columns the repository names: a booking with every one of
 * them set, read back, has each as it was given; its participant and first status line are there; and a client's
 * unpaid limit is counted after the lock, so the second of two bookings past the limit is not written.
 */
let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await buildTestApp();
  w = await bookingWorld(t);
});
afterAll(async () => t.close());

const at = (iso: string) => new Date(iso);
const rowOf = (
  over: Partial<NewBooking> & { startsAt?: Date; endsAt?: Date } = {},
): NewBooking & { startsAt: Date; endsAt: Date } => ({
  identifier: crypto.randomUUID(),
  clientId: w.client.userId,
  providerId: w.provider.userId,
  therapyCategoryId: w.categoryId,
  modalityId: w.modalityId,
  status: 'pending',
  startsAt: at('2031-03-03T10:00:00Z'),
  endsAt: at('2031-03-03T11:00:00Z'),
  // The repository stores what the service sealed (booking-texts.ts); any text of the sealed form's length.
  noteSealed: Buffer.from('First session, please call me "Jo" — ünïcödé').toString('base64'),
  meetingLink: 'https://example.com/session',
  address: '1 Main St',
  priceAmount: 12_345,
  currencyCode: 'NGN',
  holdExpiresAt: at('2031-03-01T10:30:00Z'),
  seriesId: crypto.randomUUID(),
  createdBy: 'client',
  clientReschedulesLeft: 2,
  providerReschedulesLeft: 3,
  paidAt: at('2031-03-01T10:00:00Z'),
  ...over,
});

describe('booking functions', () => {
  it('store every column the repository writes, with the participant and the first status line', async () => {
    const row = rowOf();
    const line = {
      identifier: crypto.randomUUID(),
      actor: 'client' as const,
      actorId: w.client.userId,
      noteSealed: 'c2VhbGVkIGxpbmUgbm90ZQ==',
      at: at('2031-03-01T10:00:01Z'),
    };
    const made = await t.db.transaction((tx) => bookingsRepository.insertWithHistory(tx, row, line));
    const stored = (await bookingsRepository.find(t.db, row.identifier))!;
    for (const [key, value] of Object.entries(row))
      expect([key, stored[key as keyof typeof stored]]).toEqual([key, value]);
    expect(made.booking).toMatchObject({ ...row, previousStatus: null, allowRescheduleCompleted: false });
    expect(made.booking.createdAt).toEqual(stored.createdAt);
    expect(await bookingsRepository.participant(t.db, made.participantId)).toMatchObject({
      bookingId: row.identifier,
      clientId: w.client.userId,
      status: 'acknowledged',
    });
    expect(await bookingsRepository.history(t.db, row.identifier)).toMatchObject([
      {
        identifier: line.identifier,
        status: 'pending',
        previousStatus: null,
        actor: 'client',
        actorId: w.client.userId,
        noteSealed: line.noteSealed,
        clearNote: null,
        at: line.at,
      },
    ]);
  });

  it('book a slot unless the client would pass the unpaid limit, counted after the lock', async () => {
    const client = await t.signUp('client');
    const now = new Date();
    const book = (start: string, maxUnpaid: number | null) => {
      const row = rowOf({
        clientId: client.userId,
        startsAt: at(start),
        endsAt: new Date(at(start).getTime() + 3_600_000),
        seriesId: null,
        paidAt: null,
        holdExpiresAt: new Date(now.getTime() + 1_800_000),
      });
      return t.db.transaction((tx) =>
        bookingsRepository.book(
          tx,
          `booking-client:${client.userId}`,
          { ...row, startsAt: row.startsAt, endsAt: row.endsAt },
          { identifier: crypto.randomUUID(), actor: 'client', actorId: client.userId, noteSealed: null, at: now },
          now,
          maxUnpaid,
        ),
      );
    };
    // Two at once, with room for one: the second waits for the first's lock, counts its booking, and writes nothing.
    const answers = await Promise.all([book('2031-04-07T09:00:00Z', 1), book('2031-04-07T11:00:00Z', 1)]);
    expect(answers.filter((a) => a.inserted).length).toBe(1);
    // A booking that does not count (free, or asked for approval) is written whatever the count.
    expect((await book('2031-04-07T13:00:00Z', null)).inserted).toBeDefined();
  });
});
