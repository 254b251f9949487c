import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { providerReviewStats, reviews } from '../../db/schema/reviews.ts';
import { people } from '../../db/schema/users.ts';
import { AppError } from '../../platform/errors.ts';
import { refusedAs } from '../../platform/pg-errors.ts';

/** Reviews and the providers' totals: Drizzle only; the rules are in reviews.service.ts. */
export type ReviewRow = typeof reviews.$inferSelect;
export type ReviewWithAuthor = ReviewRow & { authorFirstName: string | null; authorLastName: string | null };

const selectWithAuthor = (ex: Executor) =>
  ex
    .select({ review: reviews, firstName: people.firstName, lastName: people.lastName })
    .from(reviews)
    .innerJoin(people, eq(people.identifier, reviews.clientId));

const flatten = (r: { review: ReviewRow; firstName: string | null; lastName: string | null }): ReviewWithAuthor => ({
  ...r.review,
  authorFirstName: r.firstName,
  authorLastName: r.lastName,
});

export const reviewsRepository = {
  async byParticipant(ex: Executor, participantId: string): Promise<ReviewWithAuthor | undefined> {
    const [row] = await selectWithAuthor(ex).where(eq(reviews.participantId, participantId)).limit(1);
    return row && flatten(row);
  },

  async byBooking(ex: Executor, bookingId: string): Promise<ReviewWithAuthor | undefined> {
    const [row] = await selectWithAuthor(ex).where(eq(reviews.bookingId, bookingId)).limit(1);
    return row && flatten(row);
  },

  /** The review, locked for the rest of the transaction (two edits at once: one wins). */
  async lockByParticipant(tx: Executor, participantId: string): Promise<ReviewRow | undefined> {
    const [row] = await tx
      .select()
      .from(reviews)
      .where(eq(reviews.participantId, participantId))
      .limit(1)
      .for('update');
    return row;
  },

  /** A session's review; a second one (also two at once) meets the participant's unique key and is refused. */
  async insert(tx: Executor, row: typeof reviews.$inferInsert): Promise<void> {
    await refusedAs(
      tx.insert(reviews).values(row),
      'unique',
      () => AppError.rule('reviewExists'),
      'reviews_participant_key',
    );
  },

  async update(
    tx: Executor,
    identifier: string,
    patch: Pick<ReviewRow, 'halfStars' | 'comment' | 'edits'>,
  ): Promise<void> {
    await tx.update(reviews).set(patch).where(eq(reviews.identifier, identifier));
  },

  /** One more review in a provider's totals, atomically (the first creates the row). */
  async countReview(tx: Executor, providerId: string, halfStars: number): Promise<void> {
    await tx
      .insert(providerReviewStats)
      .values({ providerId, halfStarsSum: halfStars, reviewCount: 1 })
      .onConflictDoUpdate({
        target: providerReviewStats.providerId,
        set: {
          halfStarsSum: sql`${providerReviewStats.halfStarsSum} + ${halfStars}`,
          reviewCount: sql`${providerReviewStats.reviewCount} + 1`,
          updatedAt: new Date(),
        },
      });
  },

  /** An edited rating: the sum moves by the change (an UPDATE: the row exists, and a negative change is no new row). */
  async changeRating(tx: Executor, providerId: string, delta: number): Promise<void> {
    await tx
      .update(providerReviewStats)
      .set({ halfStarsSum: sql`${providerReviewStats.halfStarsSum} + ${delta}`, updatedAt: new Date() })
      .where(eq(providerReviewStats.providerId, providerId));
  },

  async stats(ex: Executor, providerId: string): Promise<{ halfStarsSum: number; reviewCount: number }> {
    const [row] = await ex
      .select({ halfStarsSum: providerReviewStats.halfStarsSum, reviewCount: providerReviewStats.reviewCount })
      .from(providerReviewStats)
      .where(eq(providerReviewStats.providerId, providerId))
      .limit(1);
    return row ?? { halfStarsSum: 0, reviewCount: 0 };
  },

  /** One page of a provider's reviews, newest first, with the total. */
  async page(
    ex: Executor,
    providerId: string,
    page: number,
    pageSize: number,
  ): Promise<{ rows: ReviewWithAuthor[]; total: number }> {
    const rows = await selectWithAuthor(ex)
      .where(eq(reviews.providerId, providerId))
      .orderBy(desc(reviews.createdAt), desc(reviews.identifier))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const [total] = await ex
      .select({ n: count() })
      .from(reviews)
      .where(and(eq(reviews.providerId, providerId)));
    return { rows: rows.map(flatten), total: total?.n ?? 0 };
  },

  /** Whether the user is a live provider (a provider's public reviews; anyone else's id is not found). */
  async isProvider(ex: Executor, userId: string): Promise<boolean> {
    const [row] = await ex
      .select({ id: people.identifier })
      .from(people)
      .where(and(eq(people.identifier, userId), eq(people.userType, 'provider'), sql`${people.deletedAt} IS NULL`))
      .limit(1);
    return row !== undefined;
  },
};
