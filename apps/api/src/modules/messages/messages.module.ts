import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import type { LiveSockets } from '../../platform/http/live-sockets.ts';
import { messagesRoutes } from './messages.routes.ts';
import { createMessagesService, type MessagesPorts } from './messages.service.ts';
import { sendUnreadMail, UNREAD_MAIL_QUEUE, type UnreadMailJob } from './unread-mail.ts';
import { onAccountErasure } from '../../platform/account-erasure.ts';
import { eraseSentMessages } from './account-erasure.repository.ts';

/**
 * The messages module's public face (issue 18): conversations between a client and a provider who share a booking or
 * an accepted import (`isClientOf`, from the clients module), their messages and attachments. Every change is a
 * `message.changed` event for the live delivery.
 */
export function createMessagesModule(
  deps: Pick<AppDeps, 'db' | 'clock' | 'files' | 'config' | 'events' | 'jobs' | 'mail'>,
  ports: MessagesPorts & { live: LiveSockets },
) {
  // Deleting an account erases what this module holds of the person, in the deletion's transaction.
  onAccountErasure(deps.events, eraseSentMessages);
  const messages = createMessagesService(deps, ports);
  // Live delivery: every instance tells the sockets it holds of both participants; they fetch what changed (the event
  // carries ids, never text).
  const { live } = ports;
  deps.events.subscribe(
    'message.changed',
    ({ conversationId, messageId, clientId, providerId, change, by }) => {
      const push = { type: 'message.changed', conversationId, messageId, change, by };
      live.sendTo(clientId, push);
      live.sendTo(providerId, push);
    },
    { everyInstance: true },
  );
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(messagesRoutes, { messages });
    await deps.jobs.work<UnreadMailJob>(
      UNREAD_MAIL_QUEUE,
      { retryLimit: 5, retryDelaySeconds: 30, expireInSeconds: 60, deleteAfterSeconds: 7 * 24 * 3600 },
      sendUnreadMail(deps, ports.users),
    );
  };
  return {
    name: 'messages' as const,
    plugin,
  };
}
export type MessagesModule = ReturnType<typeof createMessagesModule>;
