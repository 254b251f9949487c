import { useInfiniteQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router';
import { ProfileAvatar } from '@/components/profile-avatar';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-error';
import { useAuthStore } from '@/lib/auth-store';
import { conversationQuery, useMarkSeen } from '../api/chat-api';
import { useChatTranslation } from '../i18n';
import { PaneError, PaneSpinner, personName } from './chat-bits';
import { Composer } from './composer';
import { MessageItem } from './message-item';

/** How close to the bottom (px) still counts as "reading the latest": a new message then scrolls into view. */
const NEAR_BOTTOM = 120;

/**
 * Marks the conversation read while it is on screen: once for each newest message of the other side, and again when
 * the tab comes back into view with one it has not marked yet.
 */
function useMarkSeenWhileVisible(conversationId: string, newestIncomingId: string | undefined) {
  const markSeen = useMarkSeen();
  const marked = useRef<string | undefined>(undefined);
  const mutate = markSeen.mutate;
  useEffect(() => {
    const mark = () => {
      if (!newestIncomingId || marked.current === newestIncomingId || document.visibilityState !== 'visible') return;
      marked.current = newestIncomingId;
      mutate(conversationId);
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [conversationId, newestIncomingId, mutate]);
}

/**
 * One conversation: who it is with, its messages oldest first (earlier ones by cursor), live as they come, and the
 * composer. The list is a log, so screen readers hear new messages as they arrive.
 */
export function ConversationView({ conversationId }: { conversationId: string }) {
  const { t } = useChatTranslation();
  const me = useAuthStore((s) => s.user?.identifier);
  const query = useInfiniteQuery(conversationQuery(conversationId));
  const scroller = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const heightBeforeEarlier = useRef<number | null>(null);

  const pages = query.data?.pages ?? [];
  const participant = pages[0]?.participant;
  const name = personName(participant, t);
  // Pages come newest first; the screen reads top to bottom, oldest first.
  const items = pages.flatMap((p) => p.data).toReversed();
  const newestIncomingId = items.findLast((m) => m.senderIdentifier !== me)?.identifier;
  const newestId = items.at(-1)?.identifier;
  useMarkSeenWhileVisible(conversationId, newestIncomingId);

  // Keep the view on the latest message while the reader is there; keep the place when earlier ones are added above.
  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box) return;
    if (heightBeforeEarlier.current !== null) {
      box.scrollTop += box.scrollHeight - heightBeforeEarlier.current;
      heightBeforeEarlier.current = null;
    } else if (stick.current) {
      box.scrollTop = box.scrollHeight;
    }
  }, [newestId, items.length]);

  const loadEarlier = () => {
    heightBeforeEarlier.current = scroller.current?.scrollHeight ?? null;
    void query.fetchNextPage();
  };

  const header = (
    <div className="flex items-center gap-3 border-b border-slate-200 px-3 py-2.5">
      <Link
        to="/messages"
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 md:hidden"
      >
        <ArrowLeft className="size-5" aria-hidden="true" />
        <span className="sr-only">{t('conversation.back')}</span>
      </Link>
      {participant && (
        <ProfileAvatar
          photoUrl={participant.photoUrl}
          firstName={participant.firstName}
          lastName={participant.lastName}
          size="sm"
        />
      )}
      <h2 className="min-w-0 truncate font-semibold text-slate-900">{participant ? name : '\u00a0'}</h2>
    </div>
  );

  if (query.isPending) {
    return (
      <>
        {header}
        <PaneSpinner label={t('conversation.opening')} />
      </>
    );
  }
  if (query.isError && pages.length === 0) {
    const missing = isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);
    return (
      <>
        {header}
        <PaneError onRetry={missing ? undefined : () => void query.refetch()} retryLabel={t('retry')}>
          {missing ? t('conversation.notFound') : t('conversation.error')}
        </PaneError>
      </>
    );
  }

  return (
    <>
      {header}
      <div
        ref={scroller}
        className="min-h-0 flex-1 overflow-y-auto bg-slate-50/60 px-3 py-4"
        onScroll={(e) => {
          const box = e.currentTarget;
          stick.current = box.scrollHeight - box.scrollTop - box.clientHeight < NEAR_BOTTOM;
        }}
      >
        {query.hasNextPage && (
          <div className="mb-4 flex justify-center">
            <Button size="sm" variant="secondary" pending={query.isFetchingNextPage} onClick={loadEarlier}>
              {t('conversation.loadEarlier')}
            </Button>
          </div>
        )}
        {items.length === 0 && <p className="py-10 text-center text-sm text-slate-600">{t('conversation.empty')}</p>}
        <div role="log" aria-label={t('conversation.log', { name })}>
          <ol className="flex flex-col gap-3">
            {items.map((item) => {
              const own = item.senderIdentifier === me;
              return (
                <MessageItem
                  key={item.identifier}
                  item={item}
                  own={own}
                  otherName={name}
                  senderLabel={own ? t('conversation.you') : name}
                />
              );
            })}
          </ol>
        </div>
      </div>
      <Composer
        conversationId={conversationId}
        onSent={() => {
          stick.current = true;
        }}
      />
    </>
  );
}
