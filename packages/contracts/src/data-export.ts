import { z } from 'zod';

/**
 * A user's own data export (issue 20; GDPR Art. 15 and 20; decision 0035): the account screen asks for one, a job
 * prepares a ZIP of JSON and CSV files, and a signed link that works for 24 hours is mailed.
 * `expired`: it was ready, but its link and file are past their 24 hours (the file is purged).
 */
export const dataExportStatuses = ['pending', 'ready', 'expired', 'failed'] as const;
export type DataExportStatus = (typeof dataExportStatuses)[number];

/** How long a ready export (its file and its mailed link) stays downloadable. */
export const DATA_EXPORT_TTL_HOURS = 24;

/** The parts of an export, each as `<part>.json` and `<part>.csv`; `notes` only for providers. */
export const dataExportParts = [
  'profile',
  'bookings',
  'wallet',
  'reviews',
  'messages',
  'questionnaires',
  'notes',
] as const;
export type DataExportPart = (typeof dataExportParts)[number];

export const dataExport = z.object({
  identifier: z.uuid(),
  status: z.enum(dataExportStatuses),
  requestedAt: z.iso.datetime(),
  readyAt: z.iso.datetime().nullable(),
  /** When the mailed link and the file stop working (24 hours after `readyAt`). */
  expiresAt: z.iso.datetime().nullable(),
  /** The ZIP's size in bytes, once ready. */
  sizeBytes: z.number().int().nullable(),
});
export type DataExport = z.infer<typeof dataExport>;

/**
 * The mailed link's query. Kept lenient on purpose: a missing or mangled value is answered by the service with the
 * link's own clear message ("This download link is not valid..."), not with a generic validation error.
 */
export const dataExportDownloadQuery = z.object({
  expires: z.string().max(32).optional(),
  signature: z.string().max(256).optional(),
});
export type DataExportDownloadQuery = z.infer<typeof dataExportDownloadQuery>;
