import { z } from 'zod';
import { walletPayout } from './wallet.ts';

/**
 * GET /provider/earnings (issue 46, "Earnings a therapist can see"): where a provider's money is, per currency, read
 * from the bookings (sessions paid but not yet held), the ledger (earnings) and the payouts. Amounts are minor units.
 */

/**
 * A session's money: `pending` (paid, the session has not taken place: held until it is completed), `available`
 * (earned, goes with the next payout), `inPayout` (in a payout on its way to the bank), `paidOut` (the bank has it).
 */
export const earningStates = ['pending', 'available', 'inPayout', 'paidOut'] as const;
export type EarningState = (typeof earningStates)[number];

/**
 * How a currency is paid out: `weekly` (the platform's weekly payout through the payment gateway, `date` the next
 * run), `bankTransfer` (the platform's bank transfer, made by an operator: no fixed date), `notYet` (no payout route
 * for the currency yet).
 */
export const payoutPlans = ['weekly', 'bankTransfer', 'notYet'] as const;
export type PayoutPlan = (typeof payoutPlans)[number];

export const earningsInCurrency = z.object({
  currency: z.string(),
  /** Paid sessions still to take place (the provider's share once completed). */
  pending: z.number().int(),
  /** Earned and not paid out: what the next payout takes. */
  available: z.number().int(),
  /** In payouts started and not yet confirmed by the bank. */
  onItsWay: z.number().int(),
  /** Payouts the bank has (all time). */
  paidOut: z.number().int(),
  nextPayout: z.object({ plan: z.enum(payoutPlans), date: z.string().nullable() }),
  /** The account payouts in this currency go to (masked), or null: no bank details for this currency yet. */
  destination: z.object({ bankName: z.string().nullable(), accountLast4: z.string() }).nullable(),
});
export type EarningsInCurrency = z.infer<typeof earningsInCurrency>;

export const earningLine = z.object({
  bookingIdentifier: z.uuid(),
  /** The session's start (ISO instant). */
  startTime: z.string().nullable(),
  /** The therapy booked: its category (the web shows the name in the page's language by its code). */
  therapy: z.object({ code: z.string(), name: z.string() }),
  /** The client as a provider's money page shows them: first name and the last name's initial ("Anna K."). */
  clientName: z.string().nullable(),
  /** The provider's share (after the platform's commission). */
  amount: z.number().int(),
  currency: z.string(),
  state: z.enum(earningStates),
  /** `cancelled`: the client cancelled too late, the provider keeps the fee. */
  bookingStatus: z.enum(['confirmed', 'completed', 'cancelled']),
});
export type EarningLine = z.infer<typeof earningLine>;

export const providerEarnings = z.object({
  /** Every currency the provider has money in, the own currency first (always listed). */
  currencies: z.array(earningsInCurrency),
  /** The paid sessions still to come and the latest earned ones, newest first. */
  sessions: z.array(earningLine),
  /** The latest payouts, newest first. */
  payouts: z.array(walletPayout),
});
export type ProviderEarnings = z.infer<typeof providerEarnings>;
