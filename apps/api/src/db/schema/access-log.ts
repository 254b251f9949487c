import { index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns.ts';

export const recordTypeEnum = pgEnum('record_type', ['measure', 'client']);
export const recordAccessActionEnum = pgEnum('record_access_action', ['create', 'read', 'answer', 'review']);

/**
 * Who read or changed a provider's client records other than notes (issue 20): questionnaires and client pages; the
 * notes keep their own log (note_access_log). Append-only like that one (trigger in migration 0026); ids are kept
 * without foreign keys so the log outlives the record, and `owner_id` is the provider whose record it is.
 */
export const recordAccessLog = pgTable(
  'record_access_log',
  {
    identifier: id(),
    ownerId: uuid().notNull(),
    actorId: uuid(),
    recordType: recordTypeEnum().notNull(),
    recordId: uuid().notNull(),
    clientId: uuid(),
    action: recordAccessActionEnum().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    ipAddress: text(),
    userAgent: text(),
  },
  (t) => [
    index('record_access_log_owner_idx').on(t.ownerId, t.at),
    index('record_access_log_record_idx').on(t.recordId, t.at),
  ],
);
