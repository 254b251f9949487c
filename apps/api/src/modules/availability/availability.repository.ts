import { and, asc, eq, gte, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { statementName, type Executor } from '../../db/client.ts';
import type { SqlFragment, SqlOperand } from '../../db/fragments.ts';
import { preparedPerExecutor } from '../../db/prepared.ts';
import { availabilityDays, availabilityIntervals, availabilitySettings } from '../../db/schema/availability.ts';
import { providerOfferings } from '../../db/schema/provider-profile.ts';
import { referenceItems } from '../../db/schema/reference.ts';
import { people } from '../../db/schema/users.ts';
import { approvedProviders } from '../../db/schema/verification.ts';

export type SettingsRow = typeof availabilitySettings.$inferSelect;
export type NewSettings = typeof availabilitySettings.$inferInsert;

/** One stored day with its intervals (minutes after midnight), as the service reads it. */
export interface StoredDay {
  identifier: string;
  categoryId: string | null;
  weekday: number | null;
  date: string | null;
  isAvailable: boolean;
  intervals: Array<[number, number]>;
}

export interface DayToSave {
  weekday?: number;
  date?: string;
  isAvailable: boolean;
  intervals: ReadonlyArray<readonly [number, number]>;
}

const categoryIs = (categoryId: string | null) =>
  categoryId === null ? isNull(availabilityDays.categoryId) : eq(availabilityDays.categoryId, categoryId);

async function withIntervals(db: Executor, where: ReturnType<typeof and>): Promise<StoredDay[]> {
  const rows = await db
    .select({
      identifier: availabilityDays.identifier,
      categoryId: availabilityDays.categoryId,
      weekday: availabilityDays.weekday,
      date: availabilityDays.date,
      isAvailable: availabilityDays.isAvailable,
      start: availabilityIntervals.startMinute,
      end: availabilityIntervals.endMinute,
    })
    .from(availabilityDays)
    .leftJoin(availabilityIntervals, eq(availabilityIntervals.dayId, availabilityDays.identifier))
    .where(where)
    .orderBy(asc(availabilityDays.date), asc(availabilityDays.weekday), asc(availabilityIntervals.startMinute));
  const days = new Map<string, StoredDay>();
  for (const r of rows) {
    let day = days.get(r.identifier);
    if (!day) {
      day = {
        identifier: r.identifier,
        categoryId: r.categoryId,
        weekday: r.weekday,
        date: r.date,
        isAvailable: r.isAvailable,
        intervals: [],
      };
      days.set(r.identifier, day);
    }
    if (r.start !== null && r.end !== null) day.intervals.push([r.start, r.end]);
  }
  return [...days.values()];
}

async function insertDay(db: Executor, providerId: string, categoryId: string | null, day: DayToSave): Promise<void> {
  const [row] = await db
    .insert(availabilityDays)
    .values({
      providerId,
      categoryId,
      weekday: day.weekday ?? null,
      date: day.date ?? null,
      isAvailable: day.isAvailable,
    })
    .returning({ identifier: availabilityDays.identifier });
  if (day.intervals.length > 0) {
    await db
      .insert(availabilityIntervals)
      .values(day.intervals.map(([startMinute, endMinute]) => ({ dayId: row!.identifier, startMinute, endMinute })));
  }
}

/** A live provider's plan as `plan` reads it (see there). */
export interface StoredPlan {
  /** The account's time zone (the plan's default when no settings are saved). */
  timezone: string | null;
  settings: SettingsRow | null;
  /** The general plan's weekly days and, when a category was asked for, that category's. */
  weekly: StoredDay[];
  /** Custom days of every category from the date asked for on. */
  custom: StoredDay[];
  /** Whether the provider offers the category asked for (false when none was). */
  offersCategory: boolean;
  /** Whether the provider may offer slots at all: only approved providers do (issue 14, the verification's view). */
  offersSlots: boolean;
}

/**
 * What is already taken of a provider's time, as a subquery with columns `s` and `e` (timestamptz): the intervals of
 * `providerId` that meet [from, to) and are busy at `now`: the bookings module's read model `busyTimes`
 * (db/schema/waitlist.ts: active bookings and held waitlist offers); the plan's statement reads them in its own round
 * trip when it checks a single slot (decisions 0040, 0047).
 */
/** The bookings module's busy times (its read model), for the plan's statement. */
export { busyTimes } from '../../db/schema/waitlist.ts';

export type BusyTimes = (
  providerId: SqlOperand,
  from: SqlOperand,
  to: SqlOperand,
  now: SqlOperand,
) => SqlFragment<unknown>;

/** The busy times as one JSON array of [start, end] epoch milliseconds. */
const busyJson = (busy: BusyTimes, providerId: SqlOperand) =>
  sql<
    Array<[number, number]>
  >`(SELECT coalesce(json_agg(json_build_array((extract(epoch FROM b.s) * 1000)::bigint, (extract(epoch FROM b.e) * 1000)::bigint)), '[]'::json)
    FROM (${busy(providerId, sql.placeholder('busyFrom'), sql.placeholder('busyTo'), sql.placeholder('now'))}) b WHERE b.s IS NOT NULL AND b.e IS NOT NULL)`;
const toIntervals = (rows: Array<[number, number]>) =>
  rows.map(([start, end]) => ({ start: Number(start), end: Number(end) }));

/** Which busy times to read with the plan, as ISO instants: those meeting [from, to) at `now`. */
export interface BusyWindow {
  from: string;
  to: string;
  now: string;
}

/**
 * Everything the slot engine reads of a live provider's plan, in one round trip (a slot check runs on every booking):
 * the account, its settings, its days with their intervals as one JSON array (`StoredDay`'s shape, by date and
 * weekday), whether it offers the category asked for, and whether it is approved; with a `BusyWindow`, also the busy times
 * in it. Undefined when there is no live provider (public routes answer 404). Each statement is named after its text,
 * which depends on the busy times.
 */
export function planReader(
  busy: BusyTimes,
): (
  db: Executor,
  providerId: string,
  categoryId: string | null,
  customFrom: string,
  window?: BusyWindow,
) => Promise<(StoredPlan & { busy?: Array<{ start: number; end: number }> }) | undefined> {
  const statement = (db: Executor, withBusy: boolean) => {
    const query = db
      .select({
        timezone: people.timezone,
        settings: availabilitySettings,
        days: sql<StoredDay[]>`(SELECT coalesce(json_agg(json_build_object(
            'identifier', d.identifier, 'categoryId', d.category_id, 'weekday', d.weekday, 'date', d.date, 'isAvailable', d.is_available,
            'intervals', (SELECT coalesce(json_agg(json_build_array(i.start_minute, i.end_minute) ORDER BY i.start_minute), '[]'::json) FROM ${availabilityIntervals} i WHERE i.day_id = d.identifier)
          ) ORDER BY d.date, d.weekday), '[]'::json)
          FROM ${availabilityDays} d
          WHERE d.provider_id = ${people.identifier}
            AND ((d.weekday IS NOT NULL AND (d.category_id IS NULL OR d.category_id = ${sql.placeholder('category')})) OR d.date >= ${sql.placeholder('customFrom')}))`,
        offersCategory: sql<boolean>`EXISTS (SELECT 1 FROM ${providerOfferings} ppi WHERE ppi.user_id = ${people.identifier} AND ppi.list = 'therapy-category' AND ppi.item_id = ${sql.placeholder('category')})`,
        offersSlots: sql<boolean>`EXISTS (SELECT 1 FROM ${approvedProviders} ap WHERE ap.provider_id = ${people.identifier})`,
        busy: withBusy ? busyJson(busy, sql.placeholder('providerId')) : sql<null>`NULL::json`,
      })
      .from(people)
      .leftJoin(availabilitySettings, eq(availabilitySettings.providerId, people.identifier))
      .where(
        and(
          eq(people.identifier, sql.placeholder('providerId')),
          eq(people.userType, 'provider'),
          isNull(people.deletedAt),
        ),
      );
    return query.prepare(statementName(query.toSQL().sql));
  };
  const plain = preparedPerExecutor((db) => statement(db, false));
  const withBusy = preparedPerExecutor((db) => statement(db, true));
  return async (db, providerId, categoryId, customFrom, window) => {
    const params = { providerId, category: categoryId, customFrom };
    const [row] = window
      ? await withBusy(db).execute({ ...params, busyFrom: window.from, busyTo: window.to, now: window.now })
      : await plain(db).execute(params);
    if (!row) return undefined;
    const weekly = row.days.filter((d) => d.weekday !== null);
    const custom = row.days.filter((d) => d.date !== null);
    const plan = {
      timezone: row.timezone,
      settings: row.settings,
      weekly,
      custom,
      offersCategory: row.offersCategory,
      offersSlots: row.offersSlots === true,
    };
    return row.busy ? { ...plan, busy: toIntervals(row.busy) } : plan;
  };
}

/** The busy times alone (a calendar's whole horizon): [from, to) at `now`, epoch milliseconds. */
export function busyReader(
  busy: BusyTimes,
): (db: Executor, providerId: string, window: BusyWindow) => Promise<Array<{ start: number; end: number }>> {
  const statementFor = preparedPerExecutor((db) => {
    const query = db.select({ busy: busyJson(busy, sql.placeholder('providerId')) }).from(sql`(SELECT 1) AS one`);
    return query.prepare(statementName(query.toSQL().sql));
  });
  return async (db, providerId, window) => {
    const [row] = await statementFor(db).execute({
      providerId,
      busyFrom: window.from,
      busyTo: window.to,
      now: window.now,
    });
    return toIntervals(row?.busy ?? []);
  };
}

export const availabilityRepository = {
  async settings(db: Executor, providerId: string): Promise<SettingsRow | undefined> {
    const [row] = await db
      .select()
      .from(availabilitySettings)
      .where(eq(availabilitySettings.providerId, providerId))
      .limit(1);
    return row;
  },
  async upsertSettings(db: Executor, values: NewSettings): Promise<SettingsRow> {
    const { providerId: _providerId, ...changes } = values;
    const [row] = await db
      .insert(availabilitySettings)
      .values(values)
      .onConflictDoUpdate({ target: availabilitySettings.providerId, set: changes })
      .returning();
    return row!;
  },
  /** The provider's therapy categories (set in the practice profile), in list order. */
  async categories(
    db: Executor,
    providerId: string,
  ): Promise<Array<{ identifier: string; code: string; name: string }>> {
    return db
      .select({ identifier: referenceItems.identifier, code: referenceItems.code, name: referenceItems.name })
      .from(providerOfferings)
      .innerJoin(referenceItems, eq(referenceItems.identifier, providerOfferings.itemId))
      .where(and(eq(providerOfferings.userId, providerId), eq(providerOfferings.list, 'therapy-category')))
      .orderBy(asc(referenceItems.sortOrder), asc(referenceItems.name));
  },
  async weeklyDays(db: Executor, providerId: string, categoryId: string | null): Promise<StoredDay[]> {
    return withIntervals(
      db,
      and(eq(availabilityDays.providerId, providerId), categoryIs(categoryId), isNotNull(availabilityDays.weekday)),
    );
  },
  /** Custom days from a date on; `categoryId` undefined means every category and the general ones. */
  async customDays(
    db: Executor,
    providerId: string,
    fromDate: string,
    categoryId?: string | null,
  ): Promise<StoredDay[]> {
    return withIntervals(
      db,
      and(
        eq(availabilityDays.providerId, providerId),
        categoryId === undefined ? undefined : categoryIs(categoryId),
        isNotNull(availabilityDays.date),
        gte(availabilityDays.date, fromDate),
      ),
    );
  },
  /** The provider's custom days marked unavailable with a date in [from, to): the calendar's blocked days (issue 47). */
  async blockedDays(
    db: Executor,
    providerId: string,
    from: string,
    to: string,
  ): Promise<Array<{ identifier: string; date: string; categoryIdentifier: string | null }>> {
    const rows = await db
      .select({
        identifier: availabilityDays.identifier,
        date: availabilityDays.date,
        categoryIdentifier: availabilityDays.categoryId,
      })
      .from(availabilityDays)
      .where(
        and(
          eq(availabilityDays.providerId, providerId),
          eq(availabilityDays.isAvailable, false),
          gte(availabilityDays.date, from),
          lt(availabilityDays.date, to),
        ),
      )
      .orderBy(availabilityDays.date);
    return rows.map((r) => ({ ...r, date: r.date! }));
  },
  /** Whether the provider has an available weekly day (with hours) or an available custom day from `fromDate` on. */
  async hasAvailableDay(db: Executor, providerId: string, fromDate: string): Promise<boolean> {
    const [row] = await db
      .select({ one: sql<number>`1` })
      .from(availabilityDays)
      .innerJoin(availabilityIntervals, eq(availabilityIntervals.dayId, availabilityDays.identifier))
      .where(
        and(
          eq(availabilityDays.providerId, providerId),
          eq(availabilityDays.isAvailable, true),
          or(isNotNull(availabilityDays.weekday), gte(availabilityDays.date, fromDate)),
        ),
      )
      .limit(1);
    return row !== undefined;
  },
  /** Replaces the given weekdays of one plan (the others stay as they are). */
  async replaceWeekdays(
    db: Executor,
    providerId: string,
    categoryId: string | null,
    days: readonly DayToSave[],
  ): Promise<void> {
    for (const day of days) {
      await db
        .delete(availabilityDays)
        .where(
          and(
            eq(availabilityDays.providerId, providerId),
            categoryIs(categoryId),
            eq(availabilityDays.weekday, day.weekday!),
          ),
        );
      await insertDay(db, providerId, categoryId, day);
    }
  },
  /** Replaces the custom day of that date (and category), returning the new row's identifier. */
  async replaceCustomDay(db: Executor, providerId: string, categoryId: string | null, day: DayToSave): Promise<string> {
    await db
      .delete(availabilityDays)
      .where(
        and(eq(availabilityDays.providerId, providerId), categoryIs(categoryId), eq(availabilityDays.date, day.date!)),
      );
    await insertDay(db, providerId, categoryId, day);
    const [row] = await db
      .select({ identifier: availabilityDays.identifier })
      .from(availabilityDays)
      .where(
        and(eq(availabilityDays.providerId, providerId), categoryIs(categoryId), eq(availabilityDays.date, day.date!)),
      )
      .limit(1);
    return row!.identifier;
  },
  /** Deletes one of the provider's custom days; false when there is none with that id for this provider. */
  /** A custom (dated) day by id: its provider decides who may change it. */
  async findCustomDay(db: Executor, id: string): Promise<{ providerId: string } | undefined> {
    const [row] = await db
      .select({ providerId: availabilityDays.providerId })
      .from(availabilityDays)
      .where(and(eq(availabilityDays.identifier, id), isNotNull(availabilityDays.date)))
      .limit(1);
    return row;
  },
  async deleteCustomDay(db: Executor, providerId: string, id: string): Promise<boolean> {
    const deleted = await db
      .delete(availabilityDays)
      .where(
        and(
          eq(availabilityDays.identifier, id),
          eq(availabilityDays.providerId, providerId),
          isNotNull(availabilityDays.date),
        ),
      )
      .returning({ identifier: availabilityDays.identifier });
    return deleted.length > 0;
  },
  /** Serialises plan writes of one provider, so two saves of one weekday cannot interleave. */
  async lockProvider(db: Executor, providerId: string): Promise<void> {
    await db.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`availability:${providerId}`}, 0))`);
  },
};
