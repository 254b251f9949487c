import { CSV_MAX_BYTES, CSV_MAX_ROWS, type CsvImportResult } from '@therapy/contracts/clients';
import { message } from '@therapy/contracts/messages';
import { ArrowLeft, CircleCheck } from 'lucide-react';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-error';
import { currentLocale } from '@/lib/i18n';
import { useCsvImport } from '../api/clients-api';
import { useClientsTranslation } from '../components/clients-i18n';
import { CsvFilePicker } from '../components/csv-file-picker';
import { CsvPreviewTable } from '../components/csv-preview-table';
import { serverText } from '../components/server-text';

/** The columns the server reads (decision 0029 "CSV"); the names are the file's, in every language. */
const COLUMNS = ['firstName', 'lastName', 'email', 'phoneNumber'] as const;

type Step =
  | { kind: 'idle' }
  | { kind: 'checking'; file: File }
  | { kind: 'fileError'; file: File; text: string }
  | { kind: 'preview'; file: File; result: CsvImportResult; commitError?: string }
  | { kind: 'importing'; file: File; result: CsvImportResult }
  | { kind: 'done'; file: File; text: string };

/**
 * /clients/imported/csv: a CSV file of clients, previewed first (commit=false: every row with its errors, nothing
 * stored), then imported: every row, or when some have errors, the valid ones ("Import the N valid rows", next to
 * fixing the file and choosing it again). People already in the list are shown as such and not imported again.
 */
export function CsvImportRoute() {
  const { t } = useClientsTranslation();
  const upload = useCsvImport();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [onlyErrors, setOnlyErrors] = useState(false);
  const formatId = useId();
  const resultHeading = useRef<HTMLHeadingElement>(null);

  // A new result (preview, file error, done) takes the focus, so keyboard and screen-reader users land on it.
  useEffect(() => {
    if ((step.kind === 'preview' && !step.commitError) || step.kind === 'fileError' || step.kind === 'done')
      resultHeading.current?.focus();
  }, [step]);

  const check = (file: File) => {
    setOnlyErrors(false);
    if (file.size > CSV_MAX_BYTES) {
      setStep({ kind: 'fileError', file, text: message('credentialFileTooLarge', currentLocale()) });
      return;
    }
    setStep({ kind: 'checking', file });
    upload.mutate(
      { file, commit: false },
      {
        onSuccess: (res) => setStep({ kind: 'preview', file, result: res.data }),
        onError: (error) => setStep({ kind: 'fileError', file, text: errorMessage(error) }),
      },
    );
  };

  const commit = (file: File, result: CsvImportResult) => {
    setStep({ kind: 'importing', file, result });
    upload.mutate(
      // Rows with errors are left out when the provider chose to import the valid ones.
      { file, commit: true, validOnly: result.invalidRows > 0 },
      {
        onSuccess: (res) =>
          setStep({
            kind: 'done',
            file,
            text: serverText(res.message, 'csvImported', { count: res.data.validRows }),
          }),
        onError: (error) => setStep({ kind: 'preview', file, result, commitError: errorMessage(error) }),
      },
    );
  };

  const busy = step.kind === 'checking' || step.kind === 'importing';

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <Link to="/clients/imported/" className="mb-4 inline-flex min-h-11 items-center gap-1 text-sm font-medium">
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('csv.back')}
      </Link>
      <PageHeading title={t('csv.title')} lead={t('csv.lead')} />

      {step.kind === 'done' ? (
        <Card className="text-center">
          <CircleCheck aria-hidden="true" className="mx-auto mb-3 size-10 text-emerald-700" />
          <h2 ref={resultHeading} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
            {t('csv.doneTitle')}
          </h2>
          <p role="status" className="mt-2 text-slate-700">
            {step.text}
          </p>
          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to="/clients/imported/" className={buttonClasses()}>
              {t('csv.toList')}
            </Link>
            <Button variant="secondary" onClick={() => setStep({ kind: 'idle' })}>
              {t('csv.another')}
            </Button>
          </div>
        </Card>
      ) : (
        <>
          <Card>
            <section aria-labelledby={`${formatId}-title`}>
              <h2 id={`${formatId}-title`} className="text-lg font-semibold text-slate-900">
                {t('csv.formatTitle')}
              </h2>
              <ul id={formatId} className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
                <li>{t('csv.formatColumns')}</li>
                <li>{t('csv.formatLimits', { max: CSV_MAX_ROWS.toLocaleString(currentLocale()) })}</li>
              </ul>
              <figure className="mt-3">
                <figcaption className="text-sm font-medium text-slate-800">{t('csv.exampleLabel')}</figcaption>
                <pre className="mt-1 rounded-lg bg-slate-100 p-3 text-sm break-all whitespace-pre-wrap text-slate-900">
                  <code>{`${COLUMNS.join(',')}\n${t('csv.exampleRow')}`}</code>
                </pre>
              </figure>
              <div className="mt-5 flex flex-wrap items-center gap-3">
                <CsvFilePicker
                  label={step.kind === 'idle' ? t('csv.choose') : t('csv.chooseAnother')}
                  variant={step.kind === 'idle' || step.kind === 'fileError' ? 'primary' : 'secondary'}
                  disabled={busy}
                  describedBy={formatId}
                  onPick={check}
                />
                {busy && (
                  <span role="status" className="inline-flex items-center gap-2 text-sm text-slate-700">
                    <Spinner size="sm" className="text-brand-700" />
                    {step.kind === 'checking'
                      ? t('csv.checking', { name: step.file.name })
                      : t('csv.importing', { name: step.file.name })}
                  </span>
                )}
              </div>
            </section>
          </Card>

          {step.kind === 'fileError' && (
            <div className="mt-6">
              <h2 ref={resultHeading} tabIndex={-1} className="sr-only">
                {t('csv.fileFailed', { name: step.file.name })}
              </h2>
              <Alert tone="error" title={t('csv.fileFailed', { name: step.file.name })}>
                {step.text}
              </Alert>
            </div>
          )}

          {(step.kind === 'preview' || step.kind === 'importing') && (
            <Preview
              step={step}
              headingRef={resultHeading}
              onlyErrors={onlyErrors}
              setOnlyErrors={setOnlyErrors}
              onImport={() => commit(step.file, step.result)}
            />
          )}
        </>
      )}
    </div>
  );
}

