import { z } from 'zod';
import { fileExtension } from './credentials.ts';
import { m } from './messages/index.ts';
import { noteRecordFields, noteTemplateRef } from './note-records.ts';

export { builtInNoteTemplateKeys } from './note-records.ts';

/**
 * Session and client notes (issue 17; spec §2 note modals, §3 "Note", §5 "Notes", §7 "Notes", §9; DESIGN.md §6
 * "Notes"). A note is health data: only the provider who wrote it reads or changes it. A session note hangs off one of
 * the provider's bookings (`reference` = the booking's id), a client note off one of their clients (`reference` = the
 * client's user id). A note is typed text (at most 4000) or an uploaded file (then its content is empty).
 */
export const NOTE_TITLE_MIN = 3;
export const NOTE_TITLE_MAX = 32;
export const NOTE_CONTENT_MAX = 4000;
export const NOTE_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const noteTypes = ['booking', 'client'] as const;
export type NoteType = (typeof noteTypes)[number];
/** Spec §5: the extensions each kind of note accepts. */
export const noteFileExtensions = {
  booking: ['doc', 'pdf', 'jpg', 'jpeg', 'png', 'mp3', 'wav', 'ogg', 'csv'],
  client: ['doc', 'docx', 'pdf', 'jpg', 'jpeg', 'png', 'mp3', 'mp4', 'wav', 'ogg', 'csv'],
} as const satisfies Record<NoteType, readonly string[]>;

/** What is wrong with a chosen file by its name and size (the form says it at once; the server also checks the bytes). */
export function noteFileProblem(
  type: NoteType,
  file: { name: string; size: number },
): 'noteBookingFileType' | 'noteClientFileType' | 'noteFileTooLarge' | undefined {
  if (!(noteFileExtensions[type] as readonly string[]).includes(fileExtension(file.name)))
    return type === 'booking' ? m.noteBookingFileType : m.noteClientFileType;
  if (file.size > NOTE_FILE_MAX_BYTES) return m.noteFileTooLarge;
  return undefined;
}

/** Spec §9: a note's file size in MB with 2 decimals, written as the page's language writes numbers ("0,00 MB" in de). */
export const noteFileSizeMb = (bytes: number, locale: 'en' | 'de' = 'en'): string =>
  `${new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(bytes / (1024 * 1024))} MB`;

const codePoints = (v: string) => [...v].length;
export const noteTitle = z
  .string({ error: m.noteTitleRequired })
  .trim()
  .min(1, m.noteTitleRequired)
  .refine((v) => codePoints(v) >= NOTE_TITLE_MIN, m.noteTitleMin)
  .refine((v) => codePoints(v) <= NOTE_TITLE_MAX, m.noteTitleMax);
/** Empty is allowed here: whether text is required depends on whether a file came (`noteContentProblem`). */
export const noteContent = z
  .string({ error: m.noteContentMax })
  .optional()
  .transform((v) => (v ?? '').trim())
  .refine((v) => codePoints(v) <= NOTE_CONTENT_MAX, m.noteContentMax);

/** Content is required when typing (spec §5); a file-mode note sends empty content. */
export const noteContentProblem = (content: string, hasFile: boolean): 'noteContentRequired' | undefined =>
  !hasFile && content.trim() === '' ? m.noteContentRequired : undefined;

/**
 * POST /note's text fields (multipart, with an optional `file`): the server reads them into this schema, the note
 * forms use it too. A client note without a client id says "Client ID is missing" (spec §5).
 */
export const noteInput = z
  .strictObject({
    type: z.enum(noteTypes, { error: m.noteTypeInvalid }),
    reference: z.string().optional(),
    title: noteTitle,
    content: noteContent,
    /** Issue 47: the template written from and its sections' texts as a JSON array (then `content` is not sent). */
    template: noteTemplateRef.optional(),
    sections: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (!z.uuid().safeParse(v.reference ?? '').success) {
      ctx.addIssue({
        code: 'custom',
        path: ['reference'],
        message: v.type === 'client' ? m.noteClientIdMissing : m.noteReferenceInvalid,
      });
    }
  })
  .transform((v) => ({ ...v, reference: v.reference! }));
export type NoteInput = z.input<typeof noteInput>;
export type NoteValues = z.output<typeof noteInput>;

/** PUT /note/{id}: title and content (a file note keeps its file; its content stays empty). */
export const noteUpdateInput = z.strictObject({
  title: noteTitle,
  content: noteContent,
  sections: z.string().optional(),
});
export type NoteUpdateValues = z.output<typeof noteUpdateInput>;

const day = z.iso.date({ error: m.noteDateRangeInvalid });
/** GET /note/client/{id}: the client's notes, filtered by kind, words of the title and the day written, paged. */
export const noteListQuery = z
  .strictObject({
    type: z.enum(noteTypes, { error: m.noteTypeInvalid }).optional(),
    title: z.string().trim().max(NOTE_TITLE_MAX, m.noteTitleMax).optional(),
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
      .max(50, m.pageInvalid)
      .default(10),
  })
  .refine((v) => !v.fromDate || !v.toDate || v.fromDate <= v.toDate, {
    message: m.noteDateRangeInvalid,
    path: ['toDate'],
  });
export type NoteListQuery = z.input<typeof noteListQuery>;

export const noteFile = z.object({ filename: z.string(), size: z.number().int(), contentType: z.string() });

/** A note as its author sees it (spec §3: identifier, title, content, reference, type, optional file). */
export const note = z.object({
  identifier: z.uuid(),
  type: z.enum(noteTypes),
  /** The booking's id (session note) or the client's user id (client note). */
  reference: z.uuid(),
  bookingIdentifier: z.uuid().nullable(),
  clientIdentifier: z.uuid(),
  title: z.string(),
  content: z.string(),
  file: noteFile.nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  ...noteRecordFields,
});
export type Note = z.infer<typeof note>;

/** `sign` and `addendum`: issue 47 (a note signed and locked; an addendum added to a signed note). */
export const noteAccessActions = ['create', 'read', 'update', 'delete', 'download', 'sign', 'addendum'] as const;
/** One line of a note's access log: who did what, when, from which address and browser. */
export const noteAccessEntry = z.object({
  action: z.enum(noteAccessActions),
  actorIdentifier: z.uuid().nullable(),
  actorName: z.string().nullable(),
  at: z.iso.datetime(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type NoteAccessEntry = z.infer<typeof noteAccessEntry>;
