import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import type { UserModule } from '../user/user.module.ts';
import { clientsRoutes } from './clients.routes.ts';
import { createClientsService } from './clients.service.ts';
import { onAccountErasure } from '../../platform/account-erasure.ts';
import { eraseClientImports } from './account-erasure.repository.ts';

/**
 * The clients module's public face (issue 17): a provider's client list, imports and invitations, and `isClientOf`,
 * the one answer to "is this the provider's client?" that notes and the client page use.
 */
export function createClientsModule(
  deps: Pick<AppDeps, 'db' | 'clock' | 'mail' | 'config' | 'files' | 'events'>,
  ports: { users: Pick<UserModule, 'findActiveUser' | 'records'> },
) {
  // Deleting an account erases what this module holds of the person, in the deletion's transaction.
  onAccountErasure(deps.events, eraseClientImports);
  const clients = createClientsService(deps, ports);
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(clientsRoutes, { clients });
  };
  return {
    name: 'clients' as const,
    plugin,
    isClientOf: clients.isClientOf,
    /** Bookings ask these about a client without an account (decision 0053). */
    isRecordOf: clients.isRecordOf,
    recordsOf: clients.recordsOf,
    inviteUnlessInvited: clients.inviteUnlessInvited,
  };
}
export type ClientsModule = ReturnType<typeof createClientsModule>;
