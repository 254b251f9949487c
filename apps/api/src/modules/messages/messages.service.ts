import crypto from 'node:crypto';
import {
  CHAT_MAX_FILES,
  CHAT_SENDS_PER_MINUTE,
  storeMessageFields,
  type ChatMessage,
  type Contact,
  type Conversation,
} from '@therapy/contracts/chat';
import { m } from '@therapy/contracts/messages';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import {
  requireAccess,
  requireAccessTo,
  requireFound,
  requireLiveAccount,
  requireRole,
  type Actor,
  type Resource,
} from '../../platform/auth/access.ts';
import { safeEqual } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import { fieldEncryptionFromConfig } from '../../platform/field-encryption.ts';
import { checkChatFile, type CheckedDocument } from '../../platform/files/documents.ts';
import type { UploadedParts } from '../../platform/files/uploads.ts';
import { parseMultipartFields } from '../../platform/http/multipart-fields.ts';
import { newId } from '../../platform/ids.ts';
import type { UserModule } from '../user/user.module.ts';
import { planUnreadMail } from './unread-mail.ts';
import {
  messagesRepository as repo,
  type AttachmentRow,
  type ChatListRow,
  type MessageRow,
  type PersonRow,
} from './messages.repository.ts';

/**
 * Secure messaging (issue 18; decision 0030). A client and a provider chat once they share a booking or an accepted
 * import (`isClientOf`); nobody opens a conversation with a stranger, and anyone but its two participants finds
 * neither it nor its messages nor its files (404). Text and attachments are sealed like notes. Every change publishes
 * `message.changed` on every instance, for the live delivery.
 */
export interface MessagesPorts {
  users: Pick<UserModule, 'findActiveUser'>;
  isClientOf: (providerId: string, clientId: string) => Promise<boolean>;
}

const PAGE = 30;
const MINUTE = 60_000;
const context = (messageId: string, part: 'content' | 'file' | 'file-name', attachmentId?: string) =>
  `message:${messageId}:${part}${attachmentId ? `:${attachmentId}` : ''}`;

