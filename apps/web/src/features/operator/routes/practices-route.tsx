import { useQuery } from '@tanstack/react-query';
import {
  practiceListQuery,
  practiceStandings,
  type PracticeListItem,
  type PracticeStanding,
} from '@therapy/contracts/verification';
import { localize } from '@therapy/contracts/messages';
import { ChevronRight, Search, SearchX, Store } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeading } from '@/components/page-heading';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useAuthStore } from '@/lib/auth-store';
import { formatDateTime, formatDay } from '@/lib/format';
import { isLocale } from '@/lib/i18n';
import { practicesQuery, type PracticeFilters } from '../api/operator-api';
import { Badge, StatusBadge } from '../components/badges';
import { OperatorsOnly } from '../components/operators-only';

const isStanding = (value: string | null): value is PracticeStanding =>
  (practiceStandings as readonly string[]).includes(value ?? '');

/** The address's filters: `standing`, `q` (name or email) and `page`; anything else in it is ignored. */
function filtersFrom(params: URLSearchParams): PracticeFilters {
  const standing = params.get('standing');
  const page = Number(params.get('page'));
  return {
    standing: isStanding(standing) ? standing : undefined,
    q: params.get('q')?.trim() || undefined,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/**
 * /operator/practices (issue 45): every practice ever submitted, by standing (pending, verified, changes pending,
 * rejected, suspended, expiring within 30 days) and searched by name or email, 25 a page. Filters and page live in
 * the address, so Back, a reload and a shared link keep them; each practice opens the desk.
 */
export function PracticesRoute() {
  const { t } = useTranslation('operator');
  const userType = useAuthStore((s) => s.user?.userType);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeading title={t('practices.title')} lead={userType === 'operator' ? t('practices.lead') : undefined} />
      {userType === 'operator' ? <Practices /> : userType ? <OperatorsOnly /> : null}
    </div>
  );
}

function Practices() {
  const { t, i18n } = useTranslation('operator');
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  // The address is checked with the API's own schema, so a hand-made link never sends a refused query.
  const checked = practiceListQuery.safeParse(filters);
  const list = useQuery({ ...practicesQuery(filters), enabled: checked.success });
  const filtered = !!(filters.standing || filters.q);

  const apply = (next: { standing?: string; q?: string; page?: number }) => {
    const search = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value && !(key === 'page' && value === 1)) search.set(key, String(value));
      else search.delete(key);
    }
    setParams(search, { preventScrollReset: true });
  };
  const clear = () => apply({ standing: '', q: '', page: 1 });
  const locale = isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const problem = checked.success ? undefined : checked.error.issues[0]?.message;
  const totalPages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;

  return (
    <>
      <Filters
        key={`${filters.standing ?? ''}|${filters.q ?? ''}`}
        standing={filters.standing ?? ''}
        q={params.get('q') ?? ''}
        onStanding={(standing) => apply({ standing, page: 1 })}
        onSearch={(q) => apply({ q, page: 1 })}
      />
      <div className="mt-6">
        {problem ? (
          <Alert
            tone="error"
            action={
              <Button size="sm" variant="secondary" onClick={clear}>
                {t('practices.clear')}
              </Button>
            }
          >
            {localize(problem, locale)}
          </Alert>
        ) : list.isPending ? (
          <div className="flex justify-center py-12 text-brand-700">
            <Spinner size="lg" label={t('loading')} />
          </div>
        ) : list.isError ? (
          <Alert
            tone="error"
            action={
              <Button size="sm" variant="secondary" pending={list.isFetching} onClick={() => void list.refetch()}>
                {t('retry')}
              </Button>
            }
          >
            {t('practices.loadFailed')}
          </Alert>
        ) : list.data.items.length === 0 ? (
          filtered || filters.page > 1 ? (
            <EmptyState
              icon={SearchX}
              title={t('practices.emptyFiltered.title')}
              description={t('practices.emptyFiltered.body')}
              action={
                <Button variant="secondary" onClick={clear}>
                  {t('practices.clear')}
                </Button>
              }
            />
          ) : (
            <EmptyState icon={Store} title={t('practices.empty.title')} description={t('practices.empty.body')} />
          )
        ) : (
          <div aria-busy={list.isPlaceholderData || undefined}>
            <PracticeRows items={list.data.items} />
            <Pager page={filters.page} totalPages={totalPages} onPage={(page) => apply({ page })} />
          </div>
        )}
        {/* How many practices match, said politely after each filter, search or page, without moving focus. */}
        <p role="status" className="mt-3 text-sm text-slate-700">
          {list.isSuccess && !list.isPlaceholderData && checked.success && list.data.items.length > 0
            ? t('practices.count', { count: list.data.total })
            : ''}
        </p>
      </div>
    </>
  );
}

