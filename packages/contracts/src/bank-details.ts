import { z } from 'zod';
import { nameField } from './fields.ts';
import { m } from './messages/index.ts';

/**
 * Bank payout details (spec §3 "Bank details (payout)", §5 "Bank details"; decision 0024). Two forms of the spec, three
 * schemas, one per form the provider's country gets (`bankFormFor`): the first form with the GB rules (`gb`), the
 * first form elsewhere (`standard`), and the second form (`addressed`, for the US, whose payouts need the holder's
 * address). Form and server parse the same schema; `form` names it, and the server checks it is the country's.
 */
export const bankForms = ['standard', 'gb', 'addressed'] as const;
export type BankForm = (typeof bankForms)[number];

/** The second form is for countries whose payouts need the account holder's address (decision 0024). */
const addressedCountries: readonly string[] = ['US'];
export const bankFormFor = (countryCode: string | null | undefined): BankForm =>
  countryCode === 'GB' ? 'gb' : countryCode && addressedCountries.includes(countryCode) ? 'addressed' : 'standard';

export const accountTypes = ['checking', 'savings'] as const;
export const accountOwnerships = ['business', 'personal'] as const;

/** An empty text field or unselected choice is "not given" (null). */
const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v);

const digits = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{3,32}$/, message);
const bankName = z.string({ error: m.bankNameMin }).trim().min(3, m.bankNameMin).max(100, m.bankNameMax);
const address = z
  .string({ error: m.bankAddressLength })
  .trim()
  .min(5, m.bankAddressLength)
  .max(100, m.bankAddressLength);
const postalCode = z
  .string({ error: m.bankPostalCodeLength })
  .trim()
  .min(3, m.bankPostalCodeLength)
  .max(10, m.bankPostalCodeLength);
const accountType = z.enum(accountTypes, { error: m.bankAccountTypeRequired });
const accountOwnership = z.enum(accountOwnerships, { error: m.bankAccountOwnershipRequired });

/** A calendar date (YYYY-MM-DD) from 1900-01-01 up to yesterday. */
const dateOfBirth = z
  .string({ error: m.bankDateOfBirthRequired })
  .trim()
  .refine((v) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
    const d = new Date(`${v}T00:00:00Z`);
    return (
      !Number.isNaN(d.getTime()) &&
      d.toISOString().slice(0, 10) === v &&
      v >= '1900-01-01' &&
      v < new Date().toISOString().slice(0, 10)
    );
  }, m.bankDateOfBirthRequired);

const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToNull, schema.nullable());

/** Spec §5 "Bank details": accountName 3-32 of letters, spaces, hyphens, commas, apostrophes, periods. */
const accountName = nameField({
  min: 3,
  max: 32,
  allowed: ['spaces', 'hyphens', 'commas', 'apostrophes', 'periods'],
  message: m.bankAccountNamePattern,
});
/** Spec §5, the second bank form: account name letters, hyphen, spaces 3-32. */
const addressedAccountName = nameField({
  min: 3,
  max: 32,
  allowed: ['spaces', 'hyphens'],
  message: m.bankAccountNameAddressedPattern,
});

const common = {
  bankCode: digits(m.bankSortCodePattern),
  bankName,
  accountNumber: digits(m.bankAccountNumberPattern),
};

/** The first form outside GB: type (checking or savings) and ownership (business or personal) are optional. */
export const bankDetailsInput = z.strictObject({
  form: z.literal('standard'),
  accountName,
  ...common,
  address: optional(address),
  postalCode: optional(postalCode),
  accountType: optional(accountType),
  accountOwnership: optional(accountOwnership),
  dateOfBirth: optional(dateOfBirth),
});

/** The first form for country code GB: address 5-100, postal code 3-10; type, ownership and date of birth required. */
export const gbBankDetailsInput = z.strictObject({
  form: z.literal('gb'),
  accountName,
  ...common,
  address,
  postalCode,
  accountType,
  accountOwnership,
  dateOfBirth,
});

/** The second form: account name letters, hyphen, spaces 3-32; type, ownership, postal code and address required. */
export const addressedBankDetailsInput = z.strictObject({
  form: z.literal('addressed'),
  accountName: addressedAccountName,
  ...common,
  address,
  postalCode,
  accountType,
  accountOwnership,
  dateOfBirth: optional(dateOfBirth),
});

/** `PUT /provider/bank-details`: the form the provider's country gets (`form` says which). */
export const saveBankDetailsInput = z.discriminatedUnion('form', [
  bankDetailsInput,
  gbBankDetailsInput,
  addressedBankDetailsInput,
]);
export type SaveBankDetailsInput = z.infer<typeof saveBankDetailsInput>;
export type SaveBankDetailsFormValues = z.input<typeof saveBankDetailsInput>;

export const bankFormSchemas = {
  standard: bankDetailsInput,
  gb: gbBankDetailsInput,
  addressed: addressedBankDetailsInput,
} as const;

/** Where the money goes: the payment gateway (NGN, GHS, ZAR), an operator's bank file (GBP), or no payout route yet. */
export const payoutRoutes = ['gateway', 'bank-file', 'none'] as const;

/** What the API shows of saved details: never the full account number, only its last four digits. */
export const bankDetails = z.object({
  form: z.enum(bankForms),
  accountName: z.string(),
  bankCode: z.string(),
  bankName: z.string(),
  accountNumberLast4: z.string(),
  address: z.string().nullable(),
  postalCode: z.string().nullable(),
  accountType: z.enum(accountTypes).nullable(),
  accountOwnership: z.enum(accountOwnerships).nullable(),
  dateOfBirth: z.string().nullable(),
  /** The holder name the bank confirmed (gateway check), when the account was checked. */
  verifiedAccountName: z.string().nullable(),
  currency: z.string(),
  payoutRoute: z.enum(payoutRoutes),
  updatedAt: z.string(),
});
export type BankDetails = z.infer<typeof bankDetails>;

/** `GET /provider/bank-details`: which form the provider fills in and what is saved (null before the first save). */
export const bankDetailsState = z.object({
  countryCode: z.string().nullable(),
  currency: z.string(),
  form: z.enum(bankForms),
  /** True where the payout gateway checks the account (the bank is picked from `GET /provider/bank-details/banks`). */
  gatewayCheck: z.boolean(),
  details: bankDetails.nullable(),
});
export type BankDetailsState = z.infer<typeof bankDetailsState>;

export const payoutBank = z.object({ name: z.string(), code: z.string() });
export type PayoutBank = z.infer<typeof payoutBank>;

/** `POST /provider/bank-details/account-check`: the holder name the bank has for an account (a POST: never in a URL). */
export const bankAccountCheckInput = z.strictObject({
  bankCode: digits(m.bankSortCodePattern),
  accountNumber: digits(m.bankAccountNumberPattern),
});
export type BankAccountCheckInput = z.infer<typeof bankAccountCheckInput>;
export const bankAccountCheck = z.object({ accountName: z.string() });
