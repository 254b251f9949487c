import { NOTE_CONTENT_MAX } from '@therapy/contracts/notes';
import {
  builtInNoteTemplateKeys,
  builtInNoteTemplates,
  NOTE_SECTION_MAX,
  noteSectionTexts,
  sectionsAsText,
  type NoteTemplate,
} from '@therapy/contracts/note-records';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { TextArea } from '@/components/ui/textarea';
import { useNotesTranslation } from '../i18n';
import { codePointLength } from './note-bits';

/**
 * Issue 47: a note written from a template has one field per section. The built-in SOAP, DAP and BIRP have headings
 * in the page's language; the provider's own templates have theirs as written.
 */
export function headingsOf(ref: string, own: readonly NoteTemplate[], locale: 'en' | 'de'): string[] {
  if ((builtInNoteTemplateKeys as readonly string[]).includes(ref))
    return builtInNoteTemplates[ref as keyof typeof builtInNoteTemplates].sections.map((h) => h[locale]);
  return own.find((x) => x.identifier === ref)?.sections ?? [];
}

/** What is wrong with the sections' texts, as the server says it: one message for the form, or none. */
export function sectionsProblem(texts: readonly string[], headings: readonly string[]): string | undefined {
  const parsed = noteSectionTexts.safeParse(texts);
  if (!parsed.success) return parsed.error.issues[0]?.message;
  const all = sectionsAsText(headings.map((heading, i) => ({ heading, text: parsed.data[i] ?? '' })));
  if (codePointLength(all) > NOTE_CONTENT_MAX) return 'noteSectionsTotalMax';
  return undefined;
}

export function TemplatePicker({
  value,
  own,
  onChange,
}: {
  value: string;
  own: readonly NoteTemplate[];
  onChange: (ref: string) => void;
}) {
  const { t } = useNotesTranslation();
  return (
    <FormField label={t('records.template')} hint={t('records.templateHint')}>
      {(c) => (
        <Select {...c} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{t('records.noTemplate')}</option>
          <optgroup label={t('records.builtIn')}>
            {builtInNoteTemplateKeys.map((key) => (
              <option key={key} value={key}>
                {t(`records.builtInName.${key}`)}
              </option>
            ))}
          </optgroup>
          {own.length > 0 && (
            <optgroup label={t('records.yourTemplates')}>
              {own.map((x) => (
                <option key={x.identifier} value={x.identifier}>
                  {x.name}
                </option>
              ))}
            </optgroup>
          )}
        </Select>
      )}
    </FormField>
  );
}

export function SectionFields({
  headings,
  values,
  error,
  onChange,
}: {
  headings: readonly string[];
  values: readonly string[];
  error: string | undefined;
  onChange: (values: string[]) => void;
}) {
  const { t } = useNotesTranslation();
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 text-sm font-medium text-slate-800">{t('records.sections')}</legend>
      {headings.map((heading, i) => (
        <FormField
          key={`${i}-${heading}`}
          label={heading}
          hint={t('add.counter', { count: codePointLength(values[i] ?? ''), max: NOTE_SECTION_MAX })}
          error={i === 0 ? error : undefined}
        >
          {({ invalid, ...c }) => (
            <TextArea
              {...c}
              invalid={invalid}
              rows={3}
              value={values[i] ?? ''}
              onChange={(e) => onChange(headings.map((_, j) => (j === i ? e.target.value : (values[j] ?? ''))))}
            />
          )}
        </FormField>
      ))}
    </fieldset>
  );
}
