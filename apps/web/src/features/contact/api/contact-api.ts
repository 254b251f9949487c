import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactRequest } from '@therapy/contracts/contact';
import {
  listContactMessages,
  markContactMessageAnswered,
  sendContactMessage,
} from '@therapy/contracts/endpoints/contact';
import { call } from '@/lib/api-client';

export const contactKeys = {
  all: ['operator', 'contact'] as const,
  page: (page: number) => ['operator', 'contact', page] as const,
};

/** POST /contact: the answer is the same whoever the address belongs to. */
export function useSendContactMessage() {
  return useMutation({ mutationFn: async (body: ContactRequest) => call(sendContactMessage, { body }) });
}

/** GET /operator/contact-messages: the inbox, newest first, a page at a time. */
export const contactInboxQuery = (page: number) =>
  queryOptions({
    queryKey: contactKeys.page(page),
    queryFn: async ({ signal }) => call(listContactMessages, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });

export function useMarkAnswered() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => call(markContactMessageAnswered, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactKeys.all }),
  });
}
