import {
  accessLogQuery as accessLogQuerySchema,
  accessLogRecordTypes,
  type AccessLogEntry,
  type AccessLogRecordType,
} from '@therapy/contracts/access-log';
import { localize } from '@therapy/contracts/messages';
import { useQuery } from '@tanstack/react-query';
import { ScrollText, SearchX } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PracticePage } from '@/components/practice-page';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useAuthStore } from '@/lib/auth-store';
import { dateFormatter } from '@/lib/format';
import { accessLogQuery, clientChoicesQuery, type AccessLogFilters } from '../api/access-log-api';
import { useAccessLogTranslation, type AccessLogT } from '../i18n';
import { CsvDownload } from '../components/csv-download';

/** The address's filter names: short, and the same the client page links with (`/practice/access-log?client=<id>`). */
type Param = 'kind' | 'client' | 'from' | 'to' | 'page';

const pageParam = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

function filtersFrom(params: URLSearchParams): AccessLogFilters {
  return {
    recordType: (params.get('kind') || undefined) as AccessLogRecordType | undefined,
    clientIdentifier: params.get('client') || undefined,
    fromDate: params.get('from') || undefined,
    toDate: params.get('to') || undefined,
    page: pageParam(params.get('page')),
  };
}

/**
 * /practice/access-log (issue 20; HIPAA §164.312(b)): who read or changed the provider's notes and their clients'
 * records, when and from where, newest first. Filters (kind of record, client, days in the provider's time zone) and
 * the page live in the address, so Back, a reload and the client page's link keep them. A table from 768 px, a list
 * of cards below.
 */
export function AccessLogRoute() {
  const { t } = useAccessLogTranslation();
  return (
    <PracticePage
      width="6xl"
      title={t('title')}
      lead={t('lead')}
      clientNotice={{ title: t('providersOnly.title'), body: t('providersOnly.body') }}
    >
      <ProviderAccessLog />
    </PracticePage>
  );
}

function ProviderAccessLog() {
  const { t } = useAccessLogTranslation();
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  // Filters from the address are checked with the API's own schema, so a hand-made link never sends a refused query.
  const checked = accessLogQuerySchema.safeParse(filters);
  const list = useQuery({ ...accessLogQuery(filters), enabled: checked.success });
  const filtered = !!(filters.recordType || filters.clientIdentifier || filters.fromDate || filters.toDate);

  const apply = (next: Partial<Record<Param, string>>) => {
    const search = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) search.set(key, value);
      else search.delete(key);
    }
    setParams(search, { preventScrollReset: true });
  };
  const clear = () => apply({ kind: '', client: '', from: '', to: '', page: '' });

  const problem = checked.success ? undefined : checked.error.issues[0]?.message;
  const rawClient = params.get('client') ?? '';
  const clientName = list.data?.data.find((e) => e.clientIdentifier === rawClient)?.clientName ?? undefined;

  return (
    <>
      <Filters
        key={[params.get('kind'), rawClient, params.get('from'), params.get('to')].join('|')}
        initial={{
          kind: params.get('kind') ?? '',
          client: rawClient,
          from: params.get('from') ?? '',
          to: params.get('to') ?? '',
        }}
        chosenClientName={clientName}
        onApply={(values) => apply({ ...values, page: '' })}
        onClear={clear}
        canClear={filtered}
      />

      <div className="mt-4 flex justify-end">
        <CsvDownload
          filters={{
            recordType: filters.recordType,
            clientIdentifier: filters.clientIdentifier,
            fromDate: filters.fromDate,
            toDate: filters.toDate,
          }}
          disabled={!!problem}
        />
      </div>

      <div className="mt-4">
        {problem ? (
          <Alert
            tone="error"
            action={
              <Button size="sm" variant="secondary" onClick={clear}>
                {t('filters.clear')}
              </Button>
            }
          >
            <ProblemText problem={problem} />
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
            {t('loadFailed')}
          </Alert>
        ) : list.data.data.length === 0 ? (
          filtered || filters.page > 1 ? (
            <EmptyState
              icon={SearchX}
              title={t('emptyFilteredTitle')}
              description={t('emptyFilteredBody')}
              action={
                <Button variant="secondary" onClick={clear}>
                  {t('filters.clear')}
                </Button>
              }
            />
          ) : (
            <EmptyState icon={ScrollText} title={t('emptyTitle')} description={t('emptyBody')} />
          )
        ) : (
          <div aria-busy={list.isPlaceholderData || undefined}>
            <EntryTable entries={list.data.data} />
            <EntryCards entries={list.data.data} />
            <Pager
              page={filters.page}
              totalPages={list.data.meta.totalPages}
              onPage={(page) => apply({ page: page > 1 ? String(page) : '' })}
            />
          </div>
        )}
        {/* How many entries match, said politely after each filter or page without moving focus. */}
        <p role="status" className="mt-3 text-sm text-slate-700">
          {list.isSuccess && !list.isPlaceholderData && list.data.data.length > 0
            ? t('count', { count: list.data.meta.total })
            : ''}
        </p>
      </div>
    </>
  );
}

