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

/** PUT /clients/records/{id}: a practice record's details, the same schema as the manual entry (decision 0053). */
export const clientRecordInput = manualImportInput;
export type ClientRecordInput = ManualImportInput;

/** One row of a CSV file, checked like a manual entry (the same schema). */
export const csvRowInput = manualImportInput;

export const clientStatuses = ['active', 'invited', 'added'] as const;
/** One of the provider's clients: on the platform (`identifier` set) or imported and not yet linked. */
export const providerClientEntry = z.object({
  /**
   * The client's user id: their account once they joined, else the provider's practice record of them (decision
   * 0053), which their page, notes and appointments use until they accept.
   */
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
export const clientRelation = z.object({
  clientIdentifier: z.uuid(),
  sources: z.array(z.enum(['booking', 'import'])),
  /** active: on the platform; added or invited: the provider's practice record of them (decision 0053). */
  status: z.enum(clientStatuses),
  /** The provider's record of the person while they have no account: what the provider entered. */
  record: z
    .object({
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      email: z.string(),
      phoneNumber: z.string().nullable(),
      invitedAt: z.iso.datetime().nullable(),
    })
    .nullable(),
});
export type ClientRelation = z.infer<typeof clientRelation>;

/** A CSV row as the preview shows it: its values and what is wrong with it (messages in the request's language). */
export const csvPreviewRow = z.object({
  row: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  errors: z.array(z.string()),
  /** The person is in the provider's list already ("Already in your list"): not imported again. */
  alreadyInList: z.boolean(),
});
export const csvImportResult = z.object({
  /** False for a preview (nothing stored); true when the valid rows were imported. */
  committed: z.boolean(),
  rows: z.array(csvPreviewRow),
  /** Rows that would be (or were) imported: no error, not in the list already. */
  validRows: z.number().int(),
  invalidRows: z.number().int(),
  alreadyInList: z.number().int(),
});
export type CsvImportResult = z.infer<typeof csvImportResult>;

/** POST /clients/invitations/accept: the token from the invitation mail's link. */
export const acceptInvitationInput = z.strictObject({
  token: z.string().trim().min(20, m.clientInviteInvalid).max(200, m.clientInviteInvalid),
});
