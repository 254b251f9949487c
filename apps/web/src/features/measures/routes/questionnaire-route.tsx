import type { Measure } from '@therapy/contracts/measures';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, ClipboardCheck, ClipboardX, HeartHandshake } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-error';
import { dateFormatter } from '@/lib/format';
import { useAnswerMeasure, measureQuery } from '../api/measures-api';
import { QuestionnaireForm } from '../components/questionnaire-form';
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
  const answer = useAnswerMeasure(measure.identifier);
  return (
    <>
      <Heading measure={measure} />
      <QuestionnaireForm
        kind={measure.kind}
        providerName={measure.providerName}
        pending={answer.isPending}
        onAnswers={(answers, onError) => answer.mutate(answers, { onError })}
      />
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
