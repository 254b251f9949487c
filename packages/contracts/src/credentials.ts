import { z } from 'zod';
import { m, messageRef } from './messages/index.ts';

/**
 * Credentials (spec §3 "Credential", §5 "Credential", §9): a licence or another qualification with several files, and
 * the indemnity insurance files. One schema for the form and the server (the server reads the multipart fields into it).
 */
export const qualificationKinds = ['license', 'education', 'association', 'certification', 'conduct'] as const;
export const qualificationKind = z.enum(qualificationKinds, { error: m.credentialKindInvalid });
export type QualificationKind = z.infer<typeof qualificationKind>;

/** Spec §9: credential and other files at most 10 MB (exactly 10 MB is allowed). */
export const CREDENTIAL_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** How many files one request may carry (our choice: "several", decision 0025). */
export const CREDENTIAL_MAX_FILES_PER_UPLOAD = 10;
/** Spec §5: doc, docx, pdf, jpg, jpeg, png. */
export const credentialFileExtensions = ['doc', 'docx', 'pdf', 'jpg', 'jpeg', 'png'] as const;
/** The file input's `accept` list. */
export const credentialFileAccept = '.doc,.docx,.pdf,.jpg,.jpeg,.png';
export const CREDENTIAL_TEXT_MAX = 120;
/**
 * Spec §5 says letters, digits, dashes and slashes; real licence numbers also have spaces and dots ("LMHC 012345",
 * "PP-12/345", "Nr. 12.345"), decision 0057. Starts with a letter or digit.
 */
export const credentialNumberPattern = /^[\p{L}\p{N}][\p{L}\p{N} ./-]*$/u;

export const fileExtension = (filename: string): string => {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot + 1).toLowerCase();
};

/**
 * The check the form runs on each chosen file before uploading and the server runs first (the server then also
 * sniffs the bytes): the message key, or undefined when the file may be sent.
 */
export function credentialFileProblem(file: {
  name: string;
  size: number;
}): 'credentialFileType' | 'credentialFileTooLarge' | undefined {
  if (!(credentialFileExtensions as readonly string[]).includes(fileExtension(file.name))) return m.credentialFileType;
  if (file.size > CREDENTIAL_FILE_MAX_BYTES) return m.credentialFileTooLarge;
  return undefined;
}

/** Where an operator's review of a document stands (issue 45); `expired` once its expiry date has passed. */
export const documentReviews = ['pending', 'approved', 'rejected', 'expired'] as const;
export const documentReview = z.enum(documentReviews);
export type DocumentReview = z.infer<typeof documentReview>;

/** A form leaves an optional field empty; the multipart fields send it as "". */
const blankAsMissing = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** The last day a licence or insurance is valid, as YYYY-MM-DD (a real date; the server also wants it after today). */
export const expiryDate = z.preprocess(
  blankAsMissing,
  z
    .string({ error: m.credentialExpiryInvalid })
    .regex(/^\d{4}-\d{2}-\d{2}$/, m.credentialExpiryInvalid)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && v < '2200-01-01';
    }, m.credentialExpiryInvalid)
    .optional(),
);

const text = z
  .string()
  .trim()
  .max(CREDENTIAL_TEXT_MAX, messageRef(m.credentialTextTooLong, { max: CREDENTIAL_TEXT_MAX }));
const optionalText = text.optional();

/**
 * The details of a credential (multipart text fields on the server, the form's fields in the browser). A licence
 * needs body and credentialNumber; other kinds need a title. Fields of the other kind are ignored (and not stored).
 */
export const qualificationDetailsInput = z
  .strictObject({
    type: qualificationKind,
    body: optionalText,
    credentialNumber: optionalText,
    title: optionalText,
    /** A licence's US state (issue 45): a state is listed only with an approved licence issued for it. */
    stateIdentifier: z.preprocess(blankAsMissing, z.uuid({ error: m.licenseStateInvalid }).optional()),
    expiresOn: expiryDate,
  })
  .superRefine((v, ctx) => {
    if (v.type === 'license') {
      if (!v.body) ctx.addIssue({ code: 'custom', path: ['body'], message: m.credentialBodyRequired });
      if (!v.credentialNumber)
        ctx.addIssue({ code: 'custom', path: ['credentialNumber'], message: m.credentialNumberRequired });
      else if (!credentialNumberPattern.test(v.credentialNumber))
        ctx.addIssue({ code: 'custom', path: ['credentialNumber'], message: m.credentialNumberPattern });
    } else if (!v.title) {
      ctx.addIssue({ code: 'custom', path: ['title'], message: m.credentialTitleRequired });
    }
  });
export type QualificationDetailsInput = z.input<typeof qualificationDetailsInput>;

export const credentialFile = z.object({
  identifier: z.uuid(),
  filename: z.string(),
  /** Bytes. */
  size: z.number().int(),
  contentType: z.string(),
  /** A short-lived signed URL (10 min), issued after the owner check. */
  url: z.string(),
  createdAt: z.string(),
});
export type CredentialFile = z.infer<typeof credentialFile>;

export const qualification = z.object({
  identifier: z.uuid(),
  type: qualificationKind,
  details: z.object({
    body: z.string().nullable(),
    credentialNumber: z.string().nullable(),
    title: z.string().nullable(),
    /** A licence's state (null: not named, or another kind). */
    stateIdentifier: z.uuid().nullable(),
    expiresOn: z.string().nullable(),
  }),
  files: z.array(credentialFile),
  /** Where the operator's review stands: a new or changed document of a verified practice is `pending`. */
  review: documentReview,
  createdAt: z.string(),
});
export type Qualification = z.infer<typeof qualification>;

/** The insurance upload's text field (multipart): the policy's last valid day. */
export const insuranceDetailsInput = z.strictObject({ expiresOn: expiryDate });
export type InsuranceDetailsInput = z.input<typeof insuranceDetailsInput>;

export const insuranceFile = credentialFile.extend({ expiresOn: z.string().nullable(), review: documentReview });
export type InsuranceFile = z.infer<typeof insuranceFile>;

/** Spec §3 "Provider insurance: list insuranceFiles". */
export const indemnityInsurance = z.object({ insuranceFiles: z.array(insuranceFile) });
export type IndemnityInsurance = z.infer<typeof indemnityInsurance>;

/** Spec §9: names over 15 characters show as their first 10 characters and an ellipsis. */
export const shortFilename = (name: string): string => (name.length > 15 ? `${name.slice(0, 10)}…` : name);
/** Spec §9: credential sizes in kb (1 kb = 1024 bytes, at least 1 for a non-empty file). */
export const sizeInKb = (bytes: number): number => (bytes === 0 ? 0 : Math.max(1, Math.round(bytes / 1024)));
