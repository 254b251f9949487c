import { localize, m } from '@therapy/contracts/messages';
import { transactionTypes, type CurrencyCode, type TransactionType } from '@therapy/contracts/wallet';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, ReceiptText, SearchX } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { SectionCard, SectionStatus } from '@/components/section-card';
import { Button } from '@/components/ui/button';
import { FieldError, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { transactionsQuery, type TransactionFilters } from '../api/wallet-api';
import { formatDateTime, formatMoney } from '@/lib/format';
import { isoDateOrUndefined } from './money';
import { TransactionIcon, amountTone } from './transaction-type';

const isType = (value: string | null): value is TransactionType =>
  !!value && (transactionTypes as readonly string[]).includes(value);

/** The filters live in the address (?page=&from=&to=&type=), so a reload or a shared link shows the same list. */
function useFilters() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const filters: TransactionFilters = {
    page,
    fromDate: isoDateOrUndefined(params.get('from')),
    toDate: isoDateOrUndefined(params.get('to')),
    transactionType: isType(params.get('type')) ? (params.get('type') as TransactionType) : undefined,
  };
  const update = (patch: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        // A new filter starts at the first page.
        if (!('page' in patch)) next.delete('page');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return { filters, update };
}

/**
 * Transactions with date range and type filters and page controls; each row opens the transaction. Of the wallet of
 * `currency` (each currency is its own wallet), else of the user's own.
 */
export function TransactionList({ currency }: { currency?: CurrencyCode | undefined }) {
  const { t, i18n } = useTranslation('wallet');
  const locale = i18n.resolvedLanguage ?? 'en';
  const { filters: addressFilters, update } = useFilters();
  const filters: TransactionFilters = { ...addressFilters, currency };
  const rangeInvalid = !!filters.fromDate && !!filters.toDate && filters.fromDate > filters.toDate;
  const list = useQuery({
    ...transactionsQuery(filters),
    enabled: !rangeInvalid,
  });
  const filtered = !!(filters.fromDate || filters.toDate || filters.transactionType);
  const rangeErrorId = useId();
  const listId = useId();

  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;

  return (
    <SectionCard icon={ReceiptText} title={t('transactions.title')} description={t('transactions.description')}>
      <div
        role="group"
        aria-label={t('transactions.filters')}
        className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-end"
      >
        <FormField label={t('transactions.from')}>
          {(field) => (
            <Input
              {...field}
              type="date"
              value={filters.fromDate ?? ''}
              max={filters.toDate}
              onChange={(e) => update({ from: e.target.value || undefined })}
            />
          )}
        </FormField>
        <FormField label={t('transactions.to')}>
          {({ invalid: _invalid, ...field }) => (
            <Input
              {...field}
              type="date"
              value={filters.toDate ?? ''}
              min={filters.fromDate}
              invalid={rangeInvalid}
              aria-describedby={rangeInvalid ? rangeErrorId : undefined}
              onChange={(e) => update({ to: e.target.value || undefined })}
            />
          )}
        </FormField>
        <FormField label={t('transactions.type')}>
          {(field) => (
            <Select
              {...field}
              value={filters.transactionType ?? ''}
              onChange={(e) => update({ type: e.target.value || undefined })}
            >
              <option value="">{t('transactions.allTypes')}</option>
              {transactionTypes.map((type) => (
                <option key={type} value={type}>
                  {t(`types.${type}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        {filtered && (
          <Button variant="ghost" onClick={() => update({ from: undefined, to: undefined, type: undefined })}>
            {t('transactions.clear')}
          </Button>
        )}
      </div>
      {rangeInvalid && <FieldError id={rangeErrorId} message={m.dateRangeOrder} />}

      <div className="mt-6" aria-busy={list.isFetching || undefined}>
        {!rangeInvalid && (
          <SectionStatus
            loading={list.isPending}
            error={list.isError && !list.data}
            onRetry={() => void list.refetch()}
            loadingLabel={t('loading')}
            errorText={t('transactions.loadFailed')}
            retryLabel={t('retry')}
          />
        )}
        {list.data && rows.length === 0 && (
          <EmptyState
            icon={filtered ? SearchX : ReceiptText}
            headingLevel={3}
            title={filtered ? t('transactions.noMatch') : t('transactions.empty')}
            description={filtered ? t('transactions.noMatchBody') : t('transactions.emptyBody')}
          />
        )}
        {rows.length > 0 && (
          <ul
            id={listId}
            aria-label={t('transactions.listLabel')}
            className="-mx-2 flex flex-col divide-y divide-slate-200"
          >
            {rows.map((tx) => (
              <li key={tx.identifier}>
                <Link
                  to={`/wallet/transactions/${tx.identifier}`}
                  className="flex items-center gap-3 rounded-xl px-2 py-3 text-slate-900 no-underline! hover:bg-slate-50"
                >
                  <TransactionIcon type={tx.type} amount={tx.amount} />
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium break-words">
                      {tx.description ? localize(tx.description, locale === 'de' ? 'de' : 'en') : t(`types.${tx.type}`)}
                    </span>
                    <span className="block text-sm text-slate-700">
                      {t(`types.${tx.type}`)} · {formatDateTime(tx.createdAt, locale)}
                    </span>
                  </span>
                  <span className={`shrink-0 text-right font-semibold ${amountTone(tx.amount)}`}>
                    {formatMoney(tx.amount, tx.currencyCode, locale, {
                      signed: true,
                    })}
                  </span>
                  <ChevronRight className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
                </Link>
              </li>
            ))}
          </ul>
        )}
        {meta && meta.totalPages > 1 && (
          <nav
            aria-label={t('transactions.pages')}
            className="mt-4 flex items-center justify-between gap-3 border-t border-slate-200 pt-4"
          >
            <Button
              variant="secondary"
              size="sm"
              disabled={meta.page <= 1}
              onClick={() => update({ page: String(meta.page - 1) })}
              aria-controls={listId}
            >
              <ChevronLeft className="size-4" aria-hidden="true" />
              {t('transactions.previous')}
            </Button>
            <p className="text-sm text-slate-700" aria-live="polite">
              {t('transactions.pageOf', {
                page: meta.page,
                total: meta.totalPages,
              })}
            </p>
            <Button
              variant="secondary"
              size="sm"
              disabled={meta.page >= meta.totalPages}
              onClick={() => update({ page: String(meta.page + 1) })}
              aria-controls={listId}
            >
              {t('transactions.next')}
              <ChevronRight className="size-4" aria-hidden="true" />
            </Button>
          </nav>
        )}
      </div>
    </SectionCard>
  );
}
