import { formatPhone } from '@therapy/contracts/fields';
import type { Booking } from '@therapy/contracts/bookings';
import { noteListQuery, noteTypes, type NoteType } from '@therapy/contracts/notes';
import { useQuery } from '@tanstack/react-query';
import {
  ArrowLeft,
  CalendarDays,
  ChevronRight,
  MessageSquare,
  NotebookPen,
  Plus,
  ScrollText,
  UserRound,
  UserX,
} from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, Outlet, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { ProfileAvatar } from '@/components/profile-avatar';
import { SectionCard, SectionStatus } from '@/components/section-card';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-error';
import { dateFormatter } from '@/lib/format';
import { openModal } from '@/lib/modal-store';
import { referenceName } from '@/lib/reference-names-de';
import {
  clientAppointmentsQuery,
  clientNotesQuery,
  clientProfileQuery,
  clientRelationQuery,
  type ClientNoteFilters,
} from '../api/notes-api';
import { useViewerZone } from '../components/note-bits';
import { NoteList } from '../components/note-list';
import { useNotesTranslation } from '../i18n';
import { TemplatesButton } from '../components/templates-button';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BACK_TO = '/clients/imported/';

const pageParam = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

/**
 * A provider's client (/clients/:clientId): first whether they are the provider's client (GET /clients/relation/{id};
 * 404 is "not your client"), then their profile, the provider's appointments with them and the notes about them
 * (session and client notes, filtered by title, kind and days, paged), with "Add Client Note".
 */
export function ClientRoute() {
  const { t } = useNotesTranslation();
  const { clientId = '' } = useParams();
  const validId = uuidPattern.test(clientId);
  const relation = useQuery({ ...clientRelationQuery(clientId), enabled: validId });

  if (!validId || (relation.isError && isApiError(relation.error) && relation.error.status === 404)) {
    return (
      <Page>
        <h1 className="sr-only">{t('client.title')}</h1>
        <EmptyState
          icon={UserX}
          title={t('client.notYours')}
          description={t('client.notYoursHint')}
          headingLevel={2}
          action={<BackLink />}
        />
      </Page>
    );
  }
  if (relation.isPending) {
    return (
      <Page>
        <h1 className="sr-only">{t('client.title')}</h1>
        <div className="flex justify-center py-16">
          <span role="status" className="inline-flex items-center gap-2 text-sm text-slate-700">
            <Spinner size="md" className="text-brand-700" />
            {t('client.loading')}
          </span>
        </div>
      </Page>
    );
  }
  if (relation.isError) {
    return (
      <Page>
        <h1 className="text-2xl font-semibold text-slate-900">{t('client.title')}</h1>
        <Alert
          tone="error"
          className="mt-6"
          action={
            <Button size="sm" variant="secondary" pending={relation.isFetching} onClick={() => void relation.refetch()}>
              {t('client.retry')}
            </Button>
          }
        >
          {t('client.loadFailed')}
        </Alert>
        <BackLink className="mt-6" />
      </Page>
    );
  }
  return <ClientPage clientId={clientId} sources={relation.data.sources} hasAccount={!relation.data.record} />;
}

function Page({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">{children}</div>;
}

function BackLink({ className }: { className?: string }) {
  const { t } = useNotesTranslation();
  return (
    <Link to={BACK_TO} className={buttonClasses({ variant: 'secondary', className })}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('client.back')}
    </Link>
  );
}

function fullName(profile: { firstName: string | null; lastName: string | null; userName: string | null }): string {
  return [profile.firstName, profile.lastName].filter(Boolean).join(' ') || profile.userName || '';
}

