import { z } from 'zod';
import { REVIEW_COMMENT_MAX, REVIEW_COMMENT_MIN, REVIEW_RATING_MAX, REVIEW_RATING_MIN } from './constants.ts';
import { m } from './messages/index.ts';

/**
 * Reviews (issue 16; spec §2 "Edit Review", §3 "Review", §5 "Comment", §7 "Reviews", §9; DESIGN.md §6 "Reviews"):
 * the client of a completed session reviews it once, and may edit the review once. Ratings are half stars from 0.5
 * to 5; the comment is optional, 5-2500 characters.
 */

/** 0.5 to 5 in half steps (4.3 and 5.5 are refused). */
export const reviewRating = z
  .number({ error: m.reviewRatingInvalid })
  .min(REVIEW_RATING_MIN, m.reviewRatingInvalid)
  .max(REVIEW_RATING_MAX, m.reviewRatingInvalid)
  .refine((v) => Number.isInteger(v * 2), m.reviewRatingInvalid);

const codePoints = (v: string) => [...v].length;
/** Optional: empty (or only spaces) means none; otherwise 5-2500 characters after trimming. */
export const reviewComment = z
  .string({ error: m.reviewCommentMax })
  .trim()
  .refine((v) => v === '' || codePoints(v) >= REVIEW_COMMENT_MIN, m.reviewCommentMin)
  .refine((v) => codePoints(v) <= REVIEW_COMMENT_MAX, m.reviewCommentMax)
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

/** POST /review/{participantId}: the first review of a completed session (the form's schema too). */
export const reviewInput = z.strictObject({
  rating: reviewRating,
  comment: reviewComment,
  isAnonymous: z.boolean().optional().default(false),
});
export type ReviewInput = z.input<typeof reviewInput>;
export type ReviewValues = z.output<typeof reviewInput>;

/** PUT /review/{participantId}: the one edit (spec §3: isAnonymous is shown but not sent by the edit form). */
export const reviewEditInput = z.strictObject({ rating: reviewRating, comment: reviewComment });
export type ReviewEditInput = z.input<typeof reviewEditInput>;
export type ReviewEditValues = z.output<typeof reviewEditInput>;

export const reviewPageQuery = z.strictObject({
  page: z.coerce
    .number({ error: m.pageInvalid })
    .int(m.pageInvalid)
    .min(1, m.pageInvalid)
    .max(100_000, m.pageInvalid)
    .default(1),
  pageSize: z.coerce
    .number({ error: m.pageInvalid })
    .int(m.pageInvalid)
    .min(1, m.pageInvalid)
    .max(50, m.pageInvalid)
    .default(10),
});

/** A review as its writer and the provider see it (GET /review/participant, /review/booking). */
export const review = z.object({
  identifier: z.uuid(),
  participantIdentifier: z.uuid(),
  bookingIdentifier: z.uuid(),
  providerIdentifier: z.uuid(),
  rating: z.number(),
  comment: z.string().nullable(),
  isAnonymous: z.boolean(),
  /** The writer's name, or null when the review is anonymous (the writer sees their own name in the form anyway). */
  authorName: z.string().nullable(),
  /** False once the one edit is spent: the edit control goes away. */
  canEdit: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Review = z.infer<typeof review>;

/** A review on the provider's public page: no ids that lead to the writer. */
export const publicReview = z.object({
  identifier: z.uuid(),
  rating: z.number(),
  comment: z.string().nullable(),
  authorName: z.string().nullable(),
  createdAt: z.string(),
});
export type PublicReview = z.infer<typeof publicReview>;

/** The provider's exact average (two decimals) and count, with one page of their reviews, newest first. */
export const providerReviews = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
  items: z.array(publicReview),
});
export type ProviderReviews = z.infer<typeof providerReviews>;
