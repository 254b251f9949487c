import { answerScale, instruments, measureAnswers, type Measure } from '@therapy/contracts/measures';
import { localize } from '@therapy/contracts/messages';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { ArrowLeft, ClipboardCheck, ClipboardX, HeartHandshake } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage, isApiError } from '@/lib/api-error';
import { dateFormatter } from '@/lib/format';
import { useAnswerMeasure, measureQuery } from '../api/measures-api';
import { maxScore } from '../components/measure-chart';
import { useMeasuresTranslation } from '../i18n';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A client's questionnaire (/questionnaires/:measureId, issue 20): the form until answered, then the result. */
export function QuestionnaireRoute() {
  const { t } = useMeasuresTranslation();
  const { measureId = '' } = useParams();
  const valid = uuidPattern.test(measureId);
  const measure = useQuery({ ...measureQuery(measureId), enabled: valid });

  if (!valid || (measure.isError && isApiError(measure.error) && measure.error.status === 404)) {
    return (
      <Page>
        <h1 className="sr-only">{t('fill.title')}</h1>
        <EmptyState
          icon={ClipboardX}
          title={t('fill.notFound')}
          description={t('fill.notFoundHint')}
          headingLevel={2}
          action={<BackLink />}
        />
      </Page>
    );
  }
  if (measure.isPending) {
    return (
      <Page>
        <h1 className="sr-only">{t('fill.title')}</h1>
        <div className="flex justify-center py-16">
          <span role="status" className="inline-flex items-center gap-2 text-sm text-slate-700">
            <Spinner size="md" className="text-brand-700" />
            {t('loading')}
          </span>
        </div>
      </Page>
    );
  }
  if (measure.isError) {
    return (
      <Page>
        <h1 className="text-2xl font-semibold text-slate-900">{t('fill.title')}</h1>
        <Alert
          tone="error"
          className="mt-6"
          action={
            <Button size="sm" variant="secondary" pending={measure.isFetching} onClick={() => void measure.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('loadFailed')}
        </Alert>
      </Page>
    );
  }
  return <Page>{measure.data.result ? <Result measure={measure.data} /> : <AnswerForm measure={measure.data} />}</Page>;
}

function Page({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto max-w-2xl px-4 py-6 sm:px-6 sm:py-10">{children}</div>;
}

function BackLink() {
  const { t } = useMeasuresTranslation();
  return (
    <Link to="/questionnaires" className={buttonClasses({ variant: 'secondary' })}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('fill.back')}
    </Link>
  );
}

function Heading({ measure }: { measure: Measure }) {
  const { t } = useMeasuresTranslation();
  return (
    <header className="mb-6">
      <Link
        to="/questionnaires"
        className="inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-brand-800 underline-offset-2 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('fill.back')}
      </Link>
      <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {t(`kindLong.${measure.kind}`)}
      </h1>
      <p className="mt-1 text-sm text-slate-700">
        {t('fill.from', { name: measure.providerName ?? t('yourTherapist') })}
      </p>
    </header>
  );
}

function AnswerForm({ measure }: { measure: Measure }) {
  const { t, locale } = useMeasuresTranslation();
  const instrument = instruments[measure.kind];
  const [answers, setAnswers] = useState<Array<number | undefined>>(() => instrument.items.map(() => undefined));
  const [problem, setProblem] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const answer = useAnswerMeasure(measure.identifier);
  const formRef = useRef<HTMLFormElement>(null);
  const done = answers.filter((a) => a !== undefined).length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    // The server's own rule, checked first here (an unanswered item leaves the list short: "Please answer all 9 questions").
    const given = answers.filter((a): a is number => a !== undefined);
    const parsed = measureAnswers(measure.kind).safeParse({ answers: given });
    if (!parsed.success) {
      setProblem(localize(parsed.error.issues[0]!.message, locale));
      const first = answers.findIndex((a) => a === undefined);
      formRef.current?.querySelector<HTMLInputElement>(`[name="item-${Math.max(first, 0)}"]`)?.focus();
      return;
    }
    setProblem(null);
    answer.mutate(parsed.data.answers, { onError: (err) => setProblem(errorMessage(err)) });
  };

  return (
    <>
      <Heading measure={measure} />
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-4">
        <p className="text-base font-medium text-slate-900">{instrument.stem[locale]}</p>
        <p className="text-sm text-slate-700" aria-live="polite">
          {t('fill.progress', { done, total: instrument.items.length })}
        </p>
        <ol className="space-y-4">
          {instrument.items.map((item, i) => {
            const missing = tried && answers[i] === undefined;
            return (
              <li key={i}>
                <Card className={clsx('p-4 sm:p-5', missing && 'ring-2 ring-red-600')}>
                  <fieldset
                    aria-invalid={missing || undefined}
                    aria-describedby={missing ? `item-${i}-missing` : undefined}
                  >
                    <legend className="text-base font-medium text-slate-900">
                      <span className="mr-1 text-slate-600">{i + 1}.</span>
                      {item[locale]}
                    </legend>
                    <div className="mt-3 grid gap-2 sm:grid-cols-2">
                      {answerScale.map((option) => (
                        <label
                          key={option.value}
                          className={clsx(
                            'flex min-h-12 cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm ring-1 ring-inset',
                            answers[i] === option.value
                              ? 'bg-brand-50 font-medium text-brand-900 ring-brand-600'
                              : 'bg-white text-slate-900 ring-slate-300 hover:bg-slate-50',
                          )}
                        >
                          <input
                            type="radio"
                            name={`item-${i}`}
                            value={option.value}
                            checked={answers[i] === option.value}
                            onChange={() => setAnswers((prev) => prev.map((a, j) => (j === i ? option.value : a)))}
                            className="size-5 shrink-0 accent-brand-700"
                          />
                          {option[locale]}
                        </label>
                      ))}
                    </div>
                    {missing && (
                      <p id={`item-${i}-missing`} className="mt-2 text-sm font-medium text-red-700">
                        {t('fill.missing')}
                      </p>
                    )}
                  </fieldset>
                </Card>
              </li>
            );
          })}
        </ol>
        {problem && <Alert tone="error">{problem}</Alert>}
        <p className="text-sm text-slate-700">
          {t('fill.privacy', { name: measure.providerName ?? t('yourTherapist') })}
        </p>
        <Button type="submit" size="lg" fullWidth pending={answer.isPending}>
          {t('fill.submit')}
        </Button>
      </form>
    </>
  );
}