function ClientPage({
  clientId,
  sources,
  hasAccount,
}: {
  clientId: string;
  sources: Array<'booking' | 'import'>;
  /** False for a client without an account (decision 0053): there is nobody to message yet. */
  hasAccount: boolean;
}) {
  const { t } = useNotesTranslation();
  const profile = useQuery(clientProfileQuery(clientId));
  const name = profile.data ? fullName(profile.data) : '';

  return (
    <Page>
      <div className="mb-6">
        <Link
          to={BACK_TO}
          className="inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-brand-800 underline-offset-2 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('client.back')}
        </Link>
      </div>
      <div className="flex items-center gap-4">
        <ProfileAvatar
          photoUrl={profile.data?.photoUrl}
          firstName={profile.data?.firstName}
          lastName={profile.data?.lastName}
          size="md"
        />
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
            {name || t('client.title')}
          </h1>
          <p className="mt-1 flex flex-wrap gap-2">
            {sources.map((source) => (
              <span
                key={source}
                className="inline-flex rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-800 ring-1 ring-inset ring-slate-300"
              >
                {t(`client.source.${source}`)}
              </span>
            ))}
          </p>
        </div>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        {hasAccount && (
          <Link to={`/messages?with=${clientId}`} className={buttonClasses({ variant: 'secondary' })}>
            <MessageSquare aria-hidden="true" className="size-4" />
            {t('client.message')}
          </Link>
        )}
        {/* Who opened this client's page and notes (issue 20): the access log's own page, filtered to this client. */}
        <Link to={`/practice/access-log?client=${clientId}`} className={buttonClasses({ variant: 'ghost' })}>
          <ScrollText aria-hidden="true" className="size-4" />
          {t('client.accessLog')}
        </Link>
      </div>

      <div className="mt-6 space-y-6">
        <SectionCard icon={UserRound} title={t('client.profile')}>
          <SectionStatus
            loading={profile.isPending}
            error={profile.isError}
            onRetry={() => void profile.refetch()}
            loadingLabel={t('client.loading')}
            errorText={t('client.loadFailed')}
            retryLabel={t('client.retry')}
          />
          {profile.data && (
            <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
              <dt className="font-medium text-slate-600">{t('client.email')}</dt>
              <dd className="break-all text-slate-900">
                <a href={`mailto:${profile.data.email}`} className="text-brand-800 underline underline-offset-2">
                  {profile.data.email}
                </a>
              </dd>
              <dt className="font-medium text-slate-600">{t('client.phone')}</dt>
              <dd className="text-slate-900">
                {profile.data.phoneNumber ? (
                  <a href={`tel:${profile.data.phoneNumber}`} className="text-brand-800 underline underline-offset-2">
                    {formatPhone(profile.data.phoneNumber)}
                  </a>
                ) : (
                  t('client.none')
                )}
              </dd>
              <dt className="font-medium text-slate-600">{t('client.timezone')}</dt>
              <dd className="break-words text-slate-900">{profile.data.timezone ?? t('client.none')}</dd>
            </dl>
          )}
        </SectionCard>

        <ClientAppointments clientId={clientId} />
        {/* The questionnaires and their scores (issue 20), from the measures feature through the router. */}
        <Outlet />
        <ClientNotes clientId={clientId} />
      </div>
    </Page>
  );
}

function Pager({
  page,
  totalPages,
  label,
  onPage,
}: {
  page: number;
  totalPages: number;
  label: string;
  onPage: (page: number) => void;
}) {
  const { t } = useNotesTranslation();
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('list.previous')}
      </Button>
      <p className="text-sm text-slate-700">{t('list.pageOf', { page, total: totalPages })}</p>
      <Button variant="secondary" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        {t('list.next')}
      </Button>
    </nav>
  );
}

function formatWhen(booking: Booking, locale: string, timeZone: string): string | null {
  if (!booking.startTime) return null;
  const options: Intl.DateTimeFormatOptions = {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  };
  const start = new Date(booking.startTime);
  const end = booking.endTime ? new Date(booking.endTime) : null;
  return end ? dateFormatter(locale, options).formatRange(start, end) : dateFormatter(locale, options).format(start);
}

