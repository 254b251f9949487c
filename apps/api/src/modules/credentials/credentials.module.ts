import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import type { ReviewDocumentsSource, SetupStep } from '../../platform/practice-setup.ts';
import type { UserModule } from '../user/user.module.ts';
import { credentialsRoutes } from './credentials.routes.ts';
import { createCredentialsService } from './credentials.service.ts';
import { onAccountErasure } from '../../platform/account-erasure.ts';
import { eraseCredentials } from './account-erasure.repository.ts';
import { credentialExpiryJob, runCredentialExpiry } from './credential-expiry.ts';

/**
 * The credentials module's face: a provider's licences, other qualifications and indemnity insurance, with their
 * files. It offers verification two checklist steps ('credentials': a licence with a file; 'insurance': an insurance
 * file) and every document of a provider for review (signed URLs; the caller checks access).
 */
export function createCredentialsModule(deps: AppDeps, { users }: { users: UserModule }) {
  // Deleting an account erases what this module holds of the person, in the deletion's transaction.
  onAccountErasure(deps.events, eraseCredentials);
  const credentials = createCredentialsService(deps, { users });
  // An operator's decision (verification) settles what was pending, in the decision's transaction.
  deps.events.subscribeInTransaction('practice.reviewed', (event, tx) =>
    credentials.settle(tx, event.providerId, { outcome: event.outcome, scope: event.scope, at: new Date(event.at) }),
  );
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(credentialsRoutes, { credentials });
    await app.register(credentialExpiryJob, { deps, users });
  };
  const setupSteps: SetupStep[] = [
    { key: 'credentials', isComplete: (providerId) => credentials.hasLicence(providerId) },
    { key: 'insurance', isComplete: (providerId) => credentials.hasInsurance(providerId) },
  ];
  const reviewDocuments: ReviewDocumentsSource = { documentsOf: (providerId) => credentials.documentsOf(providerId) };
  return {
    name: 'credentials' as const,
    plugin,
    setupSteps,
    reviewDocuments,
    /** The approved education credentials' titles a provider's public page shows (issue 47). */
    approvedEducationOf: credentials.approvedEducationOf,
    /** The daily expiry reminders and expiries, run now (tests; the job runs it every morning). */
    runExpiryCheck: () => runCredentialExpiry(deps, users),
  };
}
export type CredentialsModule = ReturnType<typeof createCredentialsModule>;
