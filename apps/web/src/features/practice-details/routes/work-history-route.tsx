import { useQuery } from '@tanstack/react-query';
import type { WorkHistory } from '@therapy/contracts/practice-details';
import { BriefcaseBusiness, Pencil, Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { PracticePage } from '@/components/practice-page';
import { SectionStatus } from '@/components/section-card';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { openModal } from '@/lib/modal-store';
import { workHistoryQuery } from '../api/practice-details-api';
import { formatMonth } from '../components/month';

/** /practice/work-history: the provider's positions, added and edited in the "Employment History" modal. */
export function WorkHistoryRoute() {
  const { t } = useTranslation('practice-details');
  const add = (
    <Button onClick={() => openModal('work-history', {}, { size: 'md' })}>
      <Plus className="size-4" aria-hidden="true" />
      {t('workHistory.add')}
    </Button>
  );
  return (
    <PracticePage
      clientNotice={{ title: t('providersOnly.title'), body: t('providersOnly.body') }}
      title={t('workHistory.title')}
      lead={t('workHistory.lead')}
      actions={add}
    >
      <WorkHistoryList />
    </PracticePage>
  );
}

function WorkHistoryList() {
  const { t, i18n } = useTranslation('practice-details');
  const locale = i18n.resolvedLanguage ?? 'en';
  const list = useQuery(workHistoryQuery());
  if (list.isPending || list.isError) {
    return (
      <SectionStatus
        loading={list.isPending}
        error={list.isError}
        onRetry={() => void list.refetch()}
        loadingLabel={t('loading')}
        errorText={t('workHistory.loadFailed')}
        retryLabel={t('retry')}
      />
    );
  }
  if (list.data.length === 0) {
    return (
      <EmptyState icon={BriefcaseBusiness} title={t('workHistory.empty')} description={t('workHistory.emptyBody')} />
    );
  }
  const range = (e: WorkHistory) =>
    t('workHistory.range', {
      start: formatMonth(e.startDate, locale),
      end: e.currentlyWorksHere || !e.endDate ? t('workHistory.present') : formatMonth(e.endDate, locale),
    });
  return (
    <ul aria-label={t('workHistory.listLabel')} className="flex flex-col gap-4">
      {list.data.map((entry) => (
        <li key={entry.identifier}>
          <Card>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0">
                <h2 className="text-lg font-semibold break-words text-slate-900">{entry.jobTitle}</h2>
                <p className="break-words text-slate-800">{entry.companyName}</p>
                <p className="mt-1 text-sm text-slate-600">{range(entry)}</p>
                {entry.description && (
                  <p className="mt-3 text-sm whitespace-pre-line break-words text-slate-700">{entry.description}</p>
                )}
              </div>
              <div className="flex shrink-0 gap-2">
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={t('workHistory.editLabel', { company: entry.companyName })}
                  onClick={() => openModal('work-history', { entry }, { size: 'md' })}
                >
                  <Pencil className="size-4" aria-hidden="true" />
                  {t('workHistory.edit')}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={t('workHistory.deleteLabel', { company: entry.companyName })}
                  onClick={() => openModal('delete-work-history', { entry })}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                  {t('workHistory.delete')}
                </Button>
              </div>
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}
