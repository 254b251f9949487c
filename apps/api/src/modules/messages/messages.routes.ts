import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CHAT_MAX_FILES, CHAT_MESSAGE_MAX } from '@therapy/contracts/chat';
import {
  deleteMessage,
  downloadAttachment,
  listChats,
  listContacts,
  listConversationMessages,
  markSeen,
  startConversation,
  storeMessage,
  unreadConversations,
  updateMessage,
} from '@therapy/contracts/endpoints/messages';
import { message } from '@therapy/contracts/messages';
import { actorOf } from '../../platform/auth/plugin.ts';
import { uploadedParts } from '../../platform/files/uploads.ts';
import { sendDownload } from '../../platform/http/download.ts';
import { route } from '../../platform/http/route.ts';
import { requestLocale } from '../../platform/locale.ts';
import type { MessagesService } from './messages.service.ts';

/** Up to 10,000 characters of four bytes each, and one byte more to tell "too long" from "exactly the limit". */
const FIELD_BYTES = CHAT_MESSAGE_MAX * 4 + 1;

/** Messages (spec §7 "Messages"): conversations, messages with attachments, edit, delete, seen. */
export const messagesRoutes: FastifyPluginAsyncZod<{ messages: MessagesService }> = async (app, { messages }) => {
  route(app, listChats, async (req) => messages.chatList(actorOf(req), req.query.searchQuery, req.query.cursor));
  route(app, unreadConversations, async (req) => ({
    data: { conversations: await messages.unreadConversations(actorOf(req)) },
  }));
  route(app, listContacts, async (req) => ({ data: await messages.contacts(actorOf(req), req.query.searchQuery) }));
  route(app, startConversation, async (req, reply) => {
    const { conversation, created } = await messages.open(actorOf(req), req.body.participantIdentifier);
    return reply.code(created ? 201 : 200).send({ data: conversation });
  });
  route(app, listConversationMessages, async (req) => messages.messages(actorOf(req), req.params.id, req.query.cursor));
  // One more file part than allowed, so "too many" is said as such rather than cut off.
  route(app, storeMessage, async (req, reply) =>
    reply.code(201).send({
      data: await messages.send(actorOf(req), await uploadedParts(req, 'files', CHAT_MAX_FILES + 1, FIELD_BYTES)),
    }),
  );
  route(app, updateMessage, async (req) => ({
    data: await messages.edit(actorOf(req), req.params.id, req.body.content),
  }));
  route(app, deleteMessage, async (req) => {
    await messages.remove(actorOf(req), req.params.id);
    return { message: message('chatMessageDeletedToast', requestLocale(req)) };
  });
  route(app, markSeen, async (req) => {
    await messages.markSeen(actorOf(req), req.body.conversationIdentifier);
    return { message: message('chatMarkedRead', requestLocale(req)) };
  });
  route(app, downloadAttachment, async (req, reply) => {
    return sendDownload(reply, await messages.attachment(actorOf(req), req.params.id, req.params.attachmentId));
  });
};