export function createMessagesService(
  deps: Pick<AppDeps, 'db' | 'clock' | 'files' | 'config' | 'events' | 'jobs'>,
  ports: MessagesPorts,
) {
  const { db, clock, files, events } = deps;
  const crypt = fieldEncryptionFromConfig(deps.config);
  const cursorKey = crypto.createHmac('sha256', deps.config.jwtSecret).update('chat-cursor').digest();

  /** A client or a provider (an operator has no conversations: 403) whose account is live. */
  const participant = async (actor: Actor) =>
    requireLiveAccount(actor, await ports.users.findActiveUser(requireRole(actor, 'client', 'provider').userId));

  /** An opaque position in a list: (time, id), signed so a changed cursor is refused rather than read. */
  const cursorOf = (at: Date, id: string) => {
    const body = Buffer.from(JSON.stringify({ a: at.toISOString(), i: id })).toString('base64url');
    return `${body}.${crypto.createHmac('sha256', cursorKey).update(body).digest('base64url')}`;
  };
  const readCursor = (cursor: string | undefined): { at: Date; id: string } | undefined => {
    if (!cursor) return undefined;
    const [body, signature] = cursor.split('.');
    if (
      !body ||
      !signature ||
      !safeEqual(signature, crypto.createHmac('sha256', cursorKey).update(body).digest('base64url'))
    )
      throw AppError.rule(m.chatCursorInvalid);
    try {
      const v = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { a: string; i: string };
      const at = new Date(v.a);
      if (Number.isNaN(at.getTime()) || typeof v.i !== 'string') throw new Error('bad cursor');
      return { at, id: v.i };
    } catch {
      throw AppError.rule(m.chatCursorInvalid);
    }
  };

  const toPerson = (p: PersonRow) => ({
    identifier: p.identifier,
    userType: p.user_type,
    firstName: p.first_name,
    lastName: p.last_name,
    photoUrl: p.photo_file_id ? files.signedUrl(p.photo_file_id) : p.avatar_url,
  });

  const toMessage = (
    row: MessageRow,
    attachments: AttachmentRow[],
    otherSeenAt: Date | null,
    viewerId: string,
  ): ChatMessage => ({
    identifier: row.identifier,
    conversationIdentifier: row.conversationId,
    senderIdentifier: row.senderId,
    content:
      row.deletedAt || !row.contentSealed ? null : crypt.open(row.contentSealed, context(row.identifier, 'content')),
    isDeleted: row.deletedAt !== null,
    editedAt: row.editedAt ? row.editedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    attachments: row.deletedAt
      ? []
      : attachments.map((a) => ({
          identifier: a.identifier,
          filename: crypt.open(a.nameSealed, context(row.identifier, 'file-name', a.identifier)),
          size: a.sizeBytes,
          contentType: a.contentType,
        })),
    seen: row.senderId === viewerId && otherSeenAt !== null && otherSeenAt >= row.createdAt,
  });

  /** Who the other participant is, and whether the two may talk at all (a booking or an accepted import). */
  /** A chat is its two participants'; a pair related by a booking or an import may have one. */
  const chatOf = (c: { clientId: string; providerId: string }): Resource => ({
    kind: 'conversation',
    participantIds: [c.clientId, c.providerId],
  });
  /** A message is its sender's to change (the sender takes part in its conversation). */
  const sentBy = (found: { message: { senderId: string } }): Resource => ({
    kind: 'owned',
    ownerId: found.message.senderId,
  });

  const related = async (
    me: { identifier: string; userType: string },
    otherId: string,
  ): Promise<{ clientId: string; providerId: string } | undefined> => {
    const other = await ports.users.findActiveUser(otherId);
    if (!other || other.identifier === me.identifier) return undefined;
    const pair =
      me.userType === 'client' && other.userType === 'provider'
        ? { clientId: me.identifier, providerId: other.identifier }
        : me.userType === 'provider' && other.userType === 'client'
          ? { clientId: other.identifier, providerId: me.identifier }
          : undefined;
    if (!pair || !(await ports.isClientOf(pair.providerId, pair.clientId))) return undefined;
    return pair;
  };

  const conversationView = async (ex: Executor, row: ChatListRow): Promise<Conversation> => {
    const last = (await repo.lastMessages(ex, [row.conversation_id])).get(row.conversation_id);
    const withFiles = last ? await repo.hasAttachments(ex, [last.identifier]) : new Set<string>();
    return {
      identifier: row.conversation_id,
      participant: toPerson(row),
      lastMessage: last
        ? {
            senderIdentifier: last.senderId,
            preview:
              last.deletedAt || !last.contentSealed
                ? null
                : crypt.open(last.contentSealed, context(last.identifier, 'content')).slice(0, 120),
            isDeleted: last.deletedAt !== null,
            hasAttachments: withFiles.has(last.identifier),
            createdAt: last.createdAt.toISOString(),
          }
        : null,
      unreadCount: Number(row.unread),
      updatedAt: new Date(row.last_message_at ?? row.created_at).toISOString(),
    };
  };

  const publish = (
    tx: Executor,
    conversation: { identifier: string; clientId: string; providerId: string },
    messageId: string,
    change: 'created' | 'updated' | 'deleted' | 'seen',
    by: string,
  ) =>
    events.publish(tx, 'message.changed', {
      conversationId: conversation.identifier,
      messageId,
      clientId: conversation.clientId,
      providerId: conversation.providerId,
      change,
      by,
    });

  const view = async (ex: Executor, row: MessageRow, viewerId: string, otherId: string): Promise<ChatMessage> =>
    toMessage(
      row,
      await repo.attachmentsOf(ex, [row.identifier]),
      await repo.seenAt(ex, row.conversationId, otherId),
      viewerId,
    );

  return {
    async contacts(actor: Actor, search: string | undefined): Promise<Contact[]> {
      const me = await participant(actor);
      const rows = await repo.contacts(db, me.identifier, me.userType as 'client' | 'provider', search || undefined);
      return rows.map((r) => ({ ...toPerson(r), conversationIdentifier: r.conversation_id }));
    },

    async open(actor: Actor, participantId: string): Promise<{ conversation: Conversation; created: boolean }> {
      const me = await participant(actor);
      const pair = requireAccessTo(actor, 'update', await related(me, participantId), chatOf);
      const { row, created } = await repo.openConversation(db, pair.clientId, pair.providerId);
      const other = (await repo.person(db, participantId))!;
      const listRow: ChatListRow = {
        ...other,
        conversation_id: row.identifier,
        last_message_at: row.lastMessageAt,
        created_at: row.createdAt,
        unread: 0,
      };
      return { conversation: { ...(await conversationView(db, listRow)), unreadCount: 0 }, created };
    },

    async chatList(actor: Actor, search: string | undefined, cursor: string | undefined) {
      const me = await participant(actor);
      const after = readCursor(cursor);
      const rows = await repo.chatList(db, me.identifier, search || undefined, after, PAGE + 1);
      const page = rows.slice(0, PAGE);
      const data = await Promise.all(page.map((r) => conversationView(db, r)));
      const last = page[page.length - 1];
      return {
        data,
        nextCursor:
          rows.length > PAGE && last
            ? cursorOf(new Date(last.last_message_at ?? last.created_at), last.conversation_id)
            : null,
      };
    },

    async messages(actor: Actor, conversationId: string, cursor: string | undefined) {
      const me = await participant(actor);
      const conversation = requireAccessTo(actor, 'read', await repo.conversation(db, conversationId), chatOf);
      const before = readCursor(cursor);
      const rows = await repo.page(db, conversationId, before, PAGE + 1);
      const page = rows.slice(0, PAGE);
      const otherId = conversation.clientId === me.identifier ? conversation.providerId : conversation.clientId;
      const [attachments, otherSeenAt] = [
        await repo.attachmentsOf(
          db,
          page.map((r) => r.identifier),
        ),
        await repo.seenAt(db, conversationId, otherId),
      ];
      const data = page.map((r) =>
        toMessage(
          r,
          attachments.filter((a) => a.messageId === r.identifier),
          otherSeenAt,
          me.identifier,
        ),
      );
      const last = page[page.length - 1];
      // The other participant, for the conversation's header (a deleted account: its stored name is gone, so null).
      const other = await repo.person(db, otherId);
      const otherPerson = other
        ? toPerson(other)
        : {
            identifier: otherId,
            userType: conversation.clientId === otherId ? ('client' as const) : ('provider' as const),
            firstName: null,
            lastName: null,
            photoUrl: null,
          };
      return {
        data,
        nextCursor: rows.length > PAGE && last ? cursorOf(last.createdAt, last.identifier) : null,
        participant: otherPerson,
      };
    },

    /**
     * Sends a message: the conversation must be the sender's, the text or at least one file present, every file checked
     * (type sniffed) before anything is stored, and the sender under the send limit. Text, names and bytes are sealed.
     */
    async send(actor: Actor, parts: UploadedParts): Promise<ChatMessage> {
      const me = await participant(actor);
      const values = parseMultipartFields(storeMessageFields, {
        conversationIdentifier: parts.fields.conversationIdentifier,
        content: parts.fields.content,
      });
      if (parts.truncatedFields.includes('content')) throw AppError.rule(m.chatMessageTooLong);
      const conversation = requireAccessTo(
        actor,
        'update',
        await repo.conversation(db, values.conversationIdentifier),
        chatOf,
      );
      // Still related: a relation can end (an account deleted), and then nothing more is sent.
      const otherId = conversation.clientId === me.identifier ? conversation.providerId : conversation.clientId;
      requireAccess(actor, 'update', (await related(me, otherId)) && chatOf(conversation));
      if (values.content === '' && parts.files.length === 0) throw AppError.rule(m.chatMessageRequired);
      if (parts.files.length > CHAT_MAX_FILES) throw AppError.rule(m.chatTooManyFiles, { max: CHAT_MAX_FILES });
      const checked: CheckedDocument[] = [];
      for (const upload of parts.files) checked.push(await checkChatFile(upload));
      const now = clock.now();
      if ((await repo.sentSince(db, me.identifier, new Date(now.getTime() - MINUTE))) >= CHAT_SENDS_PER_MINUTE) {
        throw new AppError(429, 'TOO_MANY_REQUESTS', m.chatRateLimited, undefined, undefined, 60);
      }

      const messageId = newId();
      const stored: Array<{ fileId: string; attachmentId: string; doc: CheckedDocument }> = [];
      try {
        for (const doc of checked) {
          const attachmentId = newId();
          const file = await files.saveSealed(
            me.identifier,
            'chat',
            crypt.sealBytes(doc.data, context(messageId, 'file', attachmentId)),
          );
          stored.push({ fileId: file.identifier, attachmentId, doc });
        }
        const row = await events.transaction(async (tx) => {
          const created = await repo.insertMessage(tx, {
            identifier: messageId,
            conversationId: conversation.identifier,
            senderId: me.identifier,
            keyId: crypt.currentKeyId,
            contentSealed: crypt.seal(values.content, context(messageId, 'content')),
            createdAt: now,
          });
          await repo.insertAttachments(
            tx,
            stored.map((s) => ({
              identifier: s.attachmentId,
              messageId,
              fileId: s.fileId,
              nameSealed: crypt.seal(s.doc.filename, context(messageId, 'file-name', s.attachmentId)),
              sizeBytes: s.doc.data.length,
              contentType: s.doc.contentType,
            })),
          );
          await repo.touch(tx, conversation.identifier, now);
          // The sender has read their own conversation up to their message.
          await repo.markSeen(tx, conversation.identifier, me.identifier, now);
          await publish(tx, conversation, messageId, 'created', me.identifier);
          await planUnreadMail(deps, tx, {
            conversationId: conversation.identifier,
            recipientId: otherId,
            senderId: me.identifier,
            sentAt: now.toISOString(),
          });
          return created;
        });
        return await view(db, row, me.identifier, otherId);
      } catch (err) {
        if (stored.length > 0) await files.purge(stored.map((s) => s.fileId)).catch(() => undefined);
        throw err;
      }
    },

    async edit(actor: Actor, messageId: string, content: string): Promise<ChatMessage> {
      const me = await participant(actor);
      const { row, otherId } = await events.transaction(async (tx) => {
        // Someone else's message is not theirs to change: not found, like a missing one.
        const found = requireAccessTo(actor, 'update', await repo.message(tx, messageId, true), sentBy);
        if (found.message.deletedAt) throw AppError.rule(m.chatNotEditable);
        const updated = await repo.updateMessage(tx, messageId, {
          keyId: crypt.currentKeyId,
          contentSealed: crypt.seal(content, context(messageId, 'content')),
          editedAt: clock.now(),
        });
        await publish(tx, found.conversation, messageId, 'updated', me.identifier);
        return {
          row: updated,
          otherId:
            found.conversation.clientId === me.identifier ? found.conversation.providerId : found.conversation.clientId,
        };
      });
      return view(db, row, me.identifier, otherId);
    },

    /** Deletes the sender's own message: the row stays (the other side sees it was deleted), its text and files go. */
    async remove(actor: Actor, messageId: string): Promise<void> {
      const me = await participant(actor);
      const fileIds = await events.transaction(async (tx) => {
        const found = requireAccessTo(actor, 'delete', await repo.message(tx, messageId, true), sentBy);
        if (found.message.deletedAt) return [];
        const removed = await repo.removeAttachments(tx, messageId);
        await repo.updateMessage(tx, messageId, { keyId: null, contentSealed: null, deletedAt: clock.now() });
        await publish(tx, found.conversation, messageId, 'deleted', me.identifier);
        return removed;
      });
      if (fileIds.length > 0) await files.purge(fileIds);
    },

    async markSeen(actor: Actor, conversationId: string): Promise<void> {
      const me = await participant(actor);
      const conversation = requireAccessTo(actor, 'update', await repo.conversation(db, conversationId), chatOf);
      await events.transaction(async (tx) => {
        await repo.markSeen(tx, conversationId, me.identifier, clock.now());
        await publish(tx, conversation, conversationId, 'seen', me.identifier);
      });
    },

    async attachment(
      actor: Actor,
      messageId: string,
      attachmentId: string,
    ): Promise<{ data: Buffer; contentType: string; filename: string }> {
      // A live client or provider account (401/403 otherwise); the conversation's participants decide the rest.
      await participant(actor);
      const found = requireAccessTo(actor, 'read', await repo.message(db, messageId), (f) => chatOf(f.conversation));
      // A deleted message's files are gone with it.
      requireFound(found.message.deletedAt ? undefined : found);
      const attachment = (await repo.attachmentsOf(db, [messageId])).find((a) => a.identifier === attachmentId);
      requireFound(attachment);
      const sealed = await files.readBytes(attachment.fileId);
      requireFound(sealed);
      return {
        data: crypt.openBytes(sealed, context(messageId, 'file', attachmentId)),
        contentType: attachment.contentType,
        filename: crypt.open(attachment.nameSealed, context(messageId, 'file-name', attachmentId)),
      };
    },

    unreadConversations: async (actor: Actor) => repo.unreadConversations(db, (await participant(actor)).identifier),
  };
}
export type MessagesService = ReturnType<typeof createMessagesService>;
