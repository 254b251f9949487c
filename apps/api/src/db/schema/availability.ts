import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { referenceItems } from './reference.ts';
import { users } from './users.ts';

export const calendarSetupTypeEnum = pgEnum('calendar_setup_type', ['GENERAL', 'BY_CATEGORY']);

/** A provider's calendar settings (DESIGN.md §6); no row means the defaults, in the provider's own time zone. */
export const availabilitySettings = pgTable(
  'availability_settings',
  {
    providerId: uuid()
      .primaryKey()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    timezone: text().notNull(),
    calendarSetupType: calendarSetupTypeEnum().notNull().default('GENERAL'),
    sessionMinutes: smallint().notNull().default(60),
    bufferMinutes: smallint().notNull().default(0),
    noticeMinutes: integer().notNull().default(720),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Any whole minutes (decision 0054): the 50-minute session with a 10-minute gap.
    check('availability_settings_session', sql`${t.sessionMinutes} BETWEEN 15 AND 180`),
    check('availability_settings_buffer', sql`${t.bufferMinutes} BETWEEN 0 AND 120`),
    check('availability_settings_notice', sql`${t.noticeMinutes} BETWEEN 0 AND 10080 AND ${t.noticeMinutes} % 60 = 0`),
  ],
);

/**
 * One day of a plan: a weekday of a weekly plan (ISO 1 = Monday .. 7) or a custom date that overrides it. `categoryId`
 * NULL is the general plan; otherwise the plan of one therapy category (set-up type BY_CATEGORY).
 */
export const availabilityDays = pgTable(
  'availability_days',
  {
    identifier: id(),
    providerId: uuid()
      .notNull()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    categoryId: uuid().references(() => referenceItems.identifier),
    weekday: smallint(),
    date: date({ mode: 'string' }),
    isAvailable: boolean().notNull(),
    createdAt: createdAt(),
  },
  // The general plan (category NULL) is unique too: NULL is folded to the nil UUID in the keys.
  (t) => [
    check('availability_days_weekday_or_date', sql`(${t.weekday} IS NULL) <> (${t.date} IS NULL)`),
    check('availability_days_weekday_range', sql`${t.weekday} IS NULL OR ${t.weekday} BETWEEN 1 AND 7`),
    uniqueIndex('availability_days_weekday_key')
      .on(t.providerId, sql`coalesce(${t.categoryId}, '00000000-0000-0000-0000-000000000000'::uuid)`, t.weekday)
      .where(sql`${t.weekday} IS NOT NULL`),
    uniqueIndex('availability_days_date_key')
      .on(t.providerId, sql`coalesce(${t.categoryId}, '00000000-0000-0000-0000-000000000000'::uuid)`, t.date)
      .where(sql`${t.date} IS NOT NULL`),
    index('availability_days_provider_idx').on(t.providerId),
  ],
);

/**
 * Wall-clock intervals of a day in minutes after midnight, to the minute (decision 0054), ending by midnight. The migration adds an
 * exclusion constraint so two intervals of one day can never overlap, whatever the code does.
 */
export const availabilityIntervals = pgTable(
  'availability_intervals',
  {
    identifier: id(),
    dayId: uuid()
      .notNull()
      .references(() => availabilityDays.identifier, { onDelete: 'cascade' }),
    startMinute: smallint().notNull(),
    endMinute: smallint().notNull(),
  },
  (t) => [
    check(
      'availability_intervals_bounds',
      sql`${t.startMinute} >= 0 AND ${t.endMinute} <= 1440 AND ${t.startMinute} < ${t.endMinute}`,
    ),
    index('availability_intervals_day_idx').on(t.dayId),
  ],
);
