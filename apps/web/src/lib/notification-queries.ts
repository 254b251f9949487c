import {
  countUnreadNotifications,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from '@therapy/contracts/endpoints/notifications';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from './api-client';

/**
 * Query keys of the notification centre (issue 47), shared by the header's bell, the notifications page and the live
 * channel: `notifications.changed` on the socket invalidates `notificationKeys.all`, so the count and the list read
 * again on every open tab.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  unread: () => [...notificationKeys.all, 'unread'] as const,
  page: (page: number) => [...notificationKeys.all, 'page', page] as const,
};

/** GET /notifications/unread-count: the bell's number. */
export const unreadNotificationsQuery = () =>
  queryOptions({
    queryKey: notificationKeys.unread(),
    queryFn: async ({ signal }) => (await call(countUnreadNotifications, { signal })).data.unread,
    // The live channel refreshes it the moment something changes; this is the fallback while the socket is down.
    refetchInterval: 60_000,
    meta: { silent: true },
  });

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** GET /notifications: one page, newest first. */
export const notificationsPageQuery = (page: number) =>
  queryOptions({
    queryKey: notificationKeys.page(page),
    queryFn: async ({ signal }) =>
      await call(listNotifications, { query: { page, pageSize: NOTIFICATIONS_PAGE_SIZE }, signal }),
  });

/** Marks one notification read (opening it) or all of them. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string | 'all') =>
      id === 'all' ? await call(markAllNotificationsRead, {}) : await call(markNotificationRead, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
    meta: { silent: true },
  });
}
