import { z } from 'zod';
import { MAX_TOPUP_MINOR, MIN_TOPUP_MAJOR, MIN_TOPUP_MAJOR_DEFAULT } from './constants.ts';
import { m, message, messageRef, type Locale, type MessageParams } from './messages/index.ts';
import { currencySymbol, majorUnits } from './money.ts';

/**
 * Wallet and payments (spec §1, §2 "Wallet top-up", §3 wallet, §4 "Top-up", §5 "Top-up", §7 "Wallet and payment";
 * DESIGN.md §6 "Wallet and ledger"). Money is integer minor units plus an ISO 4217 code; display divides by 100.
 */

export const supportedCurrencies = ['NGN', 'GBP', 'USD', 'EUR'] as const;
export type CurrencyCode = (typeof supportedCurrencies)[number];

/** The smallest top-up in minor units (spec §9: 500 NGN, 5 GBP, 5 otherwise). */
export const minTopupMinor = (currency: string): number => (MIN_TOPUP_MAJOR[currency] ?? MIN_TOPUP_MAJOR_DEFAULT) * 100;

/** The values of "Minimum topup amount is {amount} {symbol}" for a currency: 500 and ₦ for NGN. */
export const topupMinimumParams = (currency: string): MessageParams => ({
  amount: String(majorUnits(minTopupMinor(currency))),
  symbol: currencySymbol(currency),
});

/** "Minimum topup amount is 500 ₦": the message filled in for a currency, in a language (English by default). */
export const topupMinimumText = (currency: string, locale: Locale = 'en'): string =>
  message('topupMinimum', locale, topupMinimumParams(currency));

export const currencyCode = z.enum(supportedCurrencies, { error: m.currencyUnsupported });

export const topupMethods = ['card', 'bank_transfer'] as const;
export type TopupMethod = (typeof topupMethods)[number];

/**
 * POST /payment/wallet: the amount in minor units (the form sends the typed amount times 100). The minimum depends on
 * the wallet's currency, which the server knows; the form checks it with `topupAmountField(currency)`.
 */
export const topupInput = z.strictObject({
  amount: z
    .number({ error: m.amountDigits })
    .int(m.amountDigits)
    .positive(m.amountPositive)
    .max(MAX_TOPUP_MINOR, m.amountTooLarge),
  currencyCode: currencyCode.optional(),
  /**
   * Where the card checkout brings the user back: a booking's payment page, else the wallet. Only this app's
   * `/payment/<booking id>` is accepted (never another site: no open redirect).
   */
  returnTo: z
    .string({ error: m.returnToInvalid })
    .regex(/^\/payment\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, m.returnToInvalid)
    .optional(),
});
export type TopupInput = z.infer<typeof topupInput>;

/** The form's amount field: digits and commas only (spec §5), at least the currency's minimum, at most the maximum. */
export const topupAmountField = (currency: string) =>
  z
    .string({ error: m.amountDigits })
    .trim()
    .min(1, { error: m.amountDigits, abort: true })
    .regex(/^[\d,]+$/, { error: m.amountDigits, abort: true })
    .transform((v) => Number(v.replaceAll(',', '')) * 100)
    .pipe(
      z
        .number()
        .max(MAX_TOPUP_MINOR, m.amountTooLarge)
        .min(minTopupMinor(currency), messageRef('topupMinimum', topupMinimumParams(currency))),
    );

