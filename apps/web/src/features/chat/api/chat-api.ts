import { endpointPath } from '@therapy/contracts/endpoint';
import {
  deleteMessage,
  downloadAttachment,
  listChats,
  listContacts,
  listConversationMessages,
  markSeen,
  startConversation,
  storeMessage,
  updateMessage,
} from '@therapy/contracts/endpoints/messages';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { useAuthStore } from '@/lib/auth-store';
import { messageKeys } from '@/lib/message-queries';
import { fetchPrivateFile, saveBlob } from '@/lib/private-file';

/**
 * Messages (issue 18). Lists page by the server's signed cursor (`nextCursor`), so they are infinite queries. Every
 * write and every live event invalidates `messageKeys.all`: the chat list, the open conversation and the header's
 * badge read again.
 */

/** A missing or foreign object (4xx) does not change by asking again; anything else gets one retry. */
const retryOnce = (failureCount: number, error: unknown) =>
  !(isApiError(error) && error.status < 500) && failureCount < 1;
// The screens show their own loading and error states, so no global error toast.
const quiet = { retry: retryOnce, meta: { silent: true } } as const;

export const chatListQuery = (search: string) =>
  infiniteQueryOptions({
    queryKey: messageKeys.chatList(search),
    queryFn: async ({ pageParam, signal }) =>
      call(listChats, { query: { searchQuery: search || undefined, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    ...quiet,
  });

export const contactsQuery = (search: string) =>
  queryOptions({
    queryKey: messageKeys.contacts(search),
    queryFn: async ({ signal }) =>
      (await call(listContacts, { query: { searchQuery: search || undefined }, signal })).data,
    placeholderData: keepPreviousData,
    ...quiet,
  });

/** A conversation's messages, newest first page by page (the screen shows them oldest first). */
export const conversationQuery = (conversationId: string) =>
  infiniteQueryOptions({
    queryKey: messageKeys.conversation(conversationId),
    queryFn: async ({ pageParam, signal }) =>
      call(listConversationMessages, { params: { id: conversationId }, query: { cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    ...quiet,
  });

function useMessagesMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: messageKeys.all }),
    meta: { silent: true },
  });
}

/** POST /messages/conversations: the conversation with a contact (the existing one if there is one). */
export const useStartConversation = () =>
  useMessagesMutation(
    async (participantIdentifier: string) => (await call(startConversation, { body: { participantIdentifier } })).data,
  );

/** POST /messages/store: multipart text and files. */
export const useSendMessage = () =>
  useMessagesMutation(
    async ({ conversationId, content, files }: { conversationId: string; content: string; files: File[] }) => {
      const form = new FormData();
      form.append('conversationIdentifier', conversationId);
      form.append('content', content);
      for (const file of files) form.append('files', file, file.name);
      return (await call(storeMessage, { body: form })).data;
    },
  );

export const useEditMessage = () =>
  useMessagesMutation(
    async ({ id, content }: { id: string; content: string }) =>
      (await call(updateMessage, { params: { id }, body: { content } })).data,
  );

export const useDeleteMessage = () =>
  useMessagesMutation(async (id: string) => call(deleteMessage, { params: { id } }));

export const useMarkSeen = () =>
  useMessagesMutation(async (conversationId: string) =>
    call(markSeen, { body: { conversationIdentifier: conversationId } }),
  );

/** GET /messages/{id}/attachments/{attachmentId}, with the bearer header, saved under its own name. */
export function useDownloadAttachment() {
  return useMutation({
    mutationFn: async ({
      messageId,
      attachmentId,
      filename,
    }: {
      messageId: string;
      attachmentId: string;
      filename: string;
    }) => {
      const viewMode = useAuthStore.getState().user?.userType === 'provider' ? 'provider' : 'client';
      saveBlob(
        await fetchPrivateFile(endpointPath(downloadAttachment.path, { id: messageId, attachmentId }), viewMode),
        filename,
      );
    },
    meta: { silent: true },
  });
}
