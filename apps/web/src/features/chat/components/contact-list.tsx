import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Search, UsersRound } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { ProfileAvatar } from '@/components/profile-avatar';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { contactsQuery } from '../api/chat-api';
import { useChatTranslation } from '../i18n';
import { PaneError, PaneSpinner, personName } from './chat-bits';

/**
 * "New message": whom one may write to (GET /messages/contacts), searchable by name. Choosing one opens (or finds)
 * the conversation with them.
 */
export function ContactList({
  onBack,
  onChoose,
  opening,
}: {
  onBack: () => void;
  onChoose: (userId: string) => void;
  opening: string | null;
}) {
  const { t } = useChatTranslation();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const contacts = useQuery(contactsQuery(deferred));
  const searchId = useId();
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} className="flex min-h-0 flex-1 flex-col">
      <div className="border-b border-slate-200 p-3">
        <div className="flex items-center gap-2">
          <Button variant="ghost" size="sm" className="px-2" onClick={onBack}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            <span className="sr-only">{t('contacts.back')}</span>
          </Button>
          <h2 id={headingId} className="font-semibold text-slate-900">
            {t('contacts.heading')}
          </h2>
        </div>
        <div className="relative mt-2">
          <label htmlFor={searchId} className="sr-only">
            {t('contacts.search')}
          </label>
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
            aria-hidden="true"
          />
          {/* The panel opened for this: the search takes the keyboard at once. */}
          <Input
            id={searchId}
            type="search"
            autoFocus
            className="pl-9"
            placeholder={t('list.searchPlaceholder')}
            value={search}
            maxLength={100}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
      </div>
      {contacts.isPending ? (
        <PaneSpinner label={t('contacts.heading')} />
      ) : contacts.isError ? (
        <PaneError onRetry={() => void contacts.refetch()} retryLabel={t('retry')}>
          {t('contacts.error')}
        </PaneError>
      ) : contacts.data.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center text-sm text-slate-700">
          <UsersRound className="size-8 text-brand-700" aria-hidden="true" />
          <p>{deferred ? t('contacts.noMatch', { search: deferred }) : t('contacts.empty')}</p>
        </div>
      ) : (
        <ul className="min-h-0 flex-1 divide-y divide-slate-100 overflow-y-auto" aria-busy={contacts.isFetching}>
          {contacts.data.map((c) => (
            <li key={c.identifier}>
              <button
                type="button"
                className="flex w-full items-center gap-3 px-3 py-3 text-left hover:bg-slate-50 focus-visible:bg-slate-50 disabled:opacity-60"
                disabled={opening !== null}
                aria-busy={opening === c.identifier || undefined}
                onClick={() => onChoose(c.identifier)}
              >
                <ProfileAvatar photoUrl={c.photoUrl} firstName={c.firstName} lastName={c.lastName} size="sm" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-slate-900">{personName(c, t)}</span>
                  <span className="block text-sm text-slate-600">
                    {c.userType === 'provider' ? t('contacts.provider') : t('contacts.client')}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
