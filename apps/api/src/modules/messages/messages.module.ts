import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { messagesRoutes } from './messages.routes.ts';
import { createMessagesService, type MessagesPorts } from './messages.service.ts';

/**
 * The messages module's public face (issue 18): conversations between a client and a provider who share a booking or
 * an accepted import (`isClientOf`, from the clients module), their messages and attachments. Every change is a
 * `message.changed` event for the live delivery.
 */
export function createMessagesModule(deps: Pick<AppDeps, 'db' | 'clock' | 'files' | 'config' | 'events'>, ports: MessagesPorts) {
  const messages = createMessagesService(deps, ports);
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(messagesRoutes, { messages });
  };
  return { name: 'messages' as const, plugin };
}
export type MessagesModule = ReturnType<typeof createMessagesModule>;
