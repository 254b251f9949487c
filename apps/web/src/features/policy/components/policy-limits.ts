/**
 * Reschedule limits per booking (DESIGN.md §6: client 2, provider 3). The contracts do not export them yet; when
 * they do (e.g. RESCHEDULE_LIMIT_CLIENT in constants.ts), import them here instead so text and rule cannot drift.
 */
export const RESCHEDULE_LIMITS = { client: 2, provider: 3 } as const;
