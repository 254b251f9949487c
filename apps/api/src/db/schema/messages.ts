import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { files } from './files.ts';
import { users } from './users.ts';

/**
 * Secure messaging (issue 18; decision 0030): one conversation per client and provider, its messages (text sealed
 * with AES-256-GCM like notes, bound to the message; `key_id` for rotation), their attachments (sealed bytes, sealed
 * names) and how far each participant has read. A deleted message keeps its row (the other side sees that it was
 * deleted) without its text or attachments.
 */
export const conversations = pgTable(
  'conversations',
  {
    identifier: id(),
    clientId: uuid()
      .notNull()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    providerId: uuid()
      .notNull()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    lastMessageAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('conversations_pair_key').on(t.clientId, t.providerId),
    index('conversations_provider_idx').on(t.providerId, t.lastMessageAt),
    check('conversations_two_people', sql`${t.clientId} <> ${t.providerId}`),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    identifier: id(),
    conversationId: uuid()
      .notNull()
      .references(() => conversations.identifier, { onDelete: 'cascade' }),
    senderId: uuid()
      .notNull()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    keyId: smallint(),
    contentSealed: text(),
    editedAt: timestamp({ withTimezone: true }),
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_conversation_idx').on(t.conversationId, t.createdAt, t.identifier),
    index('chat_messages_sender_idx').on(t.senderId, t.createdAt),
    // A live message has its sealed text and key; a deleted one has neither.
    check(
      'chat_messages_sealed_or_deleted',
      sql`(${t.deletedAt} IS NULL) = (${t.contentSealed} IS NOT NULL AND ${t.keyId} IS NOT NULL)`,
    ),
  ],
);

export const chatAttachments = pgTable(
  'chat_attachments',
  {
    identifier: id(),
    messageId: uuid()
      .notNull()
      .references(() => chatMessages.identifier, { onDelete: 'cascade' }),
    fileId: uuid()
      .notNull()
      .references(() => files.identifier, { onDelete: 'restrict' }),
    nameSealed: text().notNull(),
    sizeBytes: bigint({ mode: 'number' }).notNull(),
    contentType: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('chat_attachments_message_idx').on(t.messageId), index('chat_attachments_file_idx').on(t.fileId)],
);

/** How far a participant has read a conversation (messages after `seen_at` from the other side are unread). */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    conversationId: uuid()
      .notNull()
      .references(() => conversations.identifier, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.identifier, { onDelete: 'cascade' }),
    seenAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('conversation_reads_key').on(t.conversationId, t.userId)],
);
