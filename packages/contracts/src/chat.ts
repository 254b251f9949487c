import { z } from 'zod';
import { fileExtension } from './credentials.ts';
import { m, messageRef } from './messages/index.ts';

/**
 * Secure messaging (issue 18; spec §1 "Chat with message deletion", §2 "Delete message", §3 message id, §7 "Messages";
 * DESIGN.md §6 "Messages"): a client and a provider who share a booking or an accepted import chat in one conversation;
 * text (at most 10,000 characters) and attachments (images and pdf, at most 10 MB each), edit and delete of one's own
 * messages (the other side sees "This message was deleted"), seen state and unread counts. Lists page by an opaque,
 * signed cursor.
 */
export const CHAT_MESSAGE_MAX = 10_000;
export const CHAT_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const CHAT_MAX_FILES = 5;
export const chatFileExtensions = ['jpg', 'jpeg', 'png', 'pdf'] as const;
/** A user may send this many messages a minute (counted in PostgreSQL, so it holds across instances). */
export const CHAT_SENDS_PER_MINUTE = 30;

const codePoints = (v: string) => [...v].length;
/** A message's text; empty is allowed only with attachments (checked where the files are known). */
export const chatContent = z
  .string({ error: m.chatMessageRequired })
  .optional()
  .transform((v) => (v ?? '').trim())
  .refine((v) => codePoints(v) <= CHAT_MESSAGE_MAX, m.chatMessageTooLong);

const cursor = z.string().trim().min(1, m.chatCursorInvalid).max(300, m.chatCursorInvalid).optional();
const search = z.string().trim().max(100, m.chatCursorInvalid).optional();

/** POST /messages/conversations: open (or find) the conversation with a client or provider one shares a relation with. */
export const startConversationInput = z.strictObject({ participantIdentifier: z.uuid({ error: m.notFound }) });
/** POST /messages/store's text fields (multipart with optional `files`). */
export const storeMessageFields = z.strictObject({
  conversationIdentifier: z.uuid({ error: m.notFound }),
  content: chatContent,
});
/** PUT /messages/{id}/update: the new text (an edited message keeps its attachments). */
export const updateMessageInput = z.strictObject({
  content: z
    .string({ error: m.chatMessageRequired })
    .trim()
    .min(1, m.chatMessageRequired)
    .refine((v) => codePoints(v) <= CHAT_MESSAGE_MAX, m.chatMessageTooLong),
});
/** PUT /messages/mark-seen: everything in the conversation up to now is read by the caller. */
export const markSeenInput = z.strictObject({ conversationIdentifier: z.uuid({ error: m.notFound }) });
export const chatListQuery = z.strictObject({ searchQuery: search, cursor });
export const contactsQuery = z.strictObject({ searchQuery: search });
export const conversationMessagesQuery = z.strictObject({ cursor });

export const chatPerson = z.object({
  identifier: z.uuid(),
  userType: z.enum(['client', 'provider']),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  photoUrl: z.string().nullable(),
});
export type ChatPerson = z.infer<typeof chatPerson>;

export const chatAttachment = z.object({
  identifier: z.uuid(),
  filename: z.string(),
  size: z.number().int(),
  contentType: z.string(),
});

export const chatMessage = z.object({
  identifier: z.uuid(),
  conversationIdentifier: z.uuid(),
  senderIdentifier: z.uuid(),
  /** Null once deleted (the screens say "This message was deleted"). */
  content: z.string().nullable(),
  isDeleted: z.boolean(),
  editedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  attachments: z.array(chatAttachment),
  /** For the sender's own messages: the other side has read up to it. */
  seen: z.boolean(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

export const conversation = z.object({
  identifier: z.uuid(),
  participant: chatPerson,
  lastMessage: z
    .object({
      senderIdentifier: z.uuid(),
      preview: z.string().nullable(),
      isDeleted: z.boolean(),
      hasAttachments: z.boolean(),
      createdAt: z.iso.datetime(),
    })
    .nullable(),
  unreadCount: z.number().int(),
  updatedAt: z.iso.datetime(),
});
export type Conversation = z.infer<typeof conversation>;

export const contact = chatPerson.extend({ conversationIdentifier: z.uuid().nullable() });
export type Contact = z.infer<typeof contact>;

/** A page of a cursor-paged list: `nextCursor` continues it (null at its end). */
export const cursorPage = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), nextCursor: z.string().nullable() });

export const tooManyChatFiles = () => messageRef(m.chatTooManyFiles, { max: CHAT_MAX_FILES });

/** A chosen attachment's problem before it is sent (the server checks again, and sniffs the bytes). */
export function chatFileProblem(file: { name: string; size: number }): 'chatFileType' | 'chatFileTooLarge' | undefined {
  if (!(chatFileExtensions as readonly string[]).includes(fileExtension(file.name))) return m.chatFileType;
  if (file.size > CHAT_FILE_MAX_BYTES) return m.chatFileTooLarge;
  return undefined;
}
