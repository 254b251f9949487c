import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

/**
 * The calendar feed (issue 19): one private subscription address per user. The token is a random id and its HMAC
 * under a key derived from JWT_SECRET; the table keeps the id and the token's SHA-256 only, so a copy of the database
 * alone opens no feed. A reset writes a new id and hash, and the old address is not found any more.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    feedId: text().notNull(),
    tokenHash: text().notNull(),
    createdAt: createdAt(),
    lastReadAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('calendar_feeds_token_hash_key').on(t.tokenHash)],
);
