import { useQuery } from '@tanstack/react-query';
import { payoutRoutes, type PayoutOverviewEntry, type PayoutRoute } from '@therapy/contracts/payouts';
import { History } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { PageHeading } from '@/components/page-heading';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAuthStore } from '@/lib/auth-store';
import { payoutHistoryQuery, payoutOverviewQuery } from '../api/payouts-api';
import { OperatorsOnly } from '../components/operators-only';
import { PayoutBatchCard } from '../components/payout-batch-card';
import { PayoutDueCard } from '../components/payout-due-card';

/**
 * /operator/payouts (issue 46): per currency what is due and by which route (a bank file the operator makes here, or
 * the weekly gateway run), then the batches made so far, newest first: each one's file, "Mark as sent", and per item
 * "Mark returned" (the money goes back to the provider's earnings through the ledger).
 */
export function PayoutsRoute() {
  const { t } = useTranslation('operator');
  const userType = useAuthStore((s) => s.user?.userType);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeading title={t('payouts.title')} lead={userType === 'operator' ? t('payouts.lead') : undefined} />
      {userType === 'operator' ? <Payouts /> : userType ? <OperatorsOnly /> : null}
    </div>
  );
}

function Payouts() {
  // The batch just created: once the history shows it, it takes the focus (its "Create batch" button is gone).
  const [created, setCreated] = useState<string | undefined>();
  const [page, setPage] = useState(1);
  return (
    <div className="flex flex-col gap-10">
      <Due
        onCreated={(id) => {
          setPage(1);
          setCreated(id);
        }}
      />
      <Batches page={page} onPage={setPage} focusId={created} />
    </div>
  );
}

function Due({ onCreated }: { onCreated: (batchId: string) => void }) {
  const { t } = useTranslation('operator');
  const headingId = useId();
  const overview = useQuery(payoutOverviewQuery());
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-3 text-lg font-semibold text-slate-900">
        {t('payouts.dueTitle')}
      </h2>
      {overview.isPending ? (
        <div className="flex justify-center py-8 text-brand-700">
          <Spinner size="lg" label={t('loading')} />
        </div>
      ) : overview.isError ? (
        <Alert
          tone="error"
          action={
            <Button size="sm" variant="secondary" pending={overview.isFetching} onClick={() => void overview.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('payouts.overviewFailed')}
        </Alert>
      ) : (
        <div className="flex flex-col gap-6">
          {payoutRoutes.map((route) => (
            <RouteGroup
              key={route}
              route={route}
              entries={overview.data.filter((e) => e.route === route)}
              onCreated={onCreated}
            />
          ))}
        </div>
      )}
    </section>
  );
}

/** The currencies of one route: a bank file the operator makes here, or the weekly run that needs nothing. */
function RouteGroup({
  route,
  entries,
  onCreated,
}: {
  route: PayoutRoute;
  entries: PayoutOverviewEntry[];
  onCreated: (batchId: string) => void;
}) {
  const { t } = useTranslation('operator');
  const headingId = useId();
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        {t(`payouts.route.${route}.title`)}
      </h3>
      <p className="mt-1 mb-3 text-sm text-slate-700">{t(`payouts.route.${route}.body`)}</p>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {entries.map((entry) => (
          <PayoutDueCard key={entry.currencyCode} entry={entry} onCreated={onCreated} />
        ))}
      </ul>
    </section>
  );
}

function Batches({ page, onPage, focusId }: { page: number; onPage: (page: number) => void; focusId?: string }) {
  const { t } = useTranslation('operator');
  const headingId = useId();
  const history = useQuery(payoutHistoryQuery(page));
  const totalPages = history.data ? Math.max(1, Math.ceil(history.data.total / history.data.pageSize)) : 1;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-3 text-lg font-semibold text-slate-900">
        {t('payouts.historyTitle')}
      </h2>
      {history.isPending ? (
        <div className="flex justify-center py-8 text-brand-700">
          <Spinner size="lg" label={t('loading')} />
        </div>
      ) : history.isError ? (
        <Alert
          tone="error"
          action={
            <Button size="sm" variant="secondary" pending={history.isFetching} onClick={() => void history.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('payouts.historyFailed')}
        </Alert>
      ) : history.data.items.length === 0 ? (
        <EmptyState
          icon={History}
          headingLevel={3}
          title={t('payouts.noBatches.title')}
          description={t('payouts.noBatches.body')}
        />
      ) : (
        <div aria-busy={history.isPlaceholderData || undefined}>
          <ul className="flex flex-col gap-4">
            {history.data.items.map((batch) => (
              <PayoutBatchCard key={batch.identifier} batch={batch} focusOnMount={batch.identifier === focusId} />
            ))}
          </ul>
          {totalPages > 1 && (
            <nav aria-label={t('payouts.pagination')} className="mt-6 flex items-center justify-between gap-3">
              <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
                {t('payouts.newer')}
              </Button>
              <p className="text-center text-sm text-slate-700">{t('practices.pageOf', { page, total: totalPages })}</p>
              <Button variant="secondary" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
                {t('payouts.older')}
              </Button>
            </nav>
          )}
        </div>
      )}
    </section>
  );
}
