import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import type { ReferenceModule } from '../reference/reference.module.ts';
import type { UserModule } from '../user/user.module.ts';
import { clientProfileRepository } from './client-profile.repository.ts';
import { clientProfileRoutes } from './client-profile.routes.ts';
import { createClientProfileService } from './client-profile.service.ts';
import { userNameFromName } from './user-name.ts';
import { onAccountErasure } from '../../platform/account-erasure.ts';
import { eraseClientProfile } from './account-erasure.repository.ts';

/**
 * The client-profile module's public face: a client's own profile, emergency contact, preferences and picture. It
 * uses the user module (the account row) and the reference module (the lists a form picks from), and adds a step to
 * every client sign-up.
 */
export function createClientProfileModule(
  deps: AppDeps,
  {
    users,
    reference,
    isClientOf,
  }: {
    users: UserModule;
    reference: ReferenceModule;
    /** Who is whose client: the clients module's answer. */
    isClientOf: (providerId: string, clientId: string) => Promise<boolean>;
  },
) {
  // Deleting an account erases what this module holds of the person, in the deletion's transaction.
  onAccountErasure(deps.events, eraseClientProfile);
  // Every client has a username (Personal details requires one): suggested from the name, changeable later.
  users.onSignUp(async (tx, user, name) => {
    if (user.userType === 'client')
      await clientProfileRepository.createWithUserName(
        tx,
        user.identifier,
        userNameFromName(name.firstName, name.lastName),
      );
  });
  const profiles = createClientProfileService(deps, { users, reference, isClientOf });
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(clientProfileRoutes, { profiles });
  };
  return {
    name: 'client-profile' as const,
    plugin,
  };
}
/** The start-up backfill that seals emergency contacts kept in clear before issue 45 (db/migrate.ts's step). */
export { sealClearEmergencyContacts } from './clear-text.ts';
export type ClientProfileModule = ReturnType<typeof createClientProfileModule>;
