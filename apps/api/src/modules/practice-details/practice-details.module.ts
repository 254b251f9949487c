import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import type { SetupStep } from '../../platform/practice-setup.ts';
import { practiceDetailsRoutes } from './practice-details.routes.ts';
import { createPracticeDetailsService, type PracticeDetailsPorts } from './practice-details.service.ts';
import { onAccountErasure } from '../../platform/account-erasure.ts';
import { erasePracticeDetails } from './account-erasure.repository.ts';

/**
 * The practice-details module's public face (issue 14): a provider's work history, booking fees and licence states.
 * It uses the user, availability (the provider's therapies) and wallet (the country's currency) faces, and offers
 * the fee a booking is charged (`feeOf`), the licence states the directory filters on (`licenseStatesOf`) and its
 * two set-up checklist steps.
 */
export function createPracticeDetailsModule(deps: Pick<AppDeps, 'db' | 'events'>, ports: PracticeDetailsPorts) {
  // Deleting an account erases what this module holds of the person, in the deletion's transaction.
  onAccountErasure(deps.events, erasePracticeDetails);
  const details = createPracticeDetailsService(deps, ports);
  // An operator's decision (verification) settles the states that were pending, in the decision's transaction.
  deps.events.subscribeInTransaction('practice.reviewed', (event, tx) =>
    details.settleStates(tx, event.providerId, { outcome: event.outcome, scope: event.scope, at: new Date(event.at) }),
  );
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(practiceDetailsRoutes, { details });
  };
  const setupSteps: SetupStep[] = [
    /** Complete once the general fee is set or marked free. */
    { key: 'fees', isComplete: details.hasGeneralFee },
    /** Complete with at least one licence state. */
    { key: 'licenseStates', isComplete: details.hasLicenseState },
  ];
  return {
    name: 'practice-details' as const,
    plugin,
    /** What a booking of the provider costs: the therapy category's own fee, else the general fee; null when none is set. */
    feeOf: details.feeOf,
    /** What a booking of each therapy of the providers is charged (`feeOf`'s rule for many at once; issue 48). */
    pricesOf: details.pricesOf,
    /** The US states the provider is listed and bookable in (approved, with an approved licence), by name. */
    listedStatesOf: details.listedStatesOf,
    /** For the operator's desk (verification checks the operator): claimed states, fees, work history. */
    claimedStatesOf: details.claimedStatesOf,
    feesOf: details.feesOf,
    workHistoryOf: details.workHistoryOf,
    setupSteps,
  };
}
export type PracticeDetailsModule = ReturnType<typeof createPracticeDetailsModule>;
