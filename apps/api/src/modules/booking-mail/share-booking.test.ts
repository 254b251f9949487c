import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';
import type { Actor } from '../../platform/auth/access.ts';
import type { OutgoingMail } from '../../platform/mail/outgoing-mail.ts';
import { AppError } from '../../platform/errors.ts';
import { createShareBookingService, shareUid, SHARES_PER_HOUR } from './share-booking.service.ts';
import { testBookings } from '../../../test/test-bookings.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const confirmedBooking = (clientId: string, providerId: string) =>
  testBookings.insertConfirmed(t.db, clientId, providerId, new Date(t.clock.now().getTime() + 3 * 86_400_000));
const factsOf = (id: string) => testBookings.factsOf(t.db, id);

/** The mails the service queued, on its transaction (the app's queue seals them into a job: decision 0020). */
let queued: OutgoingMail[] = [];
const findActiveUser = async (id: string) => {
  const row = await t.userRow(id);
  return { email: row.email, locale: row.locale, firstName: row.first_name } as never;
};
const service = () =>
  createShareBookingService(
    {
      db: t.db,
      clock: t.clock,
      config: t.config,
      mail: { queue: async (_tx, m) => void queued.push(m), start: async () => undefined },
    },
    { findActiveUser },
    factsOf,
  );
const actor = (who: SignedUp, userType: 'client' | 'provider' = 'client'): Actor => ({
  userId: who.userId,
  userType,
  sessionId: 'test',
});

describe('share a booking (POST /share-booking service)', () => {
  it('a party mails the booking to an address and the share is recorded', async () => {
    const client = await t.signUp('client');
    const provider = await t.signUp('provider');
    const booking = await confirmedBooking(client.userId, provider.userId);
    queued = [];
    await service().share(actor(client), { bookingIdentifier: booking.identifier, email: 'friend@example.com' });
    expect(queued).toHaveLength(1);
    const [mail] = queued;
    expect(mail!.to).toBe('friend@example.com');
    expect(mail!.subject).toBe('Session details: CBT');
    expect(mail!.text).toContain('with Anna Weber');
    // An information copy (issue 49): PUBLISH with the share's own UID, the recipient neither organizer nor attendee.
    expect(mail!.icalEvent!.method).toBe('PUBLISH');
    const ics = mail!.icalEvent!.content;
    expect(ics).toContain('METHOD:PUBLISH\r\n');
    expect(ics).toContain(`UID:${shareUid(booking.identifier, 'friend@example.com')}\r\n`);
    expect(ics).not.toContain(booking.identifier);
    expect(ics).not.toMatch(/ATTENDEE|friend@example\.com/);
    const rows = await testBookings.sharesBy(t.db, client.userId);
    expect(rows.map((r) => r.bookingId)).toEqual([booking.identifier]);
  });

  it('a share UID is stable per booking and address (any case), and differs by either', () => {
    const a = '0b5f2a4e-1c3d-4e5f-8a9b-0c1d2e3f4a5b';
    expect(shareUid(a, 'Friend@Example.com ')).toBe(shareUid(a, 'friend@example.com'));
    expect(shareUid(a, 'friend@example.com')).not.toBe(shareUid(a, 'other@example.com'));
    expect(shareUid(a, 'friend@example.com')).not.toBe(shareUid(a.replace('0b5f', '1b5f'), 'friend@example.com'));
    expect(shareUid(a, 'friend@example.com')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it("answers 404 for another user's booking and a missing one, and records nothing", async () => {
    const client = await t.signUp('client');
    const provider = await t.signUp('provider');
    const stranger = await t.signUp('client');
    const booking = await confirmedBooking(client.userId, provider.userId);
    for (const id of [booking.identifier, '00000000-0000-4000-8000-000000000000']) {
      const err = await service()
        .share(actor(stranger), { bookingIdentifier: id, email: 'x@example.com' })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).statusCode).toBe(404);
    }
    expect(await testBookings.sharesBy(t.db, stranger.userId)).toEqual([]);
  });

  it(`allows ${SHARES_PER_HOUR} shares an hour per user, then 429 until the oldest is an hour old`, async () => {
    const client = await t.signUp('client');
    const provider = await t.signUp('provider');
    const booking = await confirmedBooking(client.userId, provider.userId);
    const share = () =>
      service().share(actor(client), { bookingIdentifier: booking.identifier, email: 'me@example.com' });
    await Promise.all(Array.from({ length: SHARES_PER_HOUR + 3 }, () => share().catch((e: unknown) => e)));
    const count = async () => (await testBookings.sharesBy(t.db, client.userId)).length;
    expect(await count()).toBe(SHARES_PER_HOUR);
    const refused = await share().catch((e: unknown) => e);
    expect((refused as AppError).statusCode).toBe(429);
    t.clock.advance(3_600_000 + 1_000);
    await share();
    expect(await count()).toBe(SHARES_PER_HOUR + 1);
  });
});
