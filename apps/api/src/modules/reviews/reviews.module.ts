import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { reviewsRoutes } from './reviews.routes.ts';
import { createReviewsService, type ReviewsPorts } from './reviews.service.ts';
import { onAccountErasure } from '../../platform/account-erasure.ts';
import { eraseReviewWords } from './account-erasure.repository.ts';

/**
 * The reviews module's public face (issue 16): clients review completed sessions; anyone reads a provider's reviews
 * and average. It learns of bookings through the bookings module's face (participant facts, booking facts) and tells
 * it when a participant has given feedback.
 */
export function createReviewsModule(deps: Pick<AppDeps, 'db' | 'events'>, ports: ReviewsPorts) {
  // Deleting an account erases what this module holds of the person, in the deletion's transaction.
  onAccountErasure(deps.events, eraseReviewWords);
  const reviews = createReviewsService(deps, ports);
  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(reviewsRoutes, { reviews });
  };
  return { name: 'reviews' as const, plugin };
}
export type ReviewsModule = ReturnType<typeof createReviewsModule>;
