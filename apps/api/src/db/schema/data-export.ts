import { bigint, index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { files } from './files.ts';
import { users } from './users.ts';

export const dataExportStatusEnum = pgEnum('data_export_status', ['pending', 'ready', 'failed']);

/**
 * A user's request for all their data (issue 20; GDPR Art. 15 and 20): a job writes the ZIP to storage (a `files`
 * row of purpose 'export'), then mails a signed link that expires at `expires_at` (24 hours after it is ready).
 */
export const dataExports = pgTable(
  'data_exports',
  {
    identifier: id(),
    userId: uuid()
      .notNull()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    status: dataExportStatusEnum().notNull().default('pending'),
    fileId: uuid().references(() => files.identifier, { onDelete: 'set null' }),
    sizeBytes: bigint({ mode: 'number' }),
    failure: text(),
    createdAt: createdAt(),
    readyAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('data_exports_user_idx').on(t.userId, t.createdAt)],
);
