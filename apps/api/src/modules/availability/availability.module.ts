import type { FastifyPluginAsync } from 'fastify';
import type { TimeslotCheck } from '@therapy/contracts/availability';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../platform/errors.ts';
import type { SetupStep } from '../../platform/practice-setup.ts';
import type { UserModule } from '../user/user.module.ts';
import { availabilityRepository, busyTimes } from './availability.repository.ts';
import { availabilityRoutes } from './availability.routes.ts';
import { createAvailabilityService } from './availability.service.ts';
import { createCalendarService } from './calendar.service.ts';
import { createSlotCache } from './slot-cache.ts';
import type { Interval } from './slot-engine.ts';
import { createTimeslotTokens } from './timeslot-token.ts';
import { timeslotRoutes } from './timeslot.routes.ts';
import { onAccountErasure } from '../../platform/account-erasure.ts';
import { eraseAvailability } from './account-erasure.repository.ts';

export type { BusyTimes } from './availability.repository.ts';
export type { Interval } from './slot-engine.ts';

/**
 * The availability module's public face: a provider's plan (routes), the slots clients see, and for other modules
 * the timeslot check and the provider's categories (busy times are the bookings module's read model). One slot cache per instance, kept
 * honest by events: `availability.changed` (its own writes), `provider-profile.changed` (the therapies are the
 * calendar's categories) and `booking.changed` drop a provider's cached slots on every instance; while events from
 * other instances may be missed (realtime port down), nothing is cached.
 */
export function createAvailabilityModule(
  deps: Pick<AppDeps, 'config' | 'db' | 'clock' | 'events'>,
  { users }: { users: Pick<UserModule, 'findActiveUser'> },
) {
  // Deleting an account erases what this module holds of the person, in the deletion's transaction.
  onAccountErasure(deps.events, eraseAvailability);
  const { events } = deps;
  const cache = createSlotCache();
  const drop = ({ providerId }: { providerId: string }) => cache.invalidate(providerId);
  events.subscribe('availability.changed', drop, { everyInstance: true });
  events.subscribe('provider-profile.changed', drop, { everyInstance: true });
  events.subscribe('booking.changed', drop, { everyInstance: true });
  events.onCrossInstanceReset(() => cache.clear());

  events.subscribe('verification.changed', drop, { everyInstance: true });

  const tokens = createTimeslotTokens(deps.config.jwtSecret);
  const service = createAvailabilityService(deps, { users });
  const calendar = createCalendarService(deps, {
    cache,
    tokens,
    cacheTrusted: () => events.crossInstanceListening,
    // What is taken of a provider's time: the bookings module's read model (its bookings and held waitlist offers).
    busy: () => busyTimes,
  });

  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(availabilityRoutes, { service });
    await app.register(timeslotRoutes, { calendar });
  };

  return {
    name: 'availability' as const,
    plugin,
    /**
     * A timeslot identifier checked again from the database (never the cache): genuine, for this category, and still
     * bookable now. The bookings module calls it in its transaction (`ex`), before it writes.
     */
    verifyTimeslot: (id: string, category?: string, ignore?: Interval, ex?: Executor): Promise<TimeslotCheck> =>
      calendar.check(id, category, ignore, ex),
    /** Whose slot a timeslot identifier names, and when, read from the identifier alone (400 for a forged one). */
    timeslotOf(id: string): { providerId: string; categoryId: string | null; start: number; end: number } {
      const claims = tokens.verify(id);
      if (!claims) throw AppError.rule('timeslotInvalid');
      return claims;
    },
    /** The start of the provider's first bookable slot (epoch ms), or null: the directory's "soonest" (issue 16). */
    nextFreeSlotOf: (providerId: string): Promise<number | null> => calendar.nextFreeSlot(providerId),
    /** The waitlist's free slots (issue 19): bookable now, starting in [from, to), fresh from the database. */
    bookableBetween: (providerId: string, categoryId: string | null, from: number, to: number) =>
      calendar.bookableBetween(providerId, categoryId, from, to),
    /** A weekly series' later occurrences of a slot, each with whether the plan offers it (calendar.service.ts). */
    weeklyRepeats: (
      providerId: string,
      categoryId: string | null,
      start: number,
      end: number,
      count: number,
      ex?: Executor,
    ) => calendar.weeklyRepeats(providerId, categoryId, start, end, count, ex),
    /** The checklist's 'availability' step: an available weekly day or an available custom day from today on. */
    setupSteps: [
      {
        key: 'availability',
        isComplete: (providerId: string) =>
          availabilityRepository.hasAvailableDay(deps.db, providerId, deps.clock.now().toISOString().slice(0, 10)),
      },
    ] satisfies SetupStep[],
    /**
     * For the provider's calendar to look at (issue 47): the zone their plan is in (saved settings, else the account's,
     * else UTC) and their days off (custom days marked unavailable) with a date in [from, to) of that zone.
     */
    async blockedDaysOf(providerId: string, from: string, to: string) {
      const [settings, user, blocked] = await Promise.all([
        availabilityRepository.settings(deps.db, providerId),
        users.findActiveUser(providerId),
        availabilityRepository.blockedDays(deps.db, providerId, from, to),
      ]);
      return { timezone: settings?.timezone ?? user?.timezone ?? 'UTC', blocked };
    },
    /** The provider's therapy categories (set in the practice profile), in list order. */
    categoriesOf: (providerId: string, ex: Executor = deps.db) => availabilityRepository.categories(ex, providerId),
  };
}
export type AvailabilityModule = ReturnType<typeof createAvailabilityModule>;
