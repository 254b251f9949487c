import { REVIEW_EDITS } from '@therapy/contracts/constants';
import type { ProviderReviews, PublicReview, Review, ReviewEditValues, ReviewValues } from '@therapy/contracts/reviews';
import type { Executor } from '../../db/client.ts';
import type { AppDeps } from '../../deps.ts';
import { bookingOf, requireAccessTo, type Actor } from '../../platform/auth/access.ts';
import type { BookingFactsSource } from '../../platform/booking-facts.ts';
import { AppError } from '../../platform/errors.ts';
import { reviewsRepository as repo, type ReviewWithAuthor } from './reviews.repository.ts';

/**
 * Reviews (issue 16; DESIGN.md §6 "Reviews"): only the client of a completed session reviews it, once, and may edit
 * the review once. Each write keeps the provider's totals (sum of half stars and count) in the same transaction, so
 * the average the directory shows is exact. Someone else's participant or booking is not found (404).
 */
export interface ReviewsPorts {
  /** The bookings module's face: a participant booking's parties and its booking's status. */
  participantFacts: (
    participantId: string,
    ex?: Executor,
  ) => Promise<
    { participantId: string; bookingId: string; clientId: string; providerId: string; status: string } | undefined
  >;
  markFeedbackProvided: (participantId: string, tx: Executor) => Promise<void>;
  bookingFacts: BookingFactsSource;
}

/** "Sam L." (first name and initial): enough to be a person, little to be found by; null when anonymous. */
const authorName = (r: ReviewWithAuthor): string | null => {
  if (r.isAnonymous) return null;
  const initial = r.authorLastName ? ` ${[...r.authorLastName][0]!.toUpperCase()}.` : '';
  return r.authorFirstName ? `${r.authorFirstName}${initial}` : null;
};

const toReview = (r: ReviewWithAuthor): Review => ({
  identifier: r.identifier,
  participantIdentifier: r.participantId,
  bookingIdentifier: r.bookingId,
  providerIdentifier: r.providerId,
  rating: r.halfStars / 2,
  comment: r.comment,
  isAnonymous: r.isAnonymous,
  authorName: authorName(r),
  canEdit: r.edits < REVIEW_EDITS,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const toPublic = (r: ReviewWithAuthor): PublicReview => ({
  identifier: r.identifier,
  rating: r.halfStars / 2,
  comment: r.comment,
  authorName: authorName(r),
  createdAt: r.createdAt.toISOString(),
});

export function createReviewsService(deps: Pick<AppDeps, 'db' | 'events'>, ports: ReviewsPorts) {
  const { db, events } = deps;

  /** The caller's own participant booking (404 for anyone else's, like a missing one). */
  const ownParticipant = async (actor: Actor, participantId: string, ex: Executor = db) => {
    // A review is the client's to write and read back: the provider reads theirs through the booking.
    return requireAccessTo(actor, 'act', await ports.participantFacts(participantId, ex), (f) =>
      bookingOf(f, 'client'),
    );
  };

  return {
    async ofParticipant(actor: Actor, participantId: string): Promise<Review | null> {
      await ownParticipant(actor, participantId);
      const r = await repo.byParticipant(db, participantId);
      return r ? toReview(r) : null;
    },

    async ofBooking(actor: Actor, bookingId: string): Promise<Review | null> {
      requireAccessTo(actor, 'act', await ports.bookingFacts(bookingId), (f) => bookingOf(f));
      const r = await repo.byBooking(db, bookingId);
      return r ? toReview(r) : null;
    },

    async create(actor: Actor, participantId: string, input: ReviewValues): Promise<Review> {
      const facts = await ownParticipant(actor, participantId);
      if (facts.status !== 'completed') throw AppError.rule('reviewNotAllowed');
      // A second review of the session (also two at once) is refused by the repository (reviewExists).
      await events.transaction(async (tx) => {
        const halfStars = Math.round(input.rating * 2);
        await repo.insert(tx, {
          participantId,
          bookingId: facts.bookingId,
          clientId: facts.clientId,
          providerId: facts.providerId,
          halfStars,
          comment: input.comment,
          isAnonymous: input.isAnonymous,
        });
        await repo.countReview(tx, facts.providerId, halfStars);
        await ports.markFeedbackProvided(participantId, tx);
        await events.publish(tx, 'review.changed', { providerId: facts.providerId });
      });
      return toReview((await repo.byParticipant(db, participantId))!);
    },

    /** The one edit: rating and comment; the provider's sum moves by the rating's change, the count stays. */
    async update(actor: Actor, participantId: string, input: ReviewEditValues): Promise<Review> {
      const facts = await ownParticipant(actor, participantId);
      await events.transaction(async (tx) => {
        const r = await repo.lockByParticipant(tx, participantId);
        if (!r) throw AppError.rule('reviewMissing');
        if (r.edits >= REVIEW_EDITS) throw AppError.rule('reviewEditOnce');
        const halfStars = Math.round(input.rating * 2);
        await repo.update(tx, r.identifier, { halfStars, comment: input.comment, edits: r.edits + 1 });
        await repo.changeRating(tx, facts.providerId, halfStars - r.halfStars);
        await events.publish(tx, 'review.changed', { providerId: facts.providerId });
      });
      return toReview((await repo.byParticipant(db, participantId))!);
    },

    /** Public: a provider's reviews, newest first, with the exact average (two decimals) and count. */
    async ofProvider(
      providerId: string,
      page: number,
      pageSize: number,
    ): Promise<{ data: ProviderReviews; meta: { page: number; pageSize: number; total: number; totalPages: number } }> {
      if (!(await repo.isProvider(db, providerId))) throw AppError.notFound();
      const [stats, { rows, total }] = await Promise.all([
        repo.stats(db, providerId),
        repo.page(db, providerId, page, pageSize),
      ]);
      const average =
        stats.reviewCount > 0 ? Math.round((stats.halfStarsSum / 2 / stats.reviewCount) * 100) / 100 : null;
      return {
        data: { average, count: stats.reviewCount, items: rows.map(toPublic) },
        meta: { page, pageSize, total, totalPages: Math.ceil(total / pageSize) },
      };
    },
  };
}
export type ReviewsService = ReturnType<typeof createReviewsService>;