function ProblemText({ problem }: { problem: string }) {
  const { t, locale } = useAccessLogTranslation();
  return <>{t('badFilters', { problem: localize(problem, locale) })}</>;
}

interface FilterFields {
  kind: string;
  client: string;
  from: string;
  to: string;
}

/** Kind of record, client and days; checked with the list query's own schema before the address changes. */
function Filters({
  initial,
  chosenClientName,
  onApply,
  onClear,
  canClear,
}: {
  initial: FilterFields;
  chosenClientName: string | undefined;
  onApply: (values: FilterFields) => void;
  onClear: () => void;
  canClear: boolean;
}) {
  const { t } = useAccessLogTranslation();
  const zone = useAuthStore((s) => s.user?.timezone) || 'UTC';
  const clients = useQuery(clientChoicesQuery());
  const [values, setValues] = useState<FilterFields>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof FilterFields, string>>>({});
  const headingId = useId();
  const set = (key: keyof FilterFields) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));
  const choices = clients.data ?? [];
  const chosenMissing = values.client !== '' && !choices.some((c) => c.identifier === values.client);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = accessLogQuerySchema.safeParse({
      recordType: values.kind || undefined,
      clientIdentifier: values.client || undefined,
      fromDate: values.from || undefined,
      toDate: values.to || undefined,
    });
    if (!parsed.success) {
      const field: Record<string, keyof FilterFields> = {
        recordType: 'kind',
        clientIdentifier: 'client',
        fromDate: 'from',
        toDate: 'to',
      };
      const next: Partial<Record<keyof FilterFields, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = field[String(issue.path[0])];
        if (key) next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    onApply(values);
  };

  return (
    <form
      role="search"
      aria-labelledby={headingId}
      onSubmit={submit}
      noValidate
      className="rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      <h2 id={headingId} className="mb-3 text-base font-semibold text-slate-900">
        {t('filters.label')}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <FormField label={t('filters.kind')} error={errors.kind}>
          {(c) => (
            <Select {...c} value={values.kind} onChange={set('kind')}>
              <option value="">{t('filters.allKinds')}</option>
              {accessLogRecordTypes.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`kinds.${kind}`)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label={t('filters.client')} error={errors.client}>
          {(c) => (
            <Select {...c} value={values.client} onChange={set('client')}>
              <option value="">{t('filters.allClients')}</option>
              {chosenMissing && <option value={values.client}>{chosenClientName || t('filters.chosenClient')}</option>}
              {choices.map((client) => (
                <option key={client.identifier} value={client.identifier}>
                  {client.name}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label={t('filters.from')} error={errors.from}>
          {(c) => <Input {...c} type="date" value={values.from} onChange={set('from')} />}
        </FormField>
        <FormField label={t('filters.to')} error={errors.to}>
          {(c) => <Input {...c} type="date" value={values.to} onChange={set('to')} />}
        </FormField>
      </div>
      <p className="mt-2 text-sm text-slate-600">{t('filters.daysHint', { zone })}</p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <Button type="submit" variant="secondary">
          {t('filters.apply')}
        </Button>
        {canClear && (
          <Button variant="ghost" onClick={onClear}>
            {t('filters.clear')}
          </Button>
        )}
      </div>
    </form>
  );
}

/** The words for one entry, shared by the table and the cards. */
function useEntryText() {
  const { t, locale } = useAccessLogTranslation();
  const zone = useAuthStore((s) => s.user?.timezone) || 'UTC';
  // To the second: an audit reader tells apart what happened within one minute.
  const format = dateFormatter(locale, { dateStyle: 'medium', timeStyle: 'medium', timeZone: zone });
  const dayFormat = dateFormatter(locale, { dateStyle: 'medium', timeZone: zone });
  return {
    day: (iso: string) => dayFormat.format(new Date(iso)),
    when: (e: AccessLogEntry) => format.format(new Date(e.at)),
    who: (e: AccessLogEntry) => whoText(t, e),
    what: (e: AccessLogEntry) => whatText(t, e),
    kind: (e: AccessLogEntry) => t(`record.${e.recordType}`),
    device: (e: AccessLogEntry) => deviceText(t, e),
    address: (e: AccessLogEntry) => e.ipAddress ?? t('from.unknownAddress'),
  };
}

function whoText(t: AccessLogT, e: AccessLogEntry): string {
  if (e.actorRole === 'you') return t('who.you');
  if (e.actorRole === 'client') return e.actorName ? t('who.client', { name: e.actorName }) : t('who.clientUnnamed');
  return e.actorName ? t('who.other', { name: e.actorName }) : t('who.unknown');
}

function whatText(t: AccessLogT, e: AccessLogEntry): string {
  const { action } = e;
  if (e.recordType === 'note') {
    return action === 'answer' || action === 'review' ? t('what.other') : t(`what.note.${action}`);
  }
  if (action === 'update' || action === 'delete' || action === 'download' || action === 'sign' || action === 'addendum')
    return t('what.other');
  return e.recordType === 'client' ? t(`what.client.${action}`) : t(`what.measure.${action}`);
}

/** "Firefox on Linux"; the agent itself (shortened) when it names neither. */
function deviceText(t: AccessLogT, e: AccessLogEntry): string {
  const { browser, os } = e.device;
  if (browser && os) return t('from.device', { browser, os });
  if (browser || os) return (browser ?? os)!;
  if (e.userAgent) return e.userAgent.length > 60 ? `${e.userAgent.slice(0, 59)}…` : e.userAgent;
  return t('from.unknownDevice');
}

/** The record: its kind and whom it is about (a link to the client's page while the client is known). */
function RecordCell({ entry }: { entry: AccessLogEntry }) {
  const { t } = useAccessLogTranslation();
  const text = useEntryText();
  const about = entry.clientIdentifier ? (
    <Link to={`/clients/${entry.clientIdentifier}`} className="text-brand-800 underline underline-offset-2">
      {entry.clientName ? t('record.about', { name: entry.clientName }) : t('record.aboutClient')}
    </Link>
  ) : entry.recordType === 'note' ? (
    <span className="text-slate-600">{t('record.deletedNote')}</span>
  ) : null;
  return (
    <>
      <span className="block font-medium text-slate-900">{text.kind(entry)}</span>
      {/* Issue 47: which note it was, by its title and the day it was written. */}
      {entry.noteTitle && (
        <span className="block break-words text-slate-900">
          {t('record.noteTitle', { title: entry.noteTitle, date: text.day(entry.noteCreatedAt!) })}
        </span>
      )}
      {about && <span className="block break-words">{about}</span>}
    </>
  );
}

function FromCell({ entry }: { entry: AccessLogEntry }) {
  const text = useEntryText();
  return (
    <>
      <span className="block break-words text-slate-900">{text.device(entry)}</span>
      <span className="block break-all text-slate-600">{text.address(entry)}</span>
    </>
  );
}

const entryKey = (e: AccessLogEntry) => `${e.recordType}:${e.recordIdentifier}:${e.at}:${e.action}`;

function EntryTable({ entries }: { entries: AccessLogEntry[] }) {
  const { t } = useAccessLogTranslation();
  const text = useEntryText();
  return (
    <div className="hidden overflow-hidden rounded-xl border border-slate-200 bg-white md:block">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{t('table.caption')}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('table.when')}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('table.who')}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('table.what')}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('table.record')}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t('table.from')}
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={entryKey(e)} className="border-t border-slate-200 align-top">
              <th scope="row" className="px-3 py-2 font-medium whitespace-nowrap text-slate-900">
                <time dateTime={e.at}>{text.when(e)}</time>
              </th>
              <td className="px-3 py-2 break-words text-slate-900">{text.who(e)}</td>
              <td className="px-3 py-2 text-slate-900">{text.what(e)}</td>
              <td className="px-3 py-2">
                <RecordCell entry={e} />
              </td>
              <td className="px-3 py-2">
                <FromCell entry={e} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Below 768 px: one card per entry, its parts labelled like the table's columns. */
function EntryCards({ entries }: { entries: AccessLogEntry[] }) {
  const { t } = useAccessLogTranslation();
  const text = useEntryText();
  return (
    <ul className="flex flex-col gap-3 md:hidden" aria-label={t('table.caption')}>
      {entries.map((e) => (
        <li key={entryKey(e)} className="rounded-xl border border-slate-200 bg-white p-4 text-sm">
          <p className="font-semibold text-slate-900">{text.what(e)}</p>
          <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5">
            <dt className="text-slate-600">{t('table.when')}</dt>
            <dd className="text-slate-900">
              <time dateTime={e.at}>{text.when(e)}</time>
            </dd>
            <dt className="text-slate-600">{t('table.who')}</dt>
            <dd className="break-words text-slate-900">{text.who(e)}</dd>
            <dt className="text-slate-600">{t('table.record')}</dt>
            <dd>
              <RecordCell entry={e} />
            </dd>
            <dt className="text-slate-600">{t('table.from')}</dt>
            <dd>
              <FromCell entry={e} />
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

function Pager({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  const { t } = useAccessLogTranslation();
  if (totalPages <= 1 && page <= 1) return null;
  return (
    <nav aria-label={t('pagination')} className="mt-6 flex items-center justify-between gap-3">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('previous')}
      </Button>
      <p className="text-center text-sm text-slate-700">{t('pageOf', { page, total: Math.max(totalPages, page) })}</p>
      <Button variant="secondary" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        {t('next')}
      </Button>
    </nav>
  );
}