function Preview({
  step,
  headingRef,
  onlyErrors,
  setOnlyErrors,
  onImport,
}: {
  step: Extract<Step, { kind: 'preview' | 'importing' }>;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onlyErrors: boolean;
  setOnlyErrors: (value: boolean) => void;
  onImport: () => void;
}) {
  const { t } = useClientsTranslation();
  const { result, file } = step;
  const ready = result.invalidRows === 0 && result.validRows > 0;
  const someBad = result.invalidRows > 0 && result.validRows > 0;
  const rows = onlyErrors ? result.rows.filter((r) => r.errors.length > 0) : result.rows;
  const headingId = useId();
  return (
    <section className="mt-6" aria-labelledby={headingId}>
      <h2
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold break-words text-slate-900 focus:outline-none"
      >
        {t('csv.previewTitle', { name: file.name })}
      </h2>
      <p role="status" className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm">
        <span className="text-slate-800">{t('csv.rows', { count: result.rows.length })}</span>
        <span className="font-medium text-emerald-800">{t('csv.validRows', { count: result.validRows })}</span>
        <span className={result.invalidRows > 0 ? 'font-medium text-red-800' : 'text-slate-700'}>
          {t('csv.invalidRows', { count: result.invalidRows })}
        </span>
        {result.alreadyInList > 0 && (
          <span className="text-slate-700">{t('csv.alreadyInListRows', { count: result.alreadyInList })}</span>
        )}
      </p>
      <div className="mt-4">
        {ready ? (
          <Alert tone="success">{t('csv.readyHint')}</Alert>
        ) : someBad ? (
          <Alert tone="warning">{t('csv.someBadHint')}</Alert>
        ) : result.invalidRows === 0 ? (
          <Alert tone="info">{t('csv.nothingNew')}</Alert>
        ) : (
          <Alert tone="warning">{t('csv.fixHint')}</Alert>
        )}
      </div>
      {step.kind === 'preview' && step.commitError && (
        <Alert tone="error" className="mt-4">
          {step.commitError}
        </Alert>
      )}
      {ready && (
        <div className="mt-4">
          <Button onClick={onImport} pending={step.kind === 'importing'}>
            {t('csv.import', { count: result.validRows })}
          </Button>
        </div>
      )}
      {someBad && (
        <div className="mt-4">
          <Button onClick={onImport} pending={step.kind === 'importing'}>
            {t('csv.importValid', { count: result.validRows })}
          </Button>
        </div>
      )}
      {!ready && result.validRows > 0 && (
        <Checkbox
          className="mt-4"
          label={t('csv.onlyErrors')}
          checked={onlyErrors}
          onChange={(e) => setOnlyErrors(e.target.checked)}
        />
      )}
      <div className="mt-4">
        <CsvPreviewTable rows={rows} />
      </div>
    </section>
  );
}
