import type { Conversation } from '@therapy/contracts/chat';
import { message } from '@therapy/contracts/messages';
import { useInfiniteQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { MessagesSquare, Paperclip, Search } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { Link } from 'react-router';
import { ProfileAvatar } from '@/components/profile-avatar';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useAuthStore } from '@/lib/auth-store';
import { chatListQuery } from '../api/chat-api';
import { useChatTranslation } from '../i18n';
import { PaneError, PaneSpinner, personName, shortStamp } from './chat-bits';

/** The last message's line under a name: its text, "Attachment", or that it was deleted; "You: " before one's own. */
function Preview({ conversation }: { conversation: Conversation }) {
  const { t, locale } = useChatTranslation();
  const me = useAuthStore((s) => s.user?.identifier);
  const last = conversation.lastMessage;
  if (!last) return <span className="italic">{t('list.noMessages')}</span>;
  const text = last.isDeleted ? message('chatMessageDeleted', locale) : last.preview || t('list.attachment');
  return (
    <span className={clsx('flex min-w-0 items-center gap-1', last.isDeleted && 'italic')}>
      {last.hasAttachments && !last.isDeleted && <Paperclip className="size-3.5 shrink-0" aria-hidden="true" />}
      <span className="truncate">{last.senderIdentifier === me ? t('list.you', { text }) : text}</span>
    </span>
  );
}

/**
 * The chat list (GET /messages/chat-list): latest first, the last message, unread counts, a search by name, more by
 * cursor. The chosen conversation is marked as the current one.
 */
export function ConversationList({ selectedId }: { selectedId: string | null }) {
  const { t, locale } = useChatTranslation();
  const userType = useAuthStore((s) => s.user?.userType);
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const list = useInfiniteQuery(chatListQuery(deferred));
  const searchId = useId();
  const conversations = list.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="border-b border-slate-200 p-3">
        <div className="relative">
          <label htmlFor={searchId} className="sr-only">
            {t('list.search')}
          </label>
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
            aria-hidden="true"
          />
          <Input
            id={searchId}
            type="search"
            className="pl-9"
            placeholder={t('list.searchPlaceholder')}
            value={search}
            maxLength={100}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
      </div>

      {list.isPending ? (
        <PaneSpinner label={t('list.label')} />
      ) : list.isError && conversations.length === 0 ? (
        <PaneError onRetry={() => void list.refetch()} retryLabel={t('retry')}>
          {t('list.error')}
        </PaneError>
      ) : conversations.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
          <MessagesSquare className="size-8 text-brand-700" aria-hidden="true" />
          {deferred ? (
            <p className="text-sm text-slate-700">{t('list.noMatch', { search: deferred })}</p>
          ) : (
            <>
              <h2 className="font-semibold text-slate-900">{t('list.empty')}</h2>
              <p className="max-w-xs text-sm text-slate-700">
                {userType === 'provider' ? t('list.emptyProvider') : t('list.emptyClient')}
              </p>
            </>
          )}
        </div>
      ) : (
        <nav aria-label={t('list.label')} className="min-h-0 flex-1 overflow-y-auto" aria-busy={list.isFetching}>
          <ul className="divide-y divide-slate-100">
            {conversations.map((c) => {
              const name = personName(c.participant, t);
              const current = c.identifier === selectedId;
              const at = c.lastMessage?.createdAt ?? c.updatedAt;
              return (
                <li key={c.identifier}>
                  <Link
                    to={`/messages?conversation=${c.identifier}`}
                    aria-current={current ? 'page' : undefined}
                    className={clsx(
                      'flex items-center gap-3 px-3 py-3 text-slate-900 no-underline! hover:bg-slate-50',
                      current && 'bg-brand-50 hover:bg-brand-50',
                    )}
                  >
                    <ProfileAvatar
                      photoUrl={c.participant.photoUrl}
                      firstName={c.participant.firstName}
                      lastName={c.participant.lastName}
                      size="sm"
                    />
                    <span className="min-w-0 flex-1">
                      <span className="flex items-baseline gap-2">
                        <span
                          className={clsx('min-w-0 flex-1 truncate', c.unreadCount > 0 ? 'font-bold' : 'font-medium')}
                        >
                          {name}
                        </span>
                        <time dateTime={at} className="shrink-0 text-xs text-slate-600">
                          {shortStamp(at, locale)}
                        </time>
                      </span>
                      <span className="mt-0.5 flex items-center gap-2 text-sm text-slate-700">
                        <span className="min-w-0 flex-1">
                          <Preview conversation={c} />
                        </span>
                        {c.unreadCount > 0 && (
                          <span className="shrink-0 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
                            <span aria-hidden="true">{c.unreadCount}</span>
                            <span className="sr-only">{t('list.unread', { count: c.unreadCount })}</span>
                          </span>
                        )}
                      </span>
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
          {list.hasNextPage && (
            <div className="p-3">
              <Button
                variant="secondary"
                size="sm"
                fullWidth
                pending={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {t('list.loadMore')}
              </Button>
            </div>
          )}
        </nav>
      )}
    </div>
  );
}
