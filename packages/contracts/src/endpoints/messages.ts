import { z } from 'zod';
import {
  chatListQuery,
  chatMessage,
  chatPerson,
  contact,
  contactsQuery,
  conversation,
  conversationMessagesQuery,
  cursorPage,
  markSeenInput,
  startConversationInput,
  updateMessageInput,
} from '../chat.ts';
import { envelope, errorBody, messageOnly } from '../common.ts';
import { defineEndpoint } from '../endpoint.ts';
import { m } from '../messages/index.ts';

/**
 * Messages (spec §7 "Messages"; issue 18). Anyone but a conversation's two participants: 404 for it, its messages and
 * its files. Clients and providers only (an operator has no conversations: 403).
 */
const tags = ['messages'] as const;
const role = 'user';
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 413: errorBody, 429: errorBody };
const idParams = z.strictObject({ id: z.uuid({ error: m.notFound }) });

export const listChats = defineEndpoint({
  method: 'GET',
  path: '/messages/chat-list',
  operationId: 'listChats',
  summary:
    'Your conversations, latest first, with the last message and the unread count; search by name; paged by cursor',
  tags,
  role,
  query: chatListQuery,
  responses: { 200: cursorPage(conversation), ...errors },
});

export const listContacts = defineEndpoint({
  method: 'GET',
  path: '/messages/contacts',
  operationId: 'listContacts',
  summary:
    'Whom you may write to: your providers (a client) or your clients (a provider), with their conversation if there is one',
  tags,
  role,
  query: contactsQuery,
  responses: { 200: envelope(z.array(contact)), ...errors },
});

export const startConversation = defineEndpoint({
  method: 'POST',
  path: '/messages/conversations',
  operationId: 'startConversation',
  summary:
    'Open the conversation with one of your contacts (the existing one if there is one); a stranger is not found',
  tags,
  role,
  body: startConversationInput,
  responses: { 200: envelope(conversation), 201: envelope(conversation), ...errors },
});

export const listConversationMessages = defineEndpoint({
  method: 'GET',
  path: '/messages/conversations/:id',
  operationId: 'listConversationMessages',
  summary: "A conversation's messages, newest first, paged by cursor, with the other participant",
  tags,
  role,
  params: idParams,
  query: conversationMessagesQuery,
  responses: { 200: cursorPage(chatMessage).extend({ participant: chatPerson }), ...errors },
});

export const storeMessage = defineEndpoint({
  method: 'POST',
  path: '/messages/store',
  operationId: 'storeMessage',
  summary:
    'Send a message: multipart `conversationIdentifier`, `content` (at most 10,000 characters) and optional `files` (jpg, jpeg, png, pdf; at most 10 MB each, 5 at once)',
  tags,
  role,
  consumes: ['multipart/form-data'],
  responses: { 201: envelope(chatMessage), ...errors },
});

export const updateMessage = defineEndpoint({
  method: 'PUT',
  path: '/messages/:id/update',
  operationId: 'updateMessage',
  summary: 'Edit your own message',
  tags,
  role,
  params: idParams,
  body: updateMessageInput,
  responses: { 200: envelope(chatMessage), ...errors },
});

export const deleteMessage = defineEndpoint({
  method: 'DELETE',
  path: '/messages/:id',
  operationId: 'deleteMessage',
  summary: 'Delete your own message (the other side sees "This message was deleted"); its attachments go',
  tags,
  role,
  params: idParams,
  responses: { 200: messageOnly, ...errors },
});

export const markSeen = defineEndpoint({
  method: 'PUT',
  path: '/messages/mark-seen',
  operationId: 'markMessagesSeen',
  summary: 'Mark a conversation read up to now',
  tags,
  role,
  body: markSeenInput,
  responses: { 200: messageOnly, ...errors },
});

export const downloadAttachment = defineEndpoint({
  method: 'GET',
  path: '/messages/:id/attachments/:attachmentId',
  operationId: 'downloadMessageAttachment',
  summary: "A message's attachment, for the conversation's participants",
  tags,
  role,
  params: z.strictObject({ id: z.uuid({ error: m.notFound }), attachmentId: z.uuid({ error: m.notFound }) }),
  responses: {
    200: {
      description: 'The file bytes, with their content type',
      content: { 'application/octet-stream': { schema: z.unknown().meta({ type: 'string', format: 'binary' }) } },
    },
    ...errors,
  },
});

export const unreadConversations = defineEndpoint({
  method: 'GET',
  path: '/messages/unread',
  operationId: 'countUnreadConversations',
  summary: 'How many of your conversations have messages you have not read (the header badge)',
  tags,
  role,
  responses: { 200: envelope(z.object({ conversations: z.number().int() })), ...errors },
});
