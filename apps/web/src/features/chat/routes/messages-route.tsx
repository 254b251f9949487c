import { clsx } from 'clsx';
import { MessagesSquare, PenSquare } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '@/lib/api-error';
import { useStartConversation } from '../api/chat-api';
import { PaneError, PaneSpinner } from '../components/chat-bits';
import { ContactList } from '../components/contact-list';
import { ConversationList } from '../components/conversation-list';
import { ConversationView } from '../components/conversation-view';
import { useChatTranslation } from '../i18n';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /messages (issue 18): the chat list beside the open conversation on a wide screen; on a phone one or the other.
 * `?conversation=<id>` opens a conversation (the unread mail links here); `?with=<user id>` (from a booking's page or
 * a client's page) opens or finds the conversation with that person first.
 */
export function MessagesRoute() {
  const { t } = useChatTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const start = useStartConversation();
  const [showContacts, setShowContacts] = useState(false);
  const [openError, setOpenError] = useState<string | null>(null);
  const conversationParam = params.get('conversation');
  const conversationId =
    conversationParam && uuid.test(conversationParam) ? conversationParam : conversationParam ? 'invalid' : null;
  const withUser = params.get('with');

  const openWith = (userId: string) => {
    setOpenError(null);
    start.mutate(userId, {
      onSuccess: (conversation) => {
        setShowContacts(false);
        void navigate(`/messages?conversation=${conversation.identifier}`, { replace: !!withUser });
      },
      onError: (error) => setOpenError(errorMessage(error)),
    });
  };

  // ?with=: once per person named in the address.
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (!withUser || asked.current === withUser) return;
    asked.current = withUser;
    openWith(withUser);
  });

  const opening = start.isPending ? (start.variables ?? null) : null;
  const conversationShown = !!conversationId || !!withUser;

  let pane;
  if (withUser && !conversationId) {
    pane = openError ? (
      <PaneError retryLabel={t('retry')}>
        {t('conversation.openError')} {openError}
      </PaneError>
    ) : (
      <PaneSpinner label={t('conversation.opening')} />
    );
  } else if (conversationId) {
    pane = <ConversationView key={conversationId} conversationId={conversationId} />;
  } else {
    pane = (
      <div className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center">
        <MessagesSquare className="size-10 text-brand-700" aria-hidden="true" />
        <h2 className="font-semibold text-slate-900">{t('conversation.pick')}</h2>
        <p className="max-w-sm text-sm text-slate-700">{t('conversation.pickLead')}</p>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-0 py-0 sm:px-6 sm:py-6">
      <div className={clsx('px-4 pb-3 pt-4 sm:px-0 sm:pt-0', conversationShown && 'sr-only md:not-sr-only')}>
        <div className="flex items-center justify-between gap-3">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t('heading')}</h1>
          <Button className="shrink-0" onClick={() => setShowContacts(true)}>
            <PenSquare className="size-4" aria-hidden="true" />
            {t('list.newMessage')}
          </Button>
        </div>
        <p className="mt-1 text-sm text-slate-700">{t('lead')}</p>
      </div>
      <div className="grid h-[calc(100dvh-4rem)] min-h-[26rem] overflow-hidden border-slate-200 bg-white sm:h-[calc(100dvh-13rem)] grid-cols-[minmax(0,1fr)] sm:rounded-xl sm:border md:grid-cols-[20rem_minmax(0,1fr)] lg:grid-cols-[22rem_minmax(0,1fr)]">
        <div
          className={clsx(
            'min-h-0 flex-col border-slate-200 md:flex md:border-r',
            conversationShown ? 'hidden' : 'flex',
          )}
        >
          {showContacts ? (
            <>
              <ContactList onBack={() => setShowContacts(false)} onChoose={openWith} opening={opening} />
              {openError && !withUser && (
                <p role="alert" className="border-t border-slate-200 p-3 text-sm font-medium text-red-700">
                  {openError}
                </p>
              )}
            </>
          ) : (
            <ConversationList selectedId={conversationId} />
          )}
        </div>
        <div className={clsx('min-h-0 flex-col', conversationShown ? 'flex' : 'hidden md:flex')}>{pane}</div>
      </div>
    </div>
  );
}
