import { noteTemplateInput, type NoteTemplate } from '@therapy/contracts/note-records';
import { useQuery } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DialogActions, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { TextArea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-error';
import type { ModalComponentProps } from '@/lib/modal-store';
import { noteTemplatesQuery, useDeleteTemplate, useSaveTemplate } from '../api/note-records-api';
import { ModalLoading } from '../components/note-bits';
import { useNotesTranslation } from '../i18n';

/**
 * Issue 47: the provider's own note templates: a name and section headings in order (one a line). The built-in SOAP,
 * DAP and BIRP are always there and are not listed here.
 */
export function NoteTemplatesModal({ onClose }: ModalComponentProps<'note-templates'>) {
  const { t } = useNotesTranslation();
  const templates = useQuery(noteTemplatesQuery());
  const remove = useDeleteTemplate();
  const [editing, setEditing] = useState<NoteTemplate | 'new' | null>(null);
  const [error, setError] = useState<string | undefined>();

  if (editing) return <TemplateForm template={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />;
  if (templates.isPending) return <ModalLoading title={t('records.templatesTitle')} label={t('records.loading')} />;

  return (
    <div>
      <DialogTitle>{t('records.templatesTitle')}</DialogTitle>
      <DialogDescription>{t('records.templatesLead')}</DialogDescription>
      {templates.isError ? (
        <Alert tone="error" className="mt-4">
          {t('records.templatesFailed')}
        </Alert>
      ) : templates.data.length === 0 ? (
        <p className="mt-4 text-sm text-slate-700">{t('records.templatesEmpty')}</p>
      ) : (
        <ul className="mt-4 space-y-2" aria-label={t('records.yourTemplates')}>
          {templates.data.map((x) => (
            <li key={x.identifier} className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 p-3">
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words text-slate-900">{x.name}</p>
                <p className="text-sm break-words text-slate-600">{x.sections.join(' · ')}</p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                aria-label={t('records.editTemplate', { name: x.name })}
                onClick={() => setEditing(x)}
              >
                <Pencil className="size-4" aria-hidden="true" />
                {t('list.edit')}
              </Button>
              <Button
                variant="secondary"
                size="sm"
                className="text-red-800"
                pending={remove.isPending && remove.variables.id === x.identifier}
                aria-label={t('records.deleteTemplate', { name: x.name })}
                onClick={() => {
                  setError(undefined);
                  remove.mutate({ id: x.identifier }, { onError: (e) => setError(errorMessage(e)) });
                }}
              >
                <Trash2 className="size-4" aria-hidden="true" />
                {t('list.delete')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <Alert tone="error" className="mt-4">
          {error}
        </Alert>
      )}
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          {t('done')}
        </Button>
        <Button onClick={() => setEditing('new')}>
          <Plus className="size-4" aria-hidden="true" />
          {t('records.newTemplate')}
        </Button>
      </DialogActions>
    </div>
  );
}

function TemplateForm({ template, onDone }: { template: NoteTemplate | null; onDone: () => void }) {
  const { t } = useNotesTranslation();
  const save = useSaveTemplate();
  const [name, setName] = useState(template?.name ?? '');
  const [lines, setLines] = useState(template?.sections.join('\n') ?? '');
  const [errors, setErrors] = useState<{ name?: string | undefined; sections?: string | undefined }>({});
  const [serverError, setServerError] = useState<string | undefined>();

  const onSubmit = async () => {
    setServerError(undefined);
    const values = { name, sections: lines.split('\n').filter((l) => l.trim() !== '') };
    const parsed = noteTemplateInput.safeParse(values);
    if (!parsed.success) {
      const of = (field: string) => parsed.error.issues.find((i) => i.path[0] === field)?.message;
      setErrors({ name: of('name'), sections: of('sections') });
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ id: template?.identifier, values });
      onDone();
    } catch (error) {
      setServerError(errorMessage(error));
    }
  };

  return (
    <form
      noValidate
      aria-busy={save.isPending}
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
    >
      <DialogTitle>{template ? t('records.editTemplateTitle') : t('records.newTemplate')}</DialogTitle>
      <DialogDescription>{t('records.templateFormLead')}</DialogDescription>
      <div className="mt-5 space-y-4">
        <FormField label={t('records.templateName')} error={errors.name}>
          {(c) => <Input {...c} autoComplete="off" autoFocus value={name} onChange={(e) => setName(e.target.value)} />}
        </FormField>
        <FormField
          label={t('records.templateSections')}
          hint={t('records.templateSectionsHint')}
          error={errors.sections}
        >
          {({ invalid, ...c }) => (
            <TextArea {...c} invalid={invalid} rows={6} value={lines} onChange={(e) => setLines(e.target.value)} />
          )}
        </FormField>
        {serverError && <Alert tone="error">{serverError}</Alert>}
      </div>
      <DialogActions>
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
          {t('add.cancel')}
        </Button>
        <Button type="submit" pending={save.isPending}>
          {t('edit.save')}
        </Button>
      </DialogActions>
    </form>
  );
}
