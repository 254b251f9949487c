import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getMailPreferences, updateMailPreferences } from '@therapy/contracts/endpoints/mail-preferences';
import type { MailPreferences } from '@therapy/contracts/mail-preferences';
import { call } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';

/** Mail preferences per kind (issue 49, decision 0064). */
export const mailPreferencesKeys = { own: ['user', 'mail-preferences'] as const };

export const mailPreferencesQuery = () =>
  queryOptions({
    queryKey: mailPreferencesKeys.own,
    queryFn: async ({ signal }) => (await call(getMailPreferences, { signal })).data,
  });

export function useSaveMailPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: MailPreferences) => call(updateMailPreferences, { body }),
    onSuccess: (res) => client.setQueryData(mailPreferencesKeys.own, res.data),
  });
}

/**
 * The page's button for a mail's unsubscribe link: the very one-click POST a mail client sends (RFC 8058, a form body
 * `List-Unsubscribe=One-Click`), no session. The server's message (or error) is in the reader's language.
 */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: async (token: string): Promise<{ message: string }> => {
      const res = await fetch(`/api/v1/mail/unsubscribe/${encodeURIComponent(token)}`, {
        method: 'POST',
        headers: { 'accept-language': i18n.language },
        body: new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }),
      });
      const body = (await res.json().catch(() => ({}))) as { message?: string };
      if (!res.ok) throw new Error(body.message ?? res.statusText);
      return { message: body.message ?? '' };
    },
  });
}
