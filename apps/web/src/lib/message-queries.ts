import { unreadConversations } from '@therapy/contracts/endpoints/messages';
import { queryOptions } from '@tanstack/react-query';
import { call } from './api-client';

/**
 * Query keys of the messages (issue 18), shared by the chat screens, the header's unread badge and the live channel:
 * a change heard on the socket invalidates `messageKeys.all`, and every open list, conversation and the badge reads
 * again, so no screen has to know which one changed.
 */
export const messageKeys = {
  all: ['messages'] as const,
  unread: () => [...messageKeys.all, 'unread'] as const,
  chatList: (search: string) => [...messageKeys.all, 'chat-list', search] as const,
  contacts: (search: string) => [...messageKeys.all, 'contacts', search] as const,
  conversation: (id: string) => [...messageKeys.all, 'conversation', id] as const,
};

/** GET /messages/unread: how many conversations have unread messages (the header's badge). */
export const unreadConversationsQuery = () =>
  queryOptions({
    queryKey: messageKeys.unread(),
    queryFn: async ({ signal }) => (await call(unreadConversations, { signal })).data.conversations,
    // The live channel refreshes it the moment something changes; this is the fallback while the socket is down.
    refetchInterval: 60_000,
    meta: { silent: true },
  });
