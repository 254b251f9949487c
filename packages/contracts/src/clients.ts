import { z } from 'zod';
import { email, personName, phoneNumber } from './fields.ts';
import { m } from './messages/index.ts';

/**
 * A provider's clients (issue 17; spec §2 "Import Clients", routes `/clients/imported/email-manual` and
 * `/clients/imported/`; §7 `GET /clients/relation/{id}`): the people who booked them, and those they import by hand,
 * by email invitation or from a CSV file. An imported client is linked to an account when they accept the invitation
 * (decision 0029); only then are they a client the provider may open and write client notes about.
 */
export const CSV_MAX_ROWS = 1000;
export const CSV_MAX_BYTES = 1024 * 1024;
export const CLIENT_INVITE_DAYS = 14;

/** POST /clients/import/manual: the details a provider enters by hand ("Details Saved Successfully"). */
export const manualImportInput = z.strictObject({
  firstName: personName,
  lastName: personName,
  email,
  phoneNumber: z
    .union([z.literal(''), phoneNumber])
    .optional()
    .transform((v) => (v ? v : null)),
});
export type ManualImportInput = z.input<typeof manualImportInput>;

/** POST /clients/import/email: an invitation by mail ("Mail Sent Successfully"); the names are optional. */
export const emailImportInput = z.strictObject({
  email,
  firstName: z
    .union([z.literal(''), personName])
    .optional()
    .transform((v) => (v ? v : null)),
  lastName: z
    .union([z.literal(''), personName])
    .optional()
    .transform((v) => (v ? v : null)),
});
export type EmailImportInput = z.input<typeof emailImportInput>;

/** One row of a CSV file, checked like a manual entry (the same schema). */
export const csvRowInput = manualImportInput;

export const clientStatuses = ['active', 'invited', 'added'] as const;
/** One of the provider's clients: on the platform (`identifier` set) or imported and not yet linked. */
export const providerClientEntry = z.object({
  /** The client's user id once they are on the platform and linked; null for an import not accepted yet. */
  identifier: z.uuid().nullable(),
  importIdentifier: z.uuid().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** The address the provider imported (null for clients who only booked: their address is theirs). */
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  photoUrl: z.string().nullable(),
  /** active: booked or accepted an invitation; invited: mailed, not accepted yet; added: entered by hand. */
  status: z.enum(clientStatuses),
  sources: z.array(z.enum(['booking', 'import'])),
  since: z.iso.datetime(),
});
export type ProviderClientEntry = z.infer<typeof providerClientEntry>;

export const clientListQuery = z.strictObject({
  search: z.string().trim().max(100, m.pageInvalid).optional(),
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
    .max(50, m.pageInvalid)
    .default(10),
});
export type ClientListQuery = z.input<typeof clientListQuery>;

/** GET /clients/relation/{id}: how the provider knows the client (404 when they do not). */
export const clientRelation = z.object({ clientIdentifier: z.uuid(), sources: z.array(z.enum(['booking', 'import'])) });

/** A CSV row as the preview shows it: its values and what is wrong with it (messages in the request's language). */
export const csvPreviewRow = z.object({
  row: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  errors: z.array(z.string()),
});
export const csvImportResult = z.object({
  /** False for a preview (nothing stored); true when every row was imported. */
  committed: z.boolean(),
  rows: z.array(csvPreviewRow),
  validRows: z.number().int(),
  invalidRows: z.number().int(),
});
export type CsvImportResult = z.infer<typeof csvImportResult>;

/** POST /clients/invitations/accept: the token from the invitation mail's link. */
export const acceptInvitationInput = z.strictObject({
  token: z.string().trim().min(20, m.clientInviteInvalid).max(200, m.clientInviteInvalid),
});
