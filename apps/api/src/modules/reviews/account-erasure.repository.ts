import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { reviews } from '../../db/schema/reviews.ts';

/**
 * A review's words are the person's own, often about their health: they go. The rating stays, without a name (the
 * name goes with the account), so the therapist's average and count stay what clients gave (decision 0028).
 */
export async function eraseReviewWords(db: Executor, userId: string): Promise<void> {
  await db.update(reviews).set({ comment: null }).where(eq(reviews.clientId, userId));
}