function ClientAppointments({ clientId }: { clientId: string }) {
  const { t, locale } = useNotesTranslation();
  const zone = useViewerZone();
  const [params, setParams] = useSearchParams();
  const page = pageParam(params.get('appointmentsPage'));
  const list = useQuery(clientAppointmentsQuery(clientId, page));

  const go = (next: number) => {
    const search = new URLSearchParams(params);
    search.set('appointmentsPage', String(next));
    setParams(search, { preventScrollReset: true });
  };

  return (
    <SectionCard icon={CalendarDays} title={t('client.appointments.heading')}>
      <SectionStatus
        loading={list.isPending}
        error={list.isError}
        onRetry={() => void list.refetch()}
        loadingLabel={t('client.appointments.loading')}
        errorText={t('client.appointments.loadFailed')}
        retryLabel={t('client.retry')}
      />
      {list.isSuccess &&
        (list.data.data.length === 0 ? (
          <p className="text-sm text-slate-700">{t('client.appointments.empty')}</p>
        ) : (
          <>
            <ul
              className="divide-y divide-slate-200 rounded-xl border border-slate-200"
              aria-label={t('client.appointments.heading')}
            >
              {list.data.data.map((booking) => {
                const when = formatWhen(booking, locale, zone) ?? t('client.appointments.noTime');
                return (
                  <li key={booking.identifier}>
                    <Link
                      to={`/appointments/${booking.identifier}`}
                      className="flex min-h-11 items-center gap-3 px-4 py-3 text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-700"
                    >
                      <span className="min-w-0 flex-1">
                        <span className="block font-medium text-slate-900">{when}</span>
                        <span className="block text-slate-700">
                          {referenceName(
                            'therapy-category',
                            booking.therapyCategory.code,
                            booking.therapyCategory.name,
                            locale,
                          )}{' '}
                          · {t(`client.status.${booking.status}`)}
                        </span>
                      </span>
                      <ChevronRight className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
                    </Link>
                  </li>
                );
              })}
            </ul>
            <Pager
              page={page}
              totalPages={list.data.meta.totalPages}
              label={t('client.appointments.pagination')}
              onPage={go}
            />
          </>
        ))}
    </SectionCard>
  );
}

interface FilterFields {
  title: string;
  type: '' | NoteType;
  fromDate: string;
  toDate: string;
}

function filtersFrom(params: URLSearchParams): ClientNoteFilters {
  const type = params.get('type');
  return {
    title: params.get('title') || undefined,
    type: (noteTypes as readonly string[]).includes(type ?? '') ? (type as NoteType) : undefined,
    fromDate: params.get('fromDate') || undefined,
    toDate: params.get('toDate') || undefined,
    page: pageParam(params.get('notesPage')),
  };
}

function ClientNotes({ clientId }: { clientId: string }) {
  const { t } = useNotesTranslation();
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  // Filters from the address are checked like the form's, so a hand-made link never asks for a refused query.
  const valid = noteListQuery.safeParse(filters).success;
  const list = useQuery({ ...clientNotesQuery(clientId, filters), enabled: valid });
  const filtered = !!(filters.title || filters.type || filters.fromDate || filters.toDate);

  const apply = (next: Partial<Record<'title' | 'type' | 'fromDate' | 'toDate' | 'notesPage', string>>) => {
    const search = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) search.set(key, value);
      else search.delete(key);
    }
    setParams(search, { preventScrollReset: true });
  };

  return (
    <SectionCard icon={NotebookPen} title={t('client.notes.heading')} description={t('client.notes.lead')}>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => openModal('note-add', { type: 'client', reference: clientId }, { size: 'md' })}>
          <Plus className="size-4" aria-hidden="true" />
          {t('client.notes.add')}
        </Button>
        <TemplatesButton />
      </div>

      <NoteFilters
        initial={{
          title: filters.title ?? '',
          type: filters.type ?? '',
          fromDate: filters.fromDate ?? '',
          toDate: filters.toDate ?? '',
        }}
        onApply={(values) => apply({ ...values, notesPage: '' })}
        onClear={() => apply({ title: '', type: '', fromDate: '', toDate: '', notesPage: '' })}
        canClear={filtered}
      />

      <div className="mt-4">
        <SectionStatus
          loading={valid && list.isPending}
          error={list.isError}
          onRetry={() => void list.refetch()}
          loadingLabel={t('client.notes.loading')}
          errorText={t('client.notes.loadFailed')}
          retryLabel={t('client.retry')}
        />
        {valid && list.isSuccess && (
          <>
            <p role="status" className="mb-3 text-sm text-slate-700">
              {list.data.data.length === 0
                ? filtered
                  ? t('client.notes.emptyFiltered')
                  : t('client.notes.empty')
                : t('client.notes.count', { count: list.data.meta.total })}
            </p>
            {list.data.data.length > 0 && (
              <NoteList notes={list.data.data} label={t('client.notes.heading')} showKind />
            )}
            <Pager
              page={filters.page}
              totalPages={list.data.meta.totalPages}
              label={t('list.pagination')}
              onPage={(page) => apply({ notesPage: String(page) })}
            />
          </>
        )}
      </div>
    </SectionCard>
  );
}

