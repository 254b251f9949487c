import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { verificationRoutes } from './verification.routes.ts';
import { createVerificationService, type VerificationSources } from './verification.service.ts';
import { onAccountErasure } from '../../platform/account-erasure.ts';
import { eraseVerification } from './account-erasure.repository.ts';

/**
 * The verification module's public face (issue 14, decision 0026): the provider's set-up checklist and submission,
 * the operators' review queue, and `isVerified` for the modules that offer, book or list providers. It is given the
 * checklist steps and the review documents by app.ts and imports no feature module.
 */
/** The gate app.ts gives the availability module (also on the face below), for a test that makes its own. */

export function createVerificationModule(deps: AppDeps, sources: VerificationSources) {
  // Deleting an account erases what this module holds of the person, in the deletion's transaction.
  onAccountErasure(deps.events, eraseVerification);
  const verification = createVerificationService(deps, sources);
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(verificationRoutes, { verification });
  };
  return {
    name: 'verification' as const,
    plugin,
    /** Whether a provider's practice is approved. */
    isVerified: verification.isVerified,
  };
}
export type VerificationModule = ReturnType<typeof createVerificationModule>;
