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

/**
 * What a value sealed by platform/field-encryption.ts takes at most, in base64 characters, for a plaintext of at most
 * `maxChars` characters (up to 4 UTF-8 bytes each) plus the 29 bytes of key id, IV and tag (`SEALED_OVERHEAD_BYTES`,
 * checked equal in test/sealed-length.test.ts). A sealed column's length check is on this; the limit that users meet is
 * checked on the plaintext, in the contract.
 */
export const SEALED_OVERHEAD = 29;
export const sealedLength = (maxChars: number): number => 4 * Math.ceil((SEALED_OVERHEAD + 4 * maxChars) / 3);
