import {
  answerScale,
  measureKinds,
  measureSchedules,
  type Measure,
  type MeasureKind,
  type MeasureSchedule,
} from '@therapy/contracts/measures';
import { useQuery } from '@tanstack/react-query';
import { ClipboardList, Repeat, TriangleAlert } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { SectionCard, SectionStatus } from '@/components/section-card';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-error';
import { dateFormatter } from '@/lib/format';
import { notify } from '@/lib/toast';
import { measuresQuery, seriesQuery, useReviewMeasure, useSendMeasure, useStopSeries } from '../api/measures-api';
import { useMeasuresTranslation } from '../i18n';
import { MeasureChart } from './measure-chart';

const SELF_HARM_ITEM = 8;

/**
 * A provider's questionnaires for one client (issue 20), on the client's page: an alert for an unreviewed PHQ-9 item-9
 * answer, sending (once or before every session), the series that run, what is still unanswered, and each
 * questionnaire's scores over time with its severity bands.
 */
export function ClientMeasuresSection({ clientId }: { clientId: string }) {
  const { t } = useMeasuresTranslation();
  const list = useQuery(measuresQuery({ clientIdentifier: clientId }));
  const measures = list.data ?? [];
  const alerts = measures.filter((m) => m.result?.selfHarmAlert && !m.reviewedAt);
  const pending = measures.filter((m) => m.status === 'pending');

  return (
    <SectionCard icon={ClipboardList} title={t('section.title')} description={t('section.description')}>
      <div className="space-y-6">
        {alerts.map((m) => (
          <SelfHarmAlert key={m.identifier} measure={m} />
        ))}
        <SendForm clientId={clientId} />
        <RunningSeries clientId={clientId} />
        <SectionStatus
          loading={list.isPending}
          error={list.isError}
          onRetry={() => void list.refetch()}
          loadingLabel={t('loading')}
          errorText={t('loadFailed')}
          retryLabel={t('retry')}
        />
        {list.data && pending.length > 0 && <PendingList measures={pending} />}
        {list.data && <Progress measures={measures} />}
      </div>
    </SectionCard>
  );
}