export const paymentStatuses = ['pending', 'success', 'failed', 'abandoned'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const payment = z.object({
  identifier: z.uuid(),
  reference: z.string(),
  method: z.enum(topupMethods),
  amount: z.number().int(),
  currencyCode: z.string(),
  status: z.enum(paymentStatuses),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof payment>;

/** Spec §3 "Wallet top-up response: metadata.authorizationUrl, payment.reference". */
export const topupResponse = z.object({
  metadata: z.object({ authorizationUrl: z.string() }),
  payment,
});
export type TopupResponse = z.infer<typeof topupResponse>;

/** GET /payment/status/{paymentId}: "success" ends polling; any other final status is a failure (spec §4). */
export const paymentStatusResponse = z.object({
  identifier: z.uuid(),
  status: z.enum(paymentStatuses),
  amount: z.number().int(),
  currencyCode: z.string(),
});
export type PaymentStatusResponse = z.infer<typeof paymentStatusResponse>;

/** Spec §7 `GET /wallet/balance`: `{ "data": { "balance": <minor units>, "currency": "<ISO 4217>" } }`. */
export const walletBalance = z.object({ balance: z.number().int(), currency: z.string() });
export type WalletBalance = z.infer<typeof walletBalance>;

/**
 * One wallet of `GET /wallet/balances` (issue 48): its balance, whether it is in the user's own currency (the
 * profile's), and when money last moved in or out of it (null: never, as for an own wallet not used yet).
 */
export const heldWallet = walletBalance.extend({ own: z.boolean(), lastActivityAt: z.iso.datetime().nullable() });
export type HeldWallet = z.infer<typeof heldWallet>;

/** The dedicated bank account a transfer top-up goes to (spec §3 "Top-up bank account"). */
export const bankAccount = z.object({ bankName: z.string(), accountNumber: z.string(), accountName: z.string() });
export type BankAccount = z.infer<typeof bankAccount>;
/** GET /virtual-accounts/account and POST /virtual-accounts/generate: the account, or null with the reason (no name yet, or none requested yet). */
export const bankAccountStatuses = ['none', 'pending', 'assigned', 'failed'] as const;
export const bankAccountResponse = z.object({
  account: bankAccount.nullable(),
  /**
   * `none`: never requested; `pending`: requested, the gateway is assigning it (it arrives by webhook, ask again in a
   * few seconds); `assigned`: `account` holds it; `failed`: the gateway did not assign it (request it again).
   */
  status: z.enum(bankAccountStatuses),
  /**
   * False while the profile lacks first name, last name or phone number (Paystack requires all three), or in a
   * currency without dedicated accounts (only NGN has them): no account can be generated.
   */
  canGenerate: z.boolean(),
});
export type BankAccountResponse = z.infer<typeof bankAccountResponse>;

/** The gateways a card top-up can go to (the server chooses one per currency by its configuration). */
export const cardGateways = ['paystack', 'stripe', 'sandbox'] as const;
export type CardGateway = (typeof cardGateways)[number];
/** GET /payment/options: how the signed-in client can top up the wallet's currency. */
export const topupOptionsResponse = z.object({
  currencyCode: z.string(),
  /** The gateway a card top-up goes to; null when none takes this currency (a top-up is refused with a 400). */
  cardGateway: z.enum(cardGateways).nullable(),
  /** Whether a transfer to a dedicated bank account is offered (only where one exists: NGN). */
  bankTransfer: z.boolean(),
});
export type TopupOptionsResponse = z.infer<typeof topupOptionsResponse>;

export const transactionTypes = ['topup', 'booking_payment', 'refund', 'payout'] as const;
export type TransactionType = (typeof transactionTypes)[number];

export const walletTransaction = z.object({
  identifier: z.uuid(),
  type: z.enum(transactionTypes),
  /** Signed, in minor units: money in is positive, money out negative. */
  amount: z.number().int(),
  currencyCode: z.string(),
  description: z.string(),
  reference: z.string().nullable(),
  createdAt: z.string(),
});
export type WalletTransaction = z.infer<typeof walletTransaction>;

/** GET /wallet/balance?currency=: wallets are per currency (DESIGN.md §6); without it, the user's own currency. */
export const walletBalanceQuery = z.strictObject({
  currency: z.enum(supportedCurrencies, { error: m.currencyUnsupported }).optional(),
});

export const transactionListQuery = z
  .strictObject({
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
      .max(100, m.pageInvalid)
      .default(20),
    fromDate: z.iso.date({ error: m.dateInvalid }).optional(),
    toDate: z.iso.date({ error: m.dateInvalid }).optional(),
    transactionType: z.enum(transactionTypes, { error: m.transactionTypeInvalid }).optional(),
    /** The wallet of this currency (issue 46: a client holds euros and dollars); the user's own when left out. */
    currency: z.enum(supportedCurrencies, { error: m.currencyUnsupported }).optional(),
  })
  .refine((q) => !q.fromDate || !q.toDate || q.fromDate <= q.toDate, { message: m.dateRangeOrder, path: ['toDate'] });
export type TransactionListQuery = z.infer<typeof transactionListQuery>;

/** GET /wallet/stats: money in, money out, and this month's in and out (minor units, the wallet's currency). */
export const walletStats = z.object({
  currency: z.string(),
  moneyIn: z.number().int(),
  moneyOut: z.number().int(),
  thisMonthIn: z.number().int(),
  thisMonthOut: z.number().int(),
});
export type WalletStats = z.infer<typeof walletStats>;

/** A stored gateway event that could not be applied (currency mismatch, unknown account, amount mismatch). */
export const gatewayEventNeedingAttention = z.object({
  identifier: z.uuid(),
  gateway: z.string(),
  eventType: z.string(),
  /** Why it was not applied. */
  note: z.string().nullable(),
  /** The request id of the delivery that stored it: its log lines carry the same id. */
  requestId: z.string().nullable(),
  receivedAt: z.string(),
  /** The event as the gateway sent it. */
  payload: z.unknown(),
});
export type GatewayEventNeedingAttention = z.infer<typeof gatewayEventNeedingAttention>;

/** GET /wallet/earnings: a provider's earnings not yet paid out, per currency (the own currency always listed). */
export const walletEarnings = z.array(z.object({ currency: z.string(), available: z.number().int() }));
export type WalletEarnings = z.infer<typeof walletEarnings>;

/** GET /wallet/payouts: a provider's payouts, newest first (issue 15: the weekly payout and the operator's batches). */
export const payoutListQuery = z.strictObject({
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
export const walletPayout = z.object({
  identifier: z.uuid(),
  amount: z.number().int(),
  currency: z.string(),
  /** started: on its way; paid: the bank has it; failed or returned: the money is back in the earnings. */
  status: z.enum(['started', 'paid', 'failed', 'returned']),
  /** The account it went to, masked: the bank's name and the last four digits. */
  bankName: z.string().nullable(),
  accountLast4: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WalletPayout = z.infer<typeof walletPayout>;
