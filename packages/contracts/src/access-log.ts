import { z } from 'zod';
import { m } from './messages/index.ts';
import type { noteAccessActions } from './notes.ts';

type NoteAccessAction = (typeof noteAccessActions)[number];

/**
 * The provider's access log (issue 20; HIPAA §164.312(b) audit controls; decision 0037): who read or changed the
 * provider's notes and their clients' records, when and from where. One list over the notes' own log and the record
 * access log (questionnaires, client pages), newest first, a page at a time.
 */
export const accessLogRecordTypes = ['note', 'measure', 'client'] as const;
export type AccessLogRecordType = (typeof accessLogRecordTypes)[number];
/** What the record access log (record_access_log) records: questionnaires and client pages. */
export const recordAccessActions = ['create', 'read', 'answer', 'review'] as const;
export type RecordAccessAction = (typeof recordAccessActions)[number];
/** Every action either log records: a note's (`noteAccessActions`) and a record's. */
export const accessLogActions = [
  'create',
  'read',
  'update',
  'delete',
  'download',
  'sign',
  'addendum',
  'answer',
  'review',
] as const satisfies readonly (NoteAccessAction | RecordAccessAction)[];
export type AccessLogAction = (typeof accessLogActions)[number];
/** Who did it, seen from the provider: they themselves, the record's client, or anyone else (or an account gone). */
export const accessLogActorRoles = ['you', 'client', 'other'] as const;
export type AccessLogActorRole = (typeof accessLogActorRoles)[number];

export const ACCESS_LOG_PAGE_SIZE_MAX = 100;
export const ACCESS_LOG_PAGE_SIZE_DEFAULT = 20;

const day = z.iso.date({ error: m.dateInvalid });
/** GET /practice/access-log: kind of record, one client, calendar days in the provider's time zone (both ends included), paged. */
export const accessLogQuery = z
  .strictObject({
    recordType: z.enum(accessLogRecordTypes, { error: m.accessLogRecordTypeInvalid }).optional(),
    clientIdentifier: z.uuid({ error: m.accessLogClientInvalid }).optional(),
    fromDate: day.optional(),
    toDate: day.optional(),
    page: z.coerce
      .number({ error: m.pageInvalid })
      .int(m.pageInvalid)
      .min(1, m.pageInvalid)
      .max(100_000, m.pageInvalid)
      .default(1),
    pageSize: z.coerce
      .number({ error: m.pageInvalid })
      .int(m.pageInvalid)
      .min(1, m.pageInvalid)
      .max(ACCESS_LOG_PAGE_SIZE_MAX, m.accessLogPageSizeMax)
      .default(ACCESS_LOG_PAGE_SIZE_DEFAULT),
  })
  .refine((v) => !v.fromDate || !v.toDate || v.fromDate <= v.toDate, {
    message: m.noteDateRangeInvalid,
    path: ['toDate'],
  });
export type AccessLogQuery = z.input<typeof accessLogQuery>;

/** GET /practice/access-log/csv (issue 47): the list's filters without paging. */
export const accessLogFilters = z
  .strictObject({
    recordType: z.enum(accessLogRecordTypes, { error: m.accessLogRecordTypeInvalid }).optional(),
    clientIdentifier: z.uuid({ error: m.accessLogClientInvalid }).optional(),
    fromDate: day.optional(),
    toDate: day.optional(),
  })
  .refine((v) => !v.fromDate || !v.toDate || v.fromDate <= v.toDate, {
    message: m.noteDateRangeInvalid,
    path: ['toDate'],
  });

/** The browser and system an entry came from, read from its user agent (null where it does not say). */
export const accessLogDevice = z.object({ browser: z.string().nullable(), os: z.string().nullable() });
export type AccessLogDevice = z.infer<typeof accessLogDevice>;

/** One line of the access log. Names are shown only while the account exists; a deleted note's client is unknown. */
export const accessLogEntry = z.object({
  at: z.iso.datetime(),
  action: z.enum(accessLogActions),
  recordType: z.enum(accessLogRecordTypes),
  recordIdentifier: z.uuid(),
  /** Issue 47: which note it was (its title opened for its author, the day written); null for other records and deleted notes. */
  noteTitle: z.string().nullable(),
  noteCreatedAt: z.iso.datetime().nullable(),
  clientIdentifier: z.uuid().nullable(),
  clientName: z.string().nullable(),
  actorIdentifier: z.uuid().nullable(),
  actorName: z.string().nullable(),
  actorRole: z.enum(accessLogActorRoles),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  device: accessLogDevice,
});
export type AccessLogEntry = z.infer<typeof accessLogEntry>;
