import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import type { AvailabilityCalendar } from '@therapy/contracts/availability';
import { en } from '@therapy/contracts/messages';
import { bookingWorld, insertBooking } from '../../../test/booking-fixtures.ts';
import { buildTestApp, type SignedUp, type TestApp } from '../../../test/harness.ts';
import { profileFixtures } from '../../../test/profile-test-helpers.ts';
import { buildApp } from '../../app.ts';
import { createEventBus } from '../../platform/events.ts';
import { createPgRealtime } from '../../platform/realtime.ts';
import { createAvailabilityModule } from './availability.module.ts';

/** The availability module's public face (issue 12) and the events that keep its slot cache honest. */

let t: TestApp;
let fx: ReturnType<typeof profileFixtures>;
beforeAll(async () => {
  t = await buildTestApp();
  fx = profileFixtures(t);
});
afterAll(async () => t.close());
// Monday 23 March 2026, 07:59 UTC (as availability.test.ts).
beforeEach(() => t.clock.set('2026-03-23T07:59:00Z'));

const settingsBody = { timezone: 'Europe/Berlin', sessionLengthMinutes: 60, bufferMinutes: 0, minimumNoticeHours: 0 };
const slotsUrl = (providerId: string, query = '') =>
  `/api/v1/providers-availability/${providerId}/timeslot/2026-03-30${query}`;

/** A provider with the default plan (09:00-18:00 Berlin on weekdays) and the practice profile's therapies. */
async function providerWith(therapies: string[]): Promise<SignedUp> {
  const provider = await t.signUp('provider', {}, { verified: true });
  expect((await t.api('PUT', '/provider-availability/settings', provider, settingsBody)).statusCode).toBe(200);
  await setTherapies(provider, therapies);
  return provider;
}
async function setTherapies(provider: SignedUp, therapies: string[]) {
  const res = await t.api('POST', '/provider/update/info', provider, await fx.providerInfo({ therapies }));
  expect(res.statusCode, res.body).toBe(200);
}

describe('the practice profile changes the calendar through an event (provider-profile.changed)', () => {
  it('a changed therapy list drops the cached slots at once on this instance, and on another through NOTIFY', async () => {
    const individual = await fx.refId('therapy-category', 'individual');
    const couples = await fx.refId('therapy-category', 'couples');
    const provider = await providerWith([individual]);
    const second = await buildApp({ config: t.config, db: t.db, clock: t.clock, logger: false });
    onTestFinished(() => second.close());
    const url = slotsUrl(provider.userId, `?category=${individual}`);

    // Both instances cache the calendar of that category (the second once it listens, as a cache is trusted then).
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(200);
    await expect.poll(async () => (await second.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect(
      ((await second.inject({ method: 'GET', url })).json().data as AvailabilityCalendar).items[0]!.timeSlot,
    ).toHaveLength(9);

    // The provider no longer offers that therapy: it is no longer a category of their calendar, anywhere.
    await setTherapies(provider, [couples]);
    const here = await t.request({ method: 'GET', url });
    expect(here.statusCode, here.body).toBe(400);
    expect(here.json().errors).toEqual([en.categoryUnknown]);
    await expect
      .poll(async () => (await second.inject({ method: 'GET', url })).statusCode, { timeout: 5000 })
      .toBe(400);
  });
});

describe('the public face', () => {
  it("verifyTimeslot checks an identifier again, and the slot engine reads the bookings' busy times", async () => {
    const provider = await providerWith([await fx.refId('therapy-category', 'individual')]);
    const events = createEventBus({ db: t.db, realtime: createPgRealtime(t.db), log: { error: () => undefined } });
    onTestFinished(() => events.close());
    const availability = createAvailabilityModule(
      { config: t.config, db: t.db, clock: t.clock, events },
      { users: { findActiveUser: async () => undefined } },
    );
    const calendar = (await t.request({ method: 'GET', url: slotsUrl(provider.userId) })).json()
      .data as AvailabilityCalendar;
    const [first, second] = calendar.items[0]!.timeSlot;
    // The provider is approved (the verification's approved_providers view): its slot is there.
    expect(await availability.verifyTimeslot(first!.identifier)).toEqual({
      ...first,
      providerIdentifier: provider.userId,
      categoryIdentifier: null,
      isAvailable: true,
    });

    // A confirmed booking at the first slot (the bookings module's busy times, its read model in db/schema/waitlist.ts)
    // takes it: the first is no longer available, the second still is.
    const start = Date.parse(first!.startTime);
    await insertBooking({ ...(await bookingWorld(t)), provider }, { status: 'confirmed', start: first!.startTime });
    expect((await availability.verifyTimeslot(first!.identifier)).isAvailable).toBe(false);
    expect((await availability.verifyTimeslot(second!.identifier)).isAvailable).toBe(true);
    // A whole calendar reads them too (in a statement of their own): the first slot is not offered, the second is.
    expect(await availability.bookableBetween(provider.userId, null, start, Date.parse(second!.endTime))).toEqual([
      { start: Date.parse(second!.startTime), end: Date.parse(second!.endTime) },
    ]);

    expect((await availability.categoriesOf(provider.userId)).map((c) => c.code)).toEqual(['individual']);
  });
});