function Result({ measure }: { measure: Measure }) {
  const { t, locale } = useMeasuresTranslation();
  const result = measure.result!;
  const when = dateFormatter(locale, { day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(measure.answeredAt!),
  );
  return (
    <>
      <Heading measure={measure} />
      <Card className="p-5">
        <div className="flex items-start gap-3" role="status">
          <ClipboardCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-emerald-700" />
          <div>
            <h2 className="text-lg font-semibold text-slate-900">{t('result.title')}</h2>
            <p className="mt-1 text-sm text-slate-800">{t('result.when', { date: when })}</p>
            <p className="mt-3 text-base text-slate-900">
              {t('result.score', {
                score: result.score,
                max: maxScore(measure.kind),
                severity: t(`severity.${result.severity}`),
              })}
            </p>
            <p className="mt-2 text-sm text-slate-700">
              {t('result.explain', { name: measure.providerName ?? t('yourTherapist') })}
            </p>
          </div>
        </div>
      </Card>
      {result.selfHarmAlert && (
        <Card className="mt-4 border-red-200 bg-red-50 p-5">
          <div className="flex items-start gap-3">
            <HeartHandshake aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-red-800" />
            <div className="text-sm text-slate-900">
              <h2 className="text-base font-semibold text-red-900">{t('crisis.title')}</h2>
              <p className="mt-1">{t('crisis.text')}</p>
              <ul className="mt-2 list-disc space-y-1 pl-5">
                <li>{t('crisis.us')}</li>
                <li>{t('crisis.de')}</li>
              </ul>
            </div>
          </div>
        </Card>
      )}
      <div className="mt-6">
        <BackLink />
      </div>
    </>
  );
}