/** The standing applies as it is chosen; the search when it is sent (Enter or the button). */
function Filters({
  standing,
  q,
  onStanding,
  onSearch,
}: {
  standing: string;
  q: string;
  onStanding: (standing: string) => void;
  onSearch: (q: string) => void;
}) {
  const { t } = useTranslation('operator');
  const [text, setText] = useState(q);
  const [error, setError] = useState<string | undefined>();
  const headingId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = practiceListQuery.shape.q.safeParse(text);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    onSearch(parsed.data ?? '');
  };
  return (
    <form
      role="search"
      aria-labelledby={headingId}
      noValidate
      onSubmit={submit}
      className="rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      <h2 id={headingId} className="mb-3 text-base font-semibold text-slate-900">
        {t('practices.filters')}
      </h2>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)] sm:items-start">
        <FormField label={t('practices.standing')}>
          {(field) => (
            <Select {...field} value={standing} onChange={(e) => onStanding(e.target.value)}>
              <option value="">{t('practices.standings.all')}</option>
              {practiceStandings.map((s) => (
                <option key={s} value={s}>
                  {t(`practices.standings.${s}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label={t('practices.search')} error={error}>
          {({ invalid, ...field }) => (
            <div className="flex gap-2">
              <Input
                {...field}
                type="search"
                invalid={invalid}
                value={text}
                onChange={(e) => setText(e.target.value)}
                autoComplete="off"
                enterKeyHint="search"
              />
              <Button type="submit" variant="secondary" className="shrink-0">
                <Search className="size-4" aria-hidden="true" />
                {t('practices.searchButton')}
              </Button>
            </div>
          )}
        </FormField>
      </div>
    </form>
  );
}

function PracticeRows({ items }: { items: PracticeListItem[] }) {
  const { t, i18n } = useTranslation('operator');
  const locale = i18n.resolvedLanguage ?? 'en';
  const location = useLocation();
  const from = `${location.pathname}${location.search}`;
  return (
    <ul
      aria-label={t('practices.listLabel')}
      className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white"
    >
      {items.map((item) => {
        const name = [item.firstName, item.lastName].filter(Boolean).join(' ') || item.email;
        return (
          <li key={item.providerIdentifier}>
            <Link
              to={`/operator/reviews/${item.providerIdentifier}`}
              state={{ from }}
              className="group flex items-center gap-3 px-4 py-4 text-slate-900 no-underline! hover:bg-slate-50"
            >
              <span className="min-w-0 flex-1">
                <span className="block font-semibold break-words">{name}</span>
                <span className="block text-sm break-all text-slate-700">{item.email}</span>
                <span className="block text-sm text-slate-700">
                  {t('queue.submittedAt', { when: formatDateTime(item.submittedAt, locale) })}
                </span>
                <span className="mt-2 flex flex-wrap gap-1.5">
                  <StatusBadge status={item.status} />
                  {item.changesPending && <Badge tone="waiting">{t('practices.changesPending')}</Badge>}
                  {item.expiresOn && (
                    <Badge tone="waiting">{t('practices.expires', { date: formatDay(item.expiresOn, locale) })}</Badge>
                  )}
                </span>
              </span>
              <span className="hidden text-sm font-medium text-brand-800 sm:inline">{t('practices.open')}</span>
              <ChevronRight className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function Pager({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('operator');
  if (totalPages <= 1 && page <= 1) return null;
  return (
    <nav aria-label={t('practices.pagination')} className="mt-6 flex items-center justify-between gap-3">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('practices.previous')}
      </Button>
      <p className="text-center text-sm text-slate-700">
        {t('practices.pageOf', { page, total: Math.max(totalPages, page) })}
      </p>
      <Button variant="secondary" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        {t('practices.next')}
      </Button>
    </nav>
  );
}
