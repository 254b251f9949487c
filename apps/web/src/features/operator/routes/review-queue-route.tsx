import { useQuery } from '@tanstack/react-query';
import { ChevronRight, Inbox } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeading } from '@/components/page-heading';
import { SectionStatus } from '@/components/section-card';
import { useAuthStore } from '@/lib/auth-store';
import { formatDateTime } from '@/lib/format';
import { reviewQueueQuery } from '../api/operator-api';
import { KindBadge } from '../components/badges';
import { OperatorsOnly } from '../components/operators-only';

/** /operator/reviews: new practices and changes to verified ones waiting for review, the oldest first. */
export function ReviewQueueRoute() {
  const { t } = useTranslation('operator');
  const userType = useAuthStore((s) => s.user?.userType);
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeading title={t('queue.title')} lead={userType === 'operator' ? t('queue.lead') : undefined} />
      {userType === 'operator' ? <Queue /> : userType ? <OperatorsOnly /> : null}
    </div>
  );
}

function Queue() {
  const { t, i18n } = useTranslation('operator');
  const queue = useQuery(reviewQueueQuery());
  if (!queue.data) {
    return (
      <SectionStatus
        loading={queue.isLoading}
        error={queue.isError}
        onRetry={() => void queue.refetch()}
        loadingLabel={t('loading')}
        errorText={t('queue.loadFailed')}
        retryLabel={t('retry')}
      />
    );
  }
  if (queue.data.length === 0)
    return <EmptyState icon={Inbox} title={t('queue.empty.title')} description={t('queue.empty.body')} />;
  return (
    <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
      {queue.data.map((item) => {
        const name = [item.firstName, item.lastName].filter(Boolean).join(' ') || item.email;
        return (
          <li key={item.providerIdentifier}>
            <Link
              to={`/operator/reviews/${item.providerIdentifier}`}
              className="group flex items-center gap-3 px-4 py-4 text-slate-900 no-underline! hover:bg-slate-50"
            >
              <span className="min-w-0 flex-1">
                <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="font-semibold break-words">{name}</span>
                  <KindBadge kind={item.kind} />
                </span>
                <span className="block text-sm break-all text-slate-700">{item.email}</span>
                <span className="block text-sm text-slate-700">
                  {t(item.kind === 'changes' ? 'queue.changedAt' : 'queue.submittedAt', {
                    when: formatDateTime(item.submittedAt, i18n.resolvedLanguage ?? 'en'),
                  })}
                </span>
              </span>
              <span className="hidden text-sm font-medium text-brand-800 sm:inline">{t('queue.open')}</span>
              <ChevronRight className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
