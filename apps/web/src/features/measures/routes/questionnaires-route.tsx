import { useQuery } from '@tanstack/react-query';
import { ChevronRight, ClipboardList } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { SectionStatus } from '@/components/section-card';
import { Card } from '@/components/ui/card';
import { dateFormatter } from '@/lib/format';
import { measuresQuery } from '../api/measures-api';
import { useMeasuresTranslation } from '../i18n';

/** A client's questionnaires (/questionnaires, issue 20): those to fill in first, then the answered ones. */
export function QuestionnairesRoute() {
  const { t, locale } = useMeasuresTranslation();
  const list = useQuery(measuresQuery({}));
  const day = dateFormatter(locale, { day: 'numeric', month: 'short', year: 'numeric' });
  const pending = list.data?.filter((m) => m.status === 'pending') ?? [];
  const answered = list.data?.filter((m) => m.status === 'answered') ?? [];
  return (
    <div className="mx-auto max-w-2xl px-4 py-6 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t('list.title')}</h1>
      <p className="mt-1 text-sm text-slate-700">{t('list.description')}</p>
      <div className="mt-6 space-y-6">
        <SectionStatus
          loading={list.isPending}
          error={list.isError}
          onRetry={() => void list.refetch()}
          loadingLabel={t('loading')}
          errorText={t('loadFailed')}
          retryLabel={t('retry')}
        />
        {list.data && list.data.length === 0 && (
          <EmptyState icon={ClipboardList} title={t('list.empty')} description={t('list.emptyHint')} headingLevel={2} />
        )}
        {pending.length > 0 && (
          <section aria-labelledby="questionnaires-pending">
            <h2 id="questionnaires-pending" className="text-lg font-semibold text-slate-900">
              {t('list.pending')}
            </h2>
            <ul className="mt-3 space-y-3">
              {pending.map((m) => (
                <li key={m.identifier}>
                  <Link
                    to={`/questionnaires/${m.identifier}`}
                    className="block rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                  >
                    <Card className="flex items-center justify-between gap-3 p-4 hover:bg-slate-50 sm:p-4">
                      <span>
                        <span className="block font-medium text-slate-900">{t(`kindLong.${m.kind}`)}</span>
                        <span className="block text-sm text-slate-700">
                          {m.sessionStartsAt
                            ? t('list.beforeSession', {
                                name: m.providerName ?? t('yourTherapist'),
                                date: day.format(new Date(m.sessionStartsAt)),
                              })
                            : t('list.from', {
                                name: m.providerName ?? t('yourTherapist'),
                                date: day.format(new Date(m.createdAt)),
                              })}
                        </span>
                      </span>
                      <span className="inline-flex shrink-0 items-center gap-1 text-sm font-semibold text-brand-800">
                        {t('list.fillIn')}
                        <ChevronRight aria-hidden="true" className="size-4" />
                      </span>
                    </Card>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}
        {answered.length > 0 && (
          <section aria-labelledby="questionnaires-answered">
            <h2 id="questionnaires-answered" className="text-lg font-semibold text-slate-900">
              {t('list.answered')}
            </h2>
            <ul className="mt-3 divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
              {answered.map((m) => (
                <li key={m.identifier}>
                  <Link
                    to={`/questionnaires/${m.identifier}`}
                    className="flex min-h-12 items-center justify-between gap-3 px-4 py-3 text-sm hover:bg-slate-50"
                  >
                    <span className="text-slate-900">
                      {t(`kind.${m.kind}`)} · {day.format(new Date(m.answeredAt!))}
                    </span>
                    <span className="text-slate-700">{t(`severity.${m.result!.severity}`)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </div>
  );
}