const filterKey = (f: FilterFields) => [f.title, f.type, f.fromDate, f.toDate].join('|');

/** Title words, kind and days written; checked with the list query's own schema before the address changes. */
function NoteFilters({
  initial,
  onApply,
  onClear,
  canClear,
}: {
  initial: FilterFields;
  onApply: (values: FilterFields) => void;
  onClear: () => void;
  canClear: boolean;
}) {
  const { t } = useNotesTranslation();
  const [values, setValues] = useState<FilterFields>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof FilterFields, string>>>({});
  const legendId = useId();
  // The address holds the filters. When it changes from elsewhere (back, a link) the form shows it; when it changes
  // because this form applied or cleared, the form keeps what was typed since (the address arrives a moment later,
  // and remounting then wiped text typed right after "Clear filters").
  const initialKey = filterKey(initial);
  const [shownKey, setShownKey] = useState(initialKey);
  const [ownKey, setOwnKey] = useState<string | null>(null);
  if (initialKey !== shownKey) {
    setShownKey(initialKey);
    setOwnKey(null);
    if (initialKey !== ownKey) {
      setValues(initial);
      setErrors({});
    }
  }
  const set = (key: keyof FilterFields) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = noteListQuery.safeParse({
      title: values.title || undefined,
      type: values.type || undefined,
      fromDate: values.fromDate || undefined,
      toDate: values.toDate || undefined,
    });
    if (!parsed.success) {
      const next: Partial<Record<keyof FilterFields, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof FilterFields;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    const applied = { ...values, title: values.title.trim() };
    setOwnKey(filterKey(applied));
    onApply(applied);
  };

  return (
    <form
      role="search"
      aria-labelledby={legendId}
      onSubmit={submit}
      noValidate
      className="mt-5 rounded-xl bg-slate-50 p-4"
    >
      <h3 id={legendId} className="mb-3 text-sm font-semibold text-slate-900">
        {t('client.filters.label')}
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label={t('client.filters.title')} error={errors.title}>
          {(c) => <Input {...c} type="search" value={values.title} onChange={set('title')} autoComplete="off" />}
        </FormField>
        <FormField label={t('client.filters.type')} error={errors.type}>
          {(c) => (
            <Select {...c} value={values.type} onChange={set('type')}>
              <option value="">{t('client.filters.all')}</option>
              <option value="booking">{t('client.filters.booking')}</option>
              <option value="client">{t('client.filters.client')}</option>
            </Select>
          )}
        </FormField>
        <FormField label={t('client.filters.from')} error={errors.fromDate}>
          {(c) => <Input {...c} type="date" value={values.fromDate} onChange={set('fromDate')} />}
        </FormField>
        <FormField label={t('client.filters.to')} error={errors.toDate}>
          {(c) => <Input {...c} type="date" value={values.toDate} onChange={set('toDate')} />}
        </FormField>
      </div>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <Button type="submit" variant="secondary">
          {t('client.filters.apply')}
        </Button>
        {canClear && (
          <Button
            variant="ghost"
            onClick={() => {
              const cleared: FilterFields = { title: '', type: '', fromDate: '', toDate: '' };
              setValues(cleared);
              setErrors({});
              setOwnKey(filterKey(cleared));
              onClear();
            }}
          >
            {t('client.filters.clear')}
          </Button>
        )}
      </div>
    </form>
  );
}
