import type { FastifyPluginAsync } from 'fastify';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { mapForeignKeyViolation, profileChecks } from './profile-checks.ts';
import { profileLookupsRepository, type AvatarRow } from './profile-lookups.repository.ts';
import { referenceRoutes } from './reference.routes.ts';

export type { AvatarRow } from './profile-lookups.repository.ts';

/**
 * The reference module's public face: the seeded pick lists (route), and the checks every profile form makes against
 * them (a submitted identifier must name an item of the right list; a state must be the country's).
 */
export function createReferenceModule(deps: AppDeps) {
  const { db } = deps;
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(referenceRoutes, { deps });
  };
  return {
    name: 'reference' as const,
    plugin,
    checks: profileChecks,
    /** A foreign key refused an identifier the checks let through (removed meanwhile): the same 400. */
    mapForeignKeyViolation,
    countryIdByCode: (code: string, ex: Executor = db): Promise<string | undefined> =>
      profileLookupsRepository.countryIdByCode(ex, code),
    listAvatars: (ex: Executor = db): Promise<AvatarRow[]> => profileLookupsRepository.listAvatars(ex),
    avatarById: (id: string, ex: Executor = db): Promise<AvatarRow | undefined> =>
      profileLookupsRepository.avatarById(ex, id),
  };
}
export type ReferenceModule = ReturnType<typeof createReferenceModule>;
