import { formatPhone } from '@therapy/contracts/fields';
import type { ProviderClientEntry } from '@therapy/contracts/clients';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight, SearchX, Upload, Users } from 'lucide-react';
import { useCallback, useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeading } from '@/components/page-heading';
import { ProfileAvatar } from '@/components/profile-avatar';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { dateFormatter } from '@/lib/format';
import { useModalStore } from '@/lib/modal-store';
import { clientListQuery } from '../api/clients-api';
import { useClientsTranslation } from '../components/clients-i18n';
import { ClientRiskBadge } from '../components/client-risk-badge';
import { ClientStatusBadge } from '../components/client-status-badge';

/** How long the search box waits after the last key before it searches (and updates the address). */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * /clients/imported/ (spec §2 "dashboard after import"): the provider's clients (GET /clients), those who booked and
 * those imported, searchable and paged, both kept in the address (`?q=`, `?page=`) so Back and a shared link keep them.
 */
export function ClientsRoute() {
  const { t } = useClientsTranslation();
  const openModal = useModalStore((s) => s.open);
  const [params, setParams] = useSearchParams();
  const search = (params.get('q') ?? '').trim();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const list = useQuery(clientListQuery(search, page));

  const setSearch = useCallback(
    (q: string) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (q) next.set('q', q);
          else next.delete('q');
          next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const goToPage = (next: number) =>
    setParams((prev) => {
      const query = new URLSearchParams(prev);
      if (next > 1) query.set('page', String(next));
      else query.delete('page');
      return query;
    });

  const openImport = () => openModal('import-clients');
  const importButton = (
    <Button onClick={openImport}>
      <Upload aria-hidden="true" className="size-4" />
      {t('list.import')}
    </Button>
  );
  const total = list.data?.meta.total ?? 0;
  const totalPages = list.data?.meta.totalPages ?? 0;
  const nothingAtAll = !search && list.data?.data.length === 0 && page === 1;

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <PageHeading title={t('list.title')} lead={t('list.lead')} actions={importButton} />

      {!nothingAtAll && <SearchBox value={search} onSearch={setSearch} />}

      <div className="mt-6">
        {list.isPending ? (
          <div className="flex justify-center py-12 text-brand-700">
            <Spinner size="lg" label={t('list.loading')} />
          </div>
        ) : list.isError ? (
          <Alert
            tone="error"
            action={
              <Button size="sm" variant="secondary" pending={list.isFetching} onClick={() => void list.refetch()}>
                {t('list.retry')}
              </Button>
            }
          >
            {t('list.loadFailed')}
          </Alert>
        ) : list.data.data.length === 0 ? (
          search ? (
            <EmptyState
              icon={SearchX}
              title={t('list.noMatchTitle', { search })}
              description={t('list.noMatchBody')}
              action={
                <Button variant="secondary" onClick={() => setSearch('')}>
                  {t('list.clearSearch')}
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={Users}
              title={t('list.emptyTitle')}
              description={t('list.emptyBody')}
              action={importButton}
            />
          )
        ) : (
          <>
            <ul
              className="flex flex-col gap-3"
              aria-label={t('list.listLabel')}
              aria-busy={list.isPlaceholderData || undefined}
            >
              {list.data.data.map((client) => (
                <ClientRow key={client.importIdentifier ?? client.identifier} client={client} />
              ))}
            </ul>
            {totalPages > 1 && (
              <nav aria-label={t('list.pagination')} className="mt-6 flex items-center justify-between gap-3">
                <Button variant="secondary" disabled={page <= 1} onClick={() => goToPage(page - 1)}>
                  {t('list.previous')}
                </Button>
                <p className="text-center text-sm text-slate-700">{t('list.pageOf', { page, total: totalPages })}</p>
                <Button variant="secondary" disabled={page >= totalPages} onClick={() => goToPage(page + 1)}>
                  {t('list.next')}
                </Button>
              </nav>
            )}
          </>
        )}
        {/* Says how many there are after each search or page, politely, without moving focus. */}
        <p role="status" className="sr-only">
          {list.isSuccess && !list.isPlaceholderData
            ? search
              ? t('list.countFound', { count: total })
              : t('list.count', { count: total })
            : ''}
        </p>
      </div>
    </div>
  );
}

/** A search box that searches by itself a moment after the last key (Enter searches at once). */
function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const { t } = useClientsTranslation();
  const inputId = useId();
  const hintId = useId();
  const [text, setText] = useState(value);
  // The address may change from outside (Back, "Clear search"): the box follows it.
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (text.trim() !== value) setText(value);
  }

  useEffect(() => {
    const q = text.trim();
    if (q === value) return;
    const timer = setTimeout(() => onSearch(q), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    <form
      role="search"
      className="max-w-md"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
      }}
    >
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-800">
        {t('list.searchLabel')}
      </label>
      <Input
        id={inputId}
        type="search"
        value={text}
        maxLength={100}
        autoComplete="off"
        aria-describedby={hintId}
        onChange={(e) => setText(e.target.value)}
      />
      <p id={hintId} className="mt-1.5 text-sm text-slate-600">
        {t('list.searchHint')}
      </p>
    </form>
  );
}

function fullName(client: ProviderClientEntry): string {
  return [client.firstName, client.lastName].filter(Boolean).join(' ');
}

function ClientRow({ client }: { client: ProviderClientEntry }) {
  const { t, i18n } = useClientsTranslation();
  const locale = i18n.resolvedLanguage === 'de' ? 'de' : 'en';
  const name = fullName(client);
  const since = dateFormatter(locale, { dateStyle: 'medium' }).format(new Date(client.since));
  const contact = [
    client.email && { text: client.email, wrap: 'break-all' },
    client.phoneNumber && { text: formatPhone(client.phoneNumber), wrap: 'whitespace-nowrap' },
  ].filter((c) => !!c);
  const body = (
    <>
      <ProfileAvatar photoUrl={client.photoUrl} firstName={client.firstName} lastName={client.lastName} size="sm" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <p className="min-w-0 font-semibold break-words text-slate-900">
            {name || client.email || t('list.unnamed')}
          </p>
          <ClientStatusBadge status={client.status} />
          <ClientRiskBadge clientId={client.identifier} />
        </div>
        {contact.length > 0 && (
          <p className="mt-1 text-sm break-words text-slate-800">
            {contact.map((item, i) => (
              <span key={item.text}>
                {i > 0 && <span aria-hidden="true"> · </span>}
                <span className={item.wrap}>{item.text}</span>
              </span>
            ))}
          </p>
        )}
        <p className="mt-1 text-sm text-slate-600">
          {t('list.since', { date: since })}
          {!client.identifier && (
            <>
              <span aria-hidden="true"> · </span>
              {t('list.notLinked')}
            </>
          )}
        </p>
      </div>
    </>
  );
  if (!client.identifier) {
    return <li className="flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-4">{body}</li>;
  }
  return (
    <li>
      <Link
        to={`/clients/${client.identifier}`}
        className="flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 text-inherit no-underline! hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        {body}
        <ChevronRight aria-hidden="true" className="size-5 shrink-0 self-center text-slate-500" />
        <span className="sr-only">{t('list.openPage')}</span>
      </Link>
    </li>
  );
}
