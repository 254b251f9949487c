import { z } from 'zod';
import { m } from './messages/index.ts';

/**
 * Notes that are records (issue 47; decision 0056): templates, signing and addenda.
 *
 * A note written from a template sends one text per section of the template, in order (`sections`, a JSON array of
 * strings in the multipart form). The server keeps them sealed as structured JSON (heading and text) and, in
 * `content`, the same as readable text ("Heading" line, its text, a blank line between sections), so an export or a
 * plain reader still sees everything.
 */
export const builtInNoteTemplateKeys = ['soap', 'dap', 'birp'] as const;
export type BuiltInNoteTemplateKey = (typeof builtInNoteTemplateKeys)[number];

type Heading = { en: string; de: string };
/** The standard sections of the three common note formats, with their English and German headings. */
export const builtInNoteTemplates: Record<BuiltInNoteTemplateKey, { name: string; sections: Heading[] }> = {
  soap: {
    name: 'SOAP',
    sections: [
      { en: 'Subjective', de: 'Subjektiv' },
      { en: 'Objective', de: 'Objektiv' },
      { en: 'Assessment', de: 'Einschätzung' },
      { en: 'Plan', de: 'Plan' },
    ],
  },
  dap: {
    name: 'DAP',
    sections: [
      { en: 'Data', de: 'Daten' },
      { en: 'Assessment', de: 'Einschätzung' },
      { en: 'Plan', de: 'Plan' },
    ],
  },
  birp: {
    name: 'BIRP',
    sections: [
      { en: 'Behavior', de: 'Verhalten' },
      { en: 'Intervention', de: 'Intervention' },
      { en: 'Response', de: 'Reaktion' },
      { en: 'Plan', de: 'Plan' },
    ],
  },
};

export const NOTE_SECTION_MAX = 4000;
export const TEMPLATE_NAME_MIN = 3;
export const TEMPLATE_NAME_MAX = 60;
export const TEMPLATE_SECTIONS_MAX = 10;
export const TEMPLATE_SECTION_HEADING_MAX = 60;
export const TEMPLATES_PER_PROVIDER_MAX = 50;
export const NOTE_ADDENDUM_MAX = 4000;

const codePoints = (v: string) => [...v].length;

/** A template reference: a built-in key or the id of one of the provider's own templates. */
export const noteTemplateRef = z
  .string({ error: m.noteTemplateInvalid })
  .refine(
    (v) => (builtInNoteTemplateKeys as readonly string[]).includes(v) || z.uuid().safeParse(v).success,
    m.noteTemplateInvalid,
  );

/** The texts of a templated note's sections, one per section of the template (the count is checked against it). */
export const noteSectionTexts = z
  .array(
    z
      .string({ error: m.noteSectionsInvalid })
      .transform((v) => v.trim())
      .refine((v) => codePoints(v) <= NOTE_SECTION_MAX, m.noteSectionMax),
    { error: m.noteSectionsInvalid },
  )
  .min(1, m.noteSectionsInvalid)
  .max(TEMPLATE_SECTIONS_MAX, m.noteSectionsInvalid)
  .refine((v) => v.some((s) => s !== ''), m.noteSectionsRequired);

/** The readable text kept in `content` for a templated note; its length is within the note's 4000 (or refused). */
export const sectionsAsText = (sections: readonly { heading: string; text: string }[]): string =>
  sections
    .filter((s) => s.text !== '')
    .map((s) => `${s.heading}\n${s.text}`)
    .join('\n\n');

const templateName = z
  .string({ error: m.templateNameRequired })
  .trim()
  .min(1, m.templateNameRequired)
  .refine((v) => codePoints(v) >= TEMPLATE_NAME_MIN, m.templateNameMin)
  .refine((v) => codePoints(v) <= TEMPLATE_NAME_MAX, m.templateNameMax);
const templateHeading = z
  .string({ error: m.templateSectionRequired })
  .trim()
  .min(1, m.templateSectionRequired)
  .refine((v) => codePoints(v) <= TEMPLATE_SECTION_HEADING_MAX, m.templateSectionMax);

/** POST /note-template and PUT /note-template/{id}: a name and the ordered section headings. */
export const noteTemplateInput = z.strictObject({
  name: templateName,
  sections: z
    .array(templateHeading, { error: m.templateSectionsMin })
    .min(1, m.templateSectionsMin)
    .max(TEMPLATE_SECTIONS_MAX, m.templateSectionsMax),
});
export type NoteTemplateInput = z.input<typeof noteTemplateInput>;
export type NoteTemplateValues = z.output<typeof noteTemplateInput>;

export const noteTemplate = z.object({
  identifier: z.uuid(),
  name: z.string(),
  sections: z.array(z.string()),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type NoteTemplate = z.infer<typeof noteTemplate>;

/** POST /note/{id}/addendum. */
export const noteAddendumInput = z.strictObject({
  content: z
    .string({ error: m.noteAddendumRequired })
    .trim()
    .min(1, m.noteAddendumRequired)
    .refine((v) => codePoints(v) <= NOTE_ADDENDUM_MAX, m.noteAddendumMax),
});
export type NoteAddendumInput = z.input<typeof noteAddendumInput>;

export const noteAddendum = z.object({
  identifier: z.uuid(),
  content: z.string(),
  authorIdentifier: z.uuid(),
  authorName: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type NoteAddendum = z.infer<typeof noteAddendum>;

/** What a note says of its template, its signature and its addenda (added to the note's shape). */
export const noteRecordFields = {
  template: z
    .object({ builtIn: z.enum(builtInNoteTemplateKeys).nullable(), identifier: z.uuid().nullable() })
    .nullable(),
  sections: z.array(z.object({ heading: z.string(), text: z.string() })).nullable(),
  signedAt: z.iso.datetime().nullable(),
  signedByIdentifier: z.uuid().nullable(),
  signedByName: z.string().nullable(),
  addenda: z.array(noteAddendum),
};
