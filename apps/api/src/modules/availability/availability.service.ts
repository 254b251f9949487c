import {
  weekdays,
  type AvailabilityDayInput,
  type AvailabilitySettings,
  type AvailabilitySettingsInput,
  type AvailabilitySetup,
  type AvailabilitySetupInput,
  type CustomDay,
  type CustomDayInput,
  type WeeklyPlan,
} from '@therapy/contracts/availability';
import { AVAILABILITY_HORIZON_DAYS } from '@therapy/contracts/constants';
import type { AppDeps } from '../../deps.ts';
import type { Executor } from '../../db/client.ts';
import {
  requireAccessTo,
  requireFound,
  requireLiveAccount,
  requireRole,
  type Actor,
} from '../../platform/auth/access.ts';
import { AppError } from '../../platform/errors.ts';
import type { UserModule } from '../user/user.module.ts';
import {
  defaultSettings,
  resolveWeek,
  toAvailabilityDay,
  toCustomDay,
  toIntervals,
  toSettings,
} from './availability.mapper.ts';
import { availabilityRepository as repo, type DayToSave, type SettingsRow } from './availability.repository.ts';
import { addDays, localDate } from './slot-engine.ts';

/** A provider's own calendar: settings, set-up type, weekly plans and custom days (spec §7 "Availability"). */
export function createAvailabilityService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'events'>,
  { users }: { users: Pick<UserModule, 'findActiveUser'> },
) {
  const { db, clock, events } = deps;

  /** Access first (the access core): a provider (403 otherwise) whose account is live (401 once it ended). */
  const provider = async (actor: Actor) =>
    requireLiveAccount(actor, await users.findActiveUser(requireRole(actor, 'provider').userId));

  const settingsOf = async (ex: Executor, providerId: string, timezone: string | null): Promise<SettingsRow> =>
    (await repo.settings(ex, providerId)) ?? defaultSettings(providerId, timezone);

  /** A category must be one of the provider's own therapies. */
  const checkCategory = async (providerId: string, categoryId: string | null | undefined): Promise<string | null> => {
    if (!categoryId) return null;
    const categories = await repo.categories(db, providerId);
    if (!categories.some((c) => c.identifier === categoryId)) throw AppError.rule('categoryUnknown');
    return categoryId;
  };

  /**
   * Every plan write: one transaction, serialised per provider, with a settings row (so the zone the plan was made
   * in is fixed) and an `availability.changed` event: after commit the slot cache drops the provider's slots, here at
   * once and on the other instances through the realtime port.
   */
  const write = async <T>(
    providerId: string,
    timezone: string | null,
    work: (tx: Executor, settings: SettingsRow) => Promise<T>,
  ): Promise<T> =>
    events.transaction(async (tx) => {
      await repo.lockProvider(tx, providerId);
      const existing = await repo.settings(tx, providerId);
      const settings =
        existing ?? (await repo.upsertSettings(tx, { ...defaultSettings(providerId, timezone), updatedAt: undefined }));
      const value = await work(tx, settings);
      await events.publish(tx, 'availability.changed', { providerId });
      return value;
    });

  const weekOf = async (ex: Executor, providerId: string, categoryId: string | null): Promise<WeeklyPlan> => {
    const ownDays = await repo.weeklyDays(ex, providerId, categoryId);
    const fallback = categoryId ? await repo.weeklyDays(ex, providerId, null) : [];
    return { categoryIdentifier: categoryId, days: resolveWeek(ownDays, fallback).map(toAvailabilityDay) };
  };

  const toSave = (days: readonly AvailabilityDayInput[]): DayToSave[] =>
    days.map((d) => ({
      weekday: weekdays.indexOf(d.identifier) + 1,
      isAvailable: d.isAvailable,
      intervals: toIntervals(d.timeSlotsInterval),
    }));

  const setupOf = async (
    providerId: string,
    settings: SettingsRow,
    categoryId: string | null,
  ): Promise<AvailabilitySetup> => ({
    calendarSetupType: settings.calendarSetupType,
    categories: await repo.categories(db, providerId),
    plan: await weekOf(db, providerId, categoryId),
  });

  return {
    async settings(actor: Actor): Promise<AvailabilitySettings> {
      const user = await provider(actor);
      const saved = await repo.settings(db, user.identifier);
      // A new provider's web app fills in the browser's zone while this says none was chosen (decision 0054).
      return toSettings(saved ?? defaultSettings(user.identifier, user.timezone), !!saved || !!user.timezone);
    },

    async updateSettings(actor: Actor, input: AvailabilitySettingsInput): Promise<AvailabilitySettings> {
      const user = await provider(actor);
      const row = await write(user.identifier, user.timezone, (tx, settings) =>
        repo.upsertSettings(tx, {
          providerId: user.identifier,
          calendarSetupType: settings.calendarSetupType,
          timezone: input.timezone,
          sessionMinutes: input.sessionLengthMinutes,
          bufferMinutes: input.bufferMinutes,
          noticeMinutes: input.minimumNoticeHours * 60,
        }),
      );
      return toSettings(row);
    },

    async setup(actor: Actor, category: string | undefined): Promise<AvailabilitySetup> {
      const user = await provider(actor);
      const categoryId = await checkCategory(user.identifier, category);
      return setupOf(user.identifier, await settingsOf(db, user.identifier, user.timezone), categoryId);
    },

    async saveSetup(
      actor: Actor,
      category: string | undefined,
      input: AvailabilitySetupInput,
    ): Promise<AvailabilitySetup> {
      const user = await provider(actor);
      const categoryId = await checkCategory(user.identifier, category);
      if (input.calendarSetupType === 'BY_CATEGORY' && (await repo.categories(db, user.identifier)).length === 0) {
        throw AppError.rule('therapyRequired');
      }
      const settings = await write(user.identifier, user.timezone, async (tx, current) => {
        const row = await repo.upsertSettings(tx, {
          ...current,
          calendarSetupType: input.calendarSetupType,
          updatedAt: undefined,
        });
        if (input.days) await repo.replaceWeekdays(tx, user.identifier, categoryId, toSave(input.days));
        return row;
      });
      return setupOf(user.identifier, settings, categoryId);
    },

    /** `/days/default` is the general plan, `/days/recurring` a category's (its unsaved days follow the general plan). */
    async weekly(actor: Actor, category: string | null | undefined, requireCategory: boolean): Promise<WeeklyPlan> {
      const user = await provider(actor);
      if (requireCategory && !category) throw AppError.rule('therapyRequired');
      return weekOf(db, user.identifier, await checkCategory(user.identifier, category));
    },

    async saveWeekly(
      actor: Actor,
      category: string | null | undefined,
      days: readonly AvailabilityDayInput[],
      requireCategory: boolean,
    ): Promise<WeeklyPlan> {
      const user = await provider(actor);
      if (requireCategory && !category) throw AppError.rule('therapyRequired');
      const categoryId = await checkCategory(user.identifier, category);
      return write(user.identifier, user.timezone, async (tx) => {
        await repo.replaceWeekdays(tx, user.identifier, categoryId, toSave(days));
        return weekOf(tx, user.identifier, categoryId);
      });
    },

    async customDays(actor: Actor, category: string | undefined): Promise<CustomDay[]> {
      const user = await provider(actor);
      const settings = await settingsOf(db, user.identifier, user.timezone);
      const today = localDate(settings.timezone, clock.now().getTime());
      const categoryId = category === undefined ? undefined : await checkCategory(user.identifier, category);
      return (await repo.customDays(db, user.identifier, today, categoryId)).map(toCustomDay);
    },

    /** Saves the override of one date; a date that already has one (for that category) is replaced. */
    async saveCustomDay(actor: Actor, input: CustomDayInput): Promise<CustomDay> {
      const user = await provider(actor);
      const categoryId = await checkCategory(user.identifier, input.categoryIdentifier);
      return write(user.identifier, user.timezone, async (tx, settings) => {
        // Dates are the provider's: "today" and the horizon are counted in the zone the plan is in.
        const today = localDate(settings.timezone, clock.now().getTime());
        if (input.date < today) throw AppError.rule('customDayPast');
        if (input.date > addDays(today, AVAILABILITY_HORIZON_DAYS)) throw AppError.rule('customDayBeyondHorizon');
        const day = {
          date: input.date,
          isAvailable: input.isAvailable,
          intervals: toIntervals(input.timeSlotsInterval),
        };
        const identifier = await repo.replaceCustomDay(tx, user.identifier, categoryId, day);
        return toCustomDay({ identifier, categoryId, weekday: null, ...day });
      });
    },

    async deleteCustomDay(actor: Actor, id: string): Promise<void> {
      const user = await provider(actor);
      await write(user.identifier, user.timezone, async (tx) => {
        // A custom day is its provider's alone; a weekly day is not a custom day (not found either way).
        requireAccessTo(actor, 'delete', await repo.findCustomDay(tx, id), (day) => ({
          kind: 'owned',
          ownerId: day.providerId,
        }));
        requireFound((await repo.deleteCustomDay(tx, user.identifier, id)) || undefined);
      });
    },
  };
}
export type AvailabilityService = ReturnType<typeof createAvailabilityService>;
