import { and, asc, count, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { chatAttachments, chatMessages, conversationReads, conversations } from '../../db/schema/messages.ts';

/**
 * Conversations, messages, attachments and reads: Drizzle only; the rules (who may talk, sealing) are in
 * messages.service.ts. Contacts and the people in the chat list read accounts, profiles, bookings and imports
 * read-only (decision 0027: shared schema, one query).
 */
export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
export type AttachmentRow = typeof chatAttachments.$inferSelect;

export interface PersonRow {
  identifier: string;
  user_type: 'client' | 'provider';
  first_name: string | null;
  last_name: string | null;
  photo_file_id: string | null;
  avatar_url: string | null;
}

export interface ChatListRow extends PersonRow {
  conversation_id: string;
  last_message_at: Date | string | null;
  created_at: Date | string;
  unread: number;
}

/** The other person of a conversation, with what shows them (client profile picture or avatar, provider photo). */
const person = (alias: string) =>
  sql.raw(`
  ${alias}.identifier, ${alias}.user_type, ${alias}.first_name, ${alias}.last_name,
  coalesce(cp.photo_file_id, pp.photo_file_id) AS photo_file_id, av.photo_url AS avatar_url`);
const personJoins = (alias: string) =>
  sql.raw(`
  LEFT JOIN client_profiles cp ON cp.user_id = ${alias}.identifier
  LEFT JOIN avatars av ON av.identifier = cp.avatar_id
  LEFT JOIN provider_profiles pp ON pp.user_id = ${alias}.identifier`);

export const messagesRepository = {
  async conversationOf(ex: Executor, clientId: string, providerId: string): Promise<ConversationRow | undefined> {
    const [row] = await ex
      .select()
      .from(conversations)
      .where(and(eq(conversations.clientId, clientId), eq(conversations.providerId, providerId)))
      .limit(1);
    return row;
  },

  /** The conversation, created if there is none (two requests at once meet the unique pair and find the same one). */
  async openConversation(
    ex: Executor,
    clientId: string,
    providerId: string,
  ): Promise<{ row: ConversationRow; created: boolean }> {
    const [created] = await ex.insert(conversations).values({ clientId, providerId }).onConflictDoNothing().returning();
    if (created) return { row: created, created: true };
    return { row: (await this.conversationOf(ex, clientId, providerId))!, created: false };
  },

  /** A conversation by id (its participants decide who may see it: the access core). */
  async conversation(ex: Executor, id: string): Promise<ConversationRow | undefined> {
    const [row] = await ex.select().from(conversations).where(eq(conversations.identifier, id)).limit(1);
    return row;
  },

  async touch(ex: Executor, id: string, at: Date): Promise<void> {
    await ex.update(conversations).set({ lastMessageAt: at }).where(eq(conversations.identifier, id));
  },

  async insertMessage(ex: Executor, row: typeof chatMessages.$inferInsert): Promise<MessageRow> {
    const [created] = await ex.insert(chatMessages).values(row).returning();
    return created!;
  },

  async insertAttachments(ex: Executor, rows: Array<typeof chatAttachments.$inferInsert>): Promise<AttachmentRow[]> {
    if (rows.length === 0) return [];
    return ex.insert(chatAttachments).values(rows).returning();
  },

  /** A message with its conversation, for one of the conversation's participants (locked for an edit or delete). */
  /** A message with its conversation (whose participants decide who may see it). */
  async message(ex: Executor, id: string, lock = false) {
    const query = ex
      .select({ message: chatMessages, conversation: conversations })
      .from(chatMessages)
      .innerJoin(conversations, eq(conversations.identifier, chatMessages.conversationId))
      .where(eq(chatMessages.identifier, id))
      .limit(1);
    const [row] = lock ? await query.for('update', { of: chatMessages }) : await query;
    return row;
  },

  async updateMessage(
    ex: Executor,
    id: string,
    values: Partial<typeof chatMessages.$inferInsert>,
  ): Promise<MessageRow> {
    const [row] = await ex.update(chatMessages).set(values).where(eq(chatMessages.identifier, id)).returning();
    return row!;
  },

  async attachmentsOf(ex: Executor, messageIds: string[]): Promise<AttachmentRow[]> {
    if (messageIds.length === 0) return [];
    return ex
      .select()
      .from(chatAttachments)
      .where(inArray(chatAttachments.messageId, messageIds))
      .orderBy(asc(chatAttachments.createdAt));
  },

  async removeAttachments(ex: Executor, messageId: string): Promise<string[]> {
    const rows = await ex
      .delete(chatAttachments)
      .where(eq(chatAttachments.messageId, messageId))
      .returning({ fileId: chatAttachments.fileId });
    return rows.map((r) => r.fileId);
  },

  /** A conversation's messages, newest first, older than the cursor's (createdAt, id). */
  async page(
    ex: Executor,
    conversationId: string,
    before: { at: Date; id: string } | undefined,
    limit: number,
  ): Promise<MessageRow[]> {
    const older = before
      ? or(
          lt(chatMessages.createdAt, before.at),
          and(eq(chatMessages.createdAt, before.at), lt(chatMessages.identifier, before.id)),
        )
      : undefined;
    return ex
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.conversationId, conversationId), older))
      .orderBy(desc(chatMessages.createdAt), desc(chatMessages.identifier))
      .limit(limit);
  },

  async lastMessages(
    ex: Executor,
    conversationIds: string[],
  ): Promise<
    Map<
      string,
      Pick<MessageRow, 'identifier' | 'conversationId' | 'senderId' | 'contentSealed' | 'deletedAt' | 'createdAt'>
    >
  > {
    if (conversationIds.length === 0) return new Map();
    const result = await ex.execute<{
      identifier: string;
      conversation_id: string;
      sender_id: string;
      content_sealed: string | null;
      deleted_at: string | Date | null;
      created_at: string | Date;
    }>(sql`
      SELECT DISTINCT ON (m.conversation_id) m.identifier, m.conversation_id, m.sender_id, m.content_sealed, m.deleted_at, m.created_at
        FROM chat_messages m WHERE m.conversation_id IN (${sql.join(
          conversationIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
       ORDER BY m.conversation_id, m.created_at DESC, m.identifier DESC`);
    return new Map(
      result.rows.map((r) => [
        r.conversation_id,
        {
          identifier: r.identifier,
          conversationId: r.conversation_id,
          senderId: r.sender_id,
          contentSealed: r.content_sealed,
          deletedAt: r.deleted_at ? new Date(r.deleted_at) : null,
          createdAt: new Date(r.created_at),
        },
      ]),
    );
  },

  async hasAttachments(ex: Executor, messageIds: string[]): Promise<Set<string>> {
    if (messageIds.length === 0) return new Set();
    const rows = await ex
      .select({ id: chatAttachments.messageId })
      .from(chatAttachments)
      .where(inArray(chatAttachments.messageId, messageIds));
    return new Set(rows.map((r) => r.id));
  },

  async markSeen(ex: Executor, conversationId: string, userId: string, at: Date): Promise<void> {
    await ex
      .insert(conversationReads)
      .values({ conversationId, userId, seenAt: at })
      .onConflictDoUpdate({
        target: [conversationReads.conversationId, conversationReads.userId],
        set: { seenAt: sql`greatest(${conversationReads.seenAt}, excluded.seen_at)` },
      });
  },

  /** When the other participant last read the conversation (null: never). */
  async seenAt(ex: Executor, conversationId: string, userId: string): Promise<Date | null> {
    const [row] = await ex
      .select({ at: conversationReads.seenAt })
      .from(conversationReads)
      .where(and(eq(conversationReads.conversationId, conversationId), eq(conversationReads.userId, userId)))
      .limit(1);
    return row?.at ?? null;
  },

  /** Messages the user sent in the last minute (the send limit, across instances). */
  async sentSince(ex: Executor, userId: string, since: Date): Promise<number> {
    const [row] = await ex
      .select({ n: count() })
      .from(chatMessages)
      .where(and(eq(chatMessages.senderId, userId), gt(chatMessages.createdAt, since)));
    return row?.n ?? 0;
  },

  /**
   * The user's conversations that have messages (or that they opened), newest first, after the cursor; with the other
   * person and the number of messages from them the user has not read. `search` matches the other person's name.
   */
  async chatList(
    ex: Executor,
    userId: string,
    search: string | undefined,
    after: { at: Date; id: string } | undefined,
    limit: number,
  ): Promise<ChatListRow[]> {
    const like = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const at = sql`coalesce(c.last_message_at, c.created_at)`;
    const result = await ex.execute<ChatListRow & Record<string, unknown>>(sql`
      SELECT c.identifier AS conversation_id, c.last_message_at, c.created_at, ${person('o')},
             (SELECT count(*)::int FROM chat_messages m
               WHERE m.conversation_id = c.identifier AND m.sender_id <> ${userId} AND m.deleted_at IS NULL
                 AND m.created_at > coalesce((SELECT r.seen_at FROM conversation_reads r WHERE r.conversation_id = c.identifier AND r.user_id = ${userId}), '-infinity')) AS unread
        FROM conversations c
        JOIN users o ON o.identifier = CASE WHEN c.client_id = ${userId} THEN c.provider_id ELSE c.client_id END
        ${personJoins('o')}
       WHERE (c.client_id = ${userId} OR c.provider_id = ${userId}) AND o.deleted_at IS NULL
         ${like ? sql`AND trim(coalesce(o.first_name, '') || ' ' || coalesce(o.last_name, '')) ILIKE ${like}` : sql``}
         ${after ? sql`AND (${at} < ${after.at} OR (${at} = ${after.at} AND c.identifier < ${after.id}))` : sql``}
       ORDER BY ${at} DESC, c.identifier DESC
       LIMIT ${limit}`);
    return result.rows;
  },

  /** Conversations of the user with unread messages from the other side (the header's badge). */
  async unreadConversations(ex: Executor, userId: string): Promise<number> {
    const result = await ex.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM conversations c
       WHERE (c.client_id = ${userId} OR c.provider_id = ${userId})
         AND EXISTS (SELECT 1 FROM chat_messages m WHERE m.conversation_id = c.identifier AND m.sender_id <> ${userId} AND m.deleted_at IS NULL
                       AND m.created_at > coalesce((SELECT r.seen_at FROM conversation_reads r WHERE r.conversation_id = c.identifier AND r.user_id = ${userId}), '-infinity'))`);
    return result.rows[0]?.n ?? 0;
  },

  /**
   * Whom the user may write to: a client's providers (booked, or an accepted import), a provider's clients (the same
   * relation from the other side); live accounts only, with their conversation if there is one.
   */
  async contacts(
    ex: Executor,
    userId: string,
    userType: 'client' | 'provider',
    search: string | undefined,
  ): Promise<Array<PersonRow & { conversation_id: string | null }>> {
    const like = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const pairs =
      userType === 'client'
        ? sql`SELECT b.provider_id AS other FROM bookings b WHERE b.client_id = ${userId}
              UNION SELECT ci.provider_id FROM client_imports ci WHERE ci.client_id = ${userId}`
        : sql`SELECT b.client_id AS other FROM bookings b WHERE b.provider_id = ${userId}
              UNION SELECT ci.client_id FROM client_imports ci WHERE ci.provider_id = ${userId} AND ci.client_id IS NOT NULL`;
    const result = await ex.execute<PersonRow & { conversation_id: string | null } & Record<string, unknown>>(sql`
      SELECT ${person('o')}, c.identifier AS conversation_id
        FROM (${pairs}) p
        JOIN users o ON o.identifier = p.other AND o.deleted_at IS NULL
        ${personJoins('o')}
        LEFT JOIN conversations c ON c.client_id = ${userType === 'client' ? userId : sql`o.identifier`} AND c.provider_id = ${userType === 'client' ? sql`o.identifier` : userId}
       WHERE true ${like ? sql`AND trim(coalesce(o.first_name, '') || ' ' || coalesce(o.last_name, '')) ILIKE ${like}` : sql``}
       ORDER BY o.first_name, o.last_name, o.identifier
       LIMIT 200`);
    return result.rows;
  },

  async person(ex: Executor, userId: string): Promise<PersonRow | undefined> {
    const result = await ex.execute<PersonRow & Record<string, unknown>>(
      sql`SELECT ${person('o')} FROM users o ${personJoins('o')} WHERE o.identifier = ${userId} AND o.deleted_at IS NULL`,
    );
    return result.rows[0];
  },
};
