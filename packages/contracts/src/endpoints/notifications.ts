import { z } from 'zod';
import { envelope, errorBody, messageOnly, paged } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import { m } from '../messages/index.ts';
import { notification, notificationsQuery, unreadCount } from '../notifications.ts';

/**
 * The notification centre (issue 47): what happened to your bookings that you must act on or know. Only the
 * recipient sees a notification: another user's id is not found (404). Clients and providers (an operator has none).
 */
const tags = ['notifications'] as const;
const role = 'user';
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 429: errorBody };
const idParams = z.strictObject({ id: z.uuid({ error: m.notFound }) });

export const listNotifications = defineEndpoint({
  method: 'GET',
  path: '/notifications',
  operationId: 'listNotifications',
  summary: 'Your notifications, newest first, a page at a time (optionally only the unread)',
  tags,
  role,
  query: notificationsQuery,
  responses: { 200: paged(notification), ...errors },
});

export const countUnreadNotifications = defineEndpoint({
  method: 'GET',
  path: '/notifications/unread-count',
  operationId: 'countUnreadNotifications',
  summary: 'How many of your notifications are unread (the bell)',
  tags,
  role,
  responses: { 200: envelope(unreadCount), ...errors },
});

export const markNotificationRead = defineEndpoint({
  method: 'POST',
  path: '/notifications/:id/read',
  operationId: 'markNotificationRead',
  summary: 'Mark one of your notifications as read',
  tags,
  role,
  params: idParams,
  responses: { 200: envelope(notification), ...errors },
});

export const markAllNotificationsRead = defineEndpoint({
  method: 'POST',
  path: '/notifications/read-all',
  operationId: 'markAllNotificationsRead',
  summary: 'Mark all your notifications as read',
  tags,
  role,
  responses: { 200: messageOnly, ...errors },
});
