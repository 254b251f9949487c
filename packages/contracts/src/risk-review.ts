import { z } from 'zod';

/**
 * Risk answers a provider has yet to see (issue 47; decision 0056): PHQ-9 answers with item 9 (thoughts of self-harm)
 * above zero. The list names the client and the questionnaire, never the answer: that stays in the sealed result.
 */
export const riskReviewItem = z.object({
  measureIdentifier: z.uuid(),
  clientIdentifier: z.uuid(),
  clientName: z.string().nullable(),
  answeredAt: z.iso.datetime(),
});
export type RiskReviewItem = z.infer<typeof riskReviewItem>;
