import { bigint, customType, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { newId } from '../ids.ts';

/** Every table's key: a UUID v7 made by the app (time-ordered, so inserts stay index-friendly). */
export const id = () => uuid().primaryKey().$defaultFn(newId);
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
/** Case-insensitive text (the `citext` extension): emails compare equal whatever their case. */
export const citext = customType<{ data: string }>({ dataType: () => 'citext' });

/** An amount of money in minor units (cents, kobo). */
export const money = () => bigint({ mode: 'number' });
/** An ISO 4217 currency code. */
export const currency = () => text().notNull();
