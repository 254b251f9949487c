import { z } from 'zod';
import {
  bicIsValid,
  bicMatchesIban,
  ibanIsSepa,
  ibanIsValid,
  isSepaCountry,
  routingNumberIsValid,
} from './bank-accounts.ts';
import { nameField } from './fields.ts';
import { m } from './messages/index.ts';

/**
 * Bank payout details (spec §3 "Bank details (payout)", §5 "Bank details"; decisions 0024, 0051). The spec's two forms
 * become one schema per form the provider gets (`bankFormFor`), each with what a bank needs to pay the account:
 * `sepa` (IBAN and BIC) for EUR providers in SEPA countries, `gb` (the first form with the GB rules, a 6-digit sort
 * code and an 8-digit account number) for GB, `addressed` (the second form, with an ABA routing number and a US
 * account number) for the US, and the spec's first form (`standard`) elsewhere, which is also the gateway's form
 * (NGN, GHS, ZAR: the bank comes from the gateway's list). Form and server parse the same schema; `form` names it,
 * and the server checks it is the provider's.
 */
export const bankForms = ['standard', 'gb', 'addressed', 'sepa'] as const;
export type BankForm = (typeof bankForms)[number];

/** The second form is for countries whose payouts need the account holder's address (decision 0024). */
const addressedCountries: readonly string[] = ['US'];
export const bankFormFor = (countryCode: string | null | undefined, currency: string): BankForm =>
  currency === 'EUR' && isSepaCountry(countryCode)
    ? 'sepa'
    : countryCode === 'GB'
      ? 'gb'
      : countryCode && addressedCountries.includes(countryCode)
        ? 'addressed'
        : 'standard';

export const accountTypes = ['checking', 'savings'] as const;
export const accountOwnerships = ['business', 'personal'] as const;

/** An empty text field or unselected choice is "not given" (null). */
const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v);

const digits = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{3,32}$/, message);
/** Exactly `count` digits; spaces and hyphens as printed ("20-45-14") are dropped first. */
const exactDigits = (count: number, message: string) =>
  z
    .string({ error: message })
    .transform((v) => v.replace(/[\s-]+/g, ''))
    .pipe(z.string().regex(new RegExp(`^\\d{${count}}$`), message));
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
/** Spec §5, the second bank form: account name letters, hyphen, spaces 3-32; and apostrophes ("O'Lee", decision 0057). */
const addressedAccountName = nameField({
  min: 3,
  max: 32,
  allowed: ['spaces', 'hyphens', 'apostrophes'],
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

/**
 * The first form for country code GB: address 5-100, postal code 3-10; type, ownership and date of birth required.
 * Within the spec's 3-32 digits, a UK bank needs a sort code of 6 and an account number of 8 (decision 0051).
 */
export const gbBankDetailsInput = z.strictObject({
  form: z.literal('gb'),
  accountName,
  bankCode: exactDigits(6, m.bankSortCodeGb),
  bankName,
  accountNumber: exactDigits(8, m.bankAccountNumberGb),
  address,
  postalCode,
  accountType,
  accountOwnership,
  dateOfBirth,
});

/**
 * The second form (US): account name letters, hyphen, spaces 3-32; type, ownership, postal code and address required.
 * An ACH credit needs the bank's 9-digit ABA routing number (its check digit checked) and an account number of 4 to
 * 17 digits (the ACH entry's field is 17 long; decision 0051).
 */
export const addressedBankDetailsInput = z.strictObject({
  form: z.literal('addressed'),
  accountName: addressedAccountName,
  bankCode: z
    .string({ error: m.bankRoutingNumberInvalid })
    .trim()
    .refine(routingNumberIsValid, m.bankRoutingNumberInvalid),
  bankName,
  accountNumber: z
    .string({ error: m.bankAccountNumberUs })
    .trim()
    .regex(/^\d{4,17}$/, m.bankAccountNumberUs),
  address,
  postalCode,
  accountType,
  accountOwnership,
  dateOfBirth: optional(dateOfBirth),
});

/**
 * The SEPA form (EUR providers in SEPA countries, decision 0051): the holder as the spec's first form has it, the IBAN
 * (checksum and the country's format; a SEPA country's) and the BIC of a bank in the IBAN's country; the bank's name
 * is optional (the BIC names the bank).
 */
export const sepaBankDetailsInput = z
  .strictObject({
    form: z.literal('sepa'),
    accountName,
    iban: z
      .string({ error: m.ibanInvalid })
      .trim()
      .refine(ibanIsValid, { error: m.ibanInvalid, abort: true })
      .refine(ibanIsSepa, m.ibanNotSepa),
    bic: z.string({ error: m.bicInvalid }).trim().refine(bicIsValid, m.bicInvalid),
    bankName: optional(bankName),
  })
  .superRefine((v, ctx) => {
    // Only a valid IBAN and a well-formed BIC can disagree on the country; each field's own message says the rest.
    if (ibanIsValid(v.iban) && bicIsValid(v.bic) && !bicMatchesIban(v.bic, v.iban))
      ctx.addIssue({ code: 'custom', path: ['bic'], message: m.bicCountryMismatch });
  });

/** `PUT /provider/bank-details`: the form the provider gets (`form` says which). */
export const saveBankDetailsInput = z.discriminatedUnion('form', [
  bankDetailsInput,
  gbBankDetailsInput,
  addressedBankDetailsInput,
  sepaBankDetailsInput,
]);
export type SaveBankDetailsInput = z.infer<typeof saveBankDetailsInput>;
export type SaveBankDetailsFormValues = z.input<typeof saveBankDetailsInput>;

export const bankFormSchemas = {
  standard: bankDetailsInput,
  gb: gbBankDetailsInput,
  addressed: addressedBankDetailsInput,
  sepa: sepaBankDetailsInput,
} as const;

/**
 * Where the money goes: the payment gateway (NGN, GHS, ZAR), an operator's bank file (GBP, EUR by SEPA, USD by ACH),
 * or no payout route yet.
 */
export const payoutRoutes = ['gateway', 'bank-file', 'none'] as const;

/**
 * What the API shows of saved details: never the full account number (or IBAN), only its last four characters.
 * `bankCode` is the sort code, routing number, bank code or (SEPA) the BIC.
 */
export const bankDetails = z.object({
  form: z.enum(bankForms),
  accountName: z.string(),
  bankCode: z.string(),
  /** Null where the form leaves it out (SEPA: the BIC names the bank). */
  bankName: z.string().nullable(),
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
