import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { localize } from '@therapy/contracts/messages';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { EmptyState } from '@/components/empty-state';
import { PageSpinner } from '@/components/page-spinner';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { isApiError } from '@/lib/api-error';
import { transactionQuery } from '../api/wallet-api';
import { formatDateTime, formatMoney } from '@/lib/format';
import { TransactionIcon, amountTone } from '../components/transaction-type';

const transactionIdSchema = z.uuid();

/** /wallet/transactions/:transactionId: one transaction of the user's wallet; another user's id is "not found". */
export function TransactionRoute() {
  const { t, i18n } = useTranslation('wallet');
  const locale = i18n.resolvedLanguage ?? 'en';
  const { transactionId = '' } = useParams();
  const validId = transactionIdSchema.safeParse(transactionId).success;
  const transaction = useQuery({
    ...transactionQuery(transactionId),
    enabled: validId,
  });

  const notFound =
    !validId ||
    (isApiError(transaction.error) && (transaction.error.status === 404 || transaction.error.status === 400));

  const back = (
    <Link
      to="/wallet"
      className="inline-flex items-center gap-2 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {t('detail.back')}
    </Link>
  );

  if (notFound) {
    return (
      <Page back={back}>
        <EmptyState
          icon={SearchX}
          headingLevel={1}
          title={t('detail.notFoundTitle')}
          description={t('detail.notFoundBody')}
          action={
            <Link to="/wallet" className={buttonClasses()}>
              {t('detail.back')}
            </Link>
          }
        />
      </Page>
    );
  }
  if (transaction.isPending) return <PageSpinner label={t('loading')} />;
  if (transaction.isError) {
    return (
      <Page back={back}>
        <h1 className="sr-only">{t('detail.title')}</h1>
        <Alert
          tone="error"
          action={
            <Button
              size="sm"
              variant="secondary"
              pending={transaction.isFetching}
              onClick={() => void transaction.refetch()}
            >
              {t('retry')}
            </Button>
          }
        >
          {t('detail.loadFailed')}
        </Alert>
      </Page>
    );
  }

  const tx = transaction.data;
  const typeLabel = t(`types.${tx.type}`);
  return (
    <Page back={back}>
      <Card>
        <div className="flex items-start gap-4">
          <TransactionIcon type={tx.type} amount={tx.amount} />
          <div className="min-w-0">
            <p className="text-sm font-medium text-slate-700">{t('detail.title')}</p>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">{typeLabel}</h1>
          </div>
        </div>
        <p
          className={`mt-5 break-all text-3xl font-bold sm:text-4xl ${amountTone(tx.amount)}`}
          data-testid="transaction-amount"
        >
          {formatMoney(tx.amount, tx.currencyCode, locale, { signed: true })}
        </p>
        <dl className="mt-6 divide-y divide-slate-200 border-t border-slate-200">
          <Row label={t('detail.type')}>{typeLabel}</Row>
          <Row label={t('detail.amount')}>
            {formatMoney(tx.amount, tx.currencyCode, locale, { signed: true })} ({tx.currencyCode})
          </Row>
          <Row label={t('detail.date')}>
            <time dateTime={tx.createdAt}>{formatDateTime(tx.createdAt, locale)}</time>
          </Row>
          <Row label={t('detail.description')}>
            {tx.description ? localize(tx.description, locale === 'de' ? 'de' : 'en') : '—'}
          </Row>
          <Row label={t('detail.reference')}>
            <span className="break-all font-mono text-sm">{tx.reference ?? '—'}</span>
          </Row>
          <Row label={t('detail.id')}>
            <span className="break-all font-mono text-sm">{tx.identifier}</span>
          </Row>
        </dl>
      </Card>
    </Page>
  );
}

function Page({ back, children }: { back: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="mb-4">{back}</div>
      {children}
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-1 py-3 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="min-w-0 text-slate-900">{children}</dd>
    </div>
  );
}
