import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import type { SetupStep } from '../../platform/practice-setup.ts';
import type { AvailabilityModule } from '../availability/availability.module.ts';
import type { ReferenceModule } from '../reference/reference.module.ts';
import type { UserModule } from '../user/user.module.ts';
import { providerProfileRoutes } from './provider-profile.routes.ts';
import { createProviderProfileService } from './provider-profile.service.ts';
import { providerSummaryRoutes } from './provider-summary.routes.ts';
import { onAccountErasure } from '../../platform/account-erasure.ts';
import { eraseProviderProfile } from './account-erasure.repository.ts';

/**
 * The provider-profile module's public face: a provider's own practice profile and the public provider summary. It
 * uses the user, reference and availability modules' faces, and announces its changes with the
 * `provider-profile.changed` event (availability drops its cached slots on it).
 */
export function createProviderProfileModule(
  deps: AppDeps,
  {
    users,
    reference,
    availability,
  }: { users: UserModule; reference: ReferenceModule; availability: AvailabilityModule },
) {
  // Deleting an account erases what this module holds of the person, in the deletion's transaction.
  onAccountErasure(deps.events, eraseProviderProfile);
  const profiles = createProviderProfileService(deps, { users, reference, availability });
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(providerProfileRoutes, { profiles });
    await app.register(providerSummaryRoutes, { profiles });
  };
  return {
    name: 'provider-profile' as const,
    plugin,
    /** The public head of a live provider (404 otherwise), as the provider page shows it. */
    summary: profiles.summary,
    /** Bio and discipline as the operator's desk shows them. */
    reviewProfileOf: profiles.reviewProfileOf,
    /** The checklist's 'profile' step: the provider finished the profile set-up (issue 14). */
    setupSteps: [{ key: 'profile', isComplete: profiles.setupComplete }] satisfies SetupStep[],
  };
}
export type ProviderProfileModule = ReturnType<typeof createProviderProfileModule>;
