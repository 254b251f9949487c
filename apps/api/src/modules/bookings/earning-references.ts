/**
 * The ledger references of the money a booking pays the provider (escrow -> earnings): one per booking, so a release
 * posts once. The earnings page (issue 46) finds a session's share in the ledger by them.
 */
export const earningReference = {
  /** A completed session. */
  completed: (bookingId: string) => `booking-earning:${bookingId}`,
  /** A paid session the client cancelled too late: the provider keeps the fee (decision 0027). */
  lateCancel: (bookingId: string) => `booking-late-cancel:${bookingId}`,
};