function SelfHarmAlert({ measure }: { measure: Measure }) {
  const { t, locale } = useMeasuresTranslation();
  const review = useReviewMeasure();
  const answer = measure.result!.answers[SELF_HARM_ITEM] ?? 0;
  const when = dateFormatter(locale, { day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(measure.answeredAt!),
  );
  return (
    <Alert
      tone="error"
      title={t('alert.title')}
      action={
        <Button
          size="sm"
          variant="secondary"
          pending={review.isPending}
          onClick={() =>
            review.mutate(measure.identifier, {
              onSuccess: (res) => notify.success(res.message ?? t('alert.reviewed')),
              onError: (err) => notify.error(errorMessage(err)),
            })
          }
        >
          {t('alert.review')}
        </Button>
      }
    >
      <span className="inline-flex items-start gap-1.5">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {t('alert.text', { date: when, answer: answerScale[answer]![locale] })}
      </span>
    </Alert>
  );
}

function SendForm({ clientId }: { clientId: string }) {
  const { t } = useMeasuresTranslation();
  const send = useSendMeasure();
  const [kind, setKind] = useState<MeasureKind>('PHQ9');
  const [schedule, setSchedule] = useState<MeasureSchedule>('once');
  const scheduleName = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate(
      { clientIdentifier: clientId, kind, schedule },
      { onSuccess: (res) => notify.success(res.message ?? t('send.sent')) },
    );
  };
  return (
    <form
      onSubmit={submit}
      className="space-y-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200"
      aria-label={t('send.title')}
      noValidate
    >
      <h3 className="font-semibold text-slate-900">{t('send.title')}</h3>
      <FormField label={t('send.kind')}>
        {(field) => (
          <Select {...field} value={kind} onChange={(e) => setKind(e.target.value as MeasureKind)}>
            {measureKinds.map((k) => (
              <option key={k} value={k}>
                {t(`kindLong.${k}`)}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{t('send.when')}</legend>
        <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:gap-6">
          {measureSchedules.map((s) => (
            <label key={s} className="inline-flex min-h-11 items-center gap-2 text-sm text-slate-900">
              <input
                type="radio"
                name={scheduleName}
                value={s}
                checked={schedule === s}
                onChange={() => setSchedule(s)}
                className="size-4 accent-brand-700"
              />
              {t(`schedule.${s}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {send.isError && <Alert tone="error">{errorMessage(send.error)}</Alert>}
      <Button type="submit" pending={send.isPending}>
        {t('send.submit')}
      </Button>
    </form>
  );
}

function RunningSeries({ clientId }: { clientId: string }) {
  const { t, locale } = useMeasuresTranslation();
  const series = useQuery(seriesQuery(clientId));
  const stop = useStopSeries();
  if (!series.data?.length) return null;
  const day = dateFormatter(locale, { day: 'numeric', month: 'short', year: 'numeric' });
  return (
    <div>
      <h3 className="font-semibold text-slate-900">{t('series.title')}</h3>
      <ul className="mt-2 divide-y divide-slate-100">
        {series.data.map((s) => (
          <li key={s.identifier} className="flex flex-wrap items-center justify-between gap-3 py-2">
            <span className="inline-flex items-center gap-2 text-sm text-slate-900">
              <Repeat aria-hidden="true" className="size-4 text-brand-700" />
              {t('series.item', { name: t(`kind.${s.kind}`), date: day.format(new Date(s.createdAt)) })}
            </span>
            <Button
              size="sm"
              variant="secondary"
              pending={stop.isPending && stop.variables === s.identifier}
              onClick={() =>
                stop.mutate(s.identifier, {
                  onSuccess: (res) => notify.success(res.message ?? ''),
                  onError: (err) => notify.error(errorMessage(err)),
                })
              }
            >
              {t('series.stop', { name: t(`kind.${s.kind}`) })}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function PendingList({ measures }: { measures: Measure[] }) {
  const { t, locale } = useMeasuresTranslation();
  const day = dateFormatter(locale, { day: 'numeric', month: 'short', year: 'numeric' });
  return (
    <div>
      <h3 className="font-semibold text-slate-900">{t('pending.title')}</h3>
      <ul className="mt-2 space-y-1 text-sm text-slate-800">
        {measures.map((m) => (
          <li key={m.identifier}>
            {m.sessionStartsAt
              ? t('pending.beforeSession', { name: t(`kind.${m.kind}`), date: day.format(new Date(m.sessionStartsAt)) })
              : t('pending.sent', { name: t(`kind.${m.kind}`), date: day.format(new Date(m.createdAt)) })}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Progress({ measures }: { measures: Measure[] }) {
  const { t } = useMeasuresTranslation();
  const kinds = measureKinds.filter((k) => measures.some((m) => m.kind === k && m.result));
  if (kinds.length === 0) return <p className="text-sm text-slate-700">{t('progress.empty')}</p>;
  return (
    <div className="space-y-8">
      {kinds.map((kind) => {
        const ofKind = measures.filter((m) => m.kind === kind && m.result);
        const latest = ofKind[0]!;
        return (
          <section key={kind} aria-label={t(`kindLong.${kind}`)} className="min-w-0">
            <h3 className="font-semibold text-slate-900">{t(`kindLong.${kind}`)}</h3>
            <p className="mt-1 text-sm text-slate-800">
              {t('progress.latest', {
                score: latest.result!.score,
                severity: t(`severity.${latest.result!.severity}`),
              })}
            </p>
            <div className="mt-3">
              <MeasureChart kind={kind} measures={ofKind} />
            </div>
          </section>
        );
      })}
    </div>
  );
}
