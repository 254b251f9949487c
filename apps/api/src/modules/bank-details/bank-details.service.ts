import { bicElectronic, ibanElectronic } from '@therapy/contracts/bank-accounts';
import {
  bankFormFor,
  type BankDetails,
  type BankDetailsState,
  type BankForm,
  type PayoutBank,
  type SaveBankDetailsInput,
} from '@therapy/contracts/bank-details';
import type { AppDeps } from '../../deps.ts';
import { requireLiveAccount, requireRole, type Actor } from '../../platform/auth/access.ts';
import { AppError } from '../../platform/errors.ts';
import { fieldEncryptionFromConfig } from '../../platform/field-encryption.ts';
import type { PaymentsModule } from '../payments/payments.module.ts';
import type { UserModule, UserRow } from '../user/user.module.ts';
import type { WalletModule } from '../wallet/wallet.module.ts';
import { bankDetailsRepository as repo, type BankDetailsRow } from './bank-details.repository.ts';

/**
 * What is sealed (AES-256-GCM) in `bank_details.sealed`: everything that identifies the account or its holder. For the
 * SEPA form `bankCode` is the BIC and `accountNumber` the IBAN (electronic form).
 */
interface SealedDetails {
  accountName: string;
  bankCode: string;
  accountNumber: string;
  address: string | null;
  postalCode: string | null;
  dateOfBirth: string | null;
  verifiedAccountName: string | null;
}

type Payouts = Pick<
  PaymentsModule['payouts'],
  'banks' | 'resolveAccount' | 'createRecipient' | 'registerBankAccount' | 'gatewayCurrencies'
>;

/**
 * Letters only, upper case, without accents, as a sorted list of words: "Doe, Jane" and "JANE DOE" are the same name.
 * Banks keep names in their own order and spelling; what they add (digits, punctuation) is not a name.
 */
const nameWords = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^\p{L}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);

/**
 * The typed name matches the bank's when every typed word is one of the bank's and at least two words (or all of a
 * shorter bank name) agree: "Jane Doe" matches "DOE JANE MARY", "Jane Smith" does not.
 */
export function accountNamesMatch(typed: string, resolved: string): boolean {
  const mine = nameWords(typed);
  const theirs = nameWords(resolved);
  if (mine.length === 0 || theirs.length === 0) return false;
  const pool = [...theirs];
  for (const word of mine) {
    const at = pool.indexOf(word);
    if (at < 0) return false;
    pool.splice(at, 1);
  }
  return mine.length >= Math.min(2, theirs.length);
}

/**
 * A provider's bank payout details (spec §3, §5 "Bank details"; decision 0024). Which form a provider fills in follows
 * their country; where the payout gateway pays out their currency, the account is checked with the bank (the typed
 * holder name must match the bank's) and registered as the gateway's recipient before anything is stored; GBP (sort
 * code), EUR (IBAN and BIC) and US USD (ACH routing number) accounts are registered for the operator's bank-file
 * batches (decision 0051). Everything identifying is sealed at rest; answers show only the last four characters of
 * the account number or IBAN.
 */
export function createBankDetailsService(
  deps: Pick<AppDeps, 'db' | 'config'>,
  {
    users,
    wallet,
    payouts,
  }: { users: Pick<UserModule, 'findActiveUser'>; wallet: Pick<WalletModule, 'currencyOf'>; payouts: Payouts },
) {
  const { db } = deps;
  const crypt = fieldEncryptionFromConfig(deps.config);
  const context = (providerId: string) => `bank_details:${providerId}`;

  const provider = async (actor: Actor): Promise<UserRow> =>
    requireLiveAccount(actor, await users.findActiveUser(requireRole(actor, 'provider').userId));

  const situation = async (user: UserRow) => {
    const currency = await wallet.currencyOf(user.identifier);
    return {
      countryCode: user.countryCode ?? null,
      currency,
      form: bankFormFor(user.countryCode, currency) as BankForm,
      gatewayCheck: payouts.gatewayCurrencies.includes(currency),
    };
  };

  /** The gateway could not be reached: a clear message that nothing was saved (not the payment module's wording). */
  const gatewayCall = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (err) {
      if (err instanceof AppError && err.code === 'PAYMENT_GATEWAY_ERROR')
        throw new AppError(502, 'PAYMENT_GATEWAY_ERROR', 'bankGatewayUnavailable');
      throw err;
    }
  };

  const present = (row: BankDetailsRow): BankDetails => {
    const sealed = JSON.parse(crypt.open(row.sealed, context(row.providerId))) as SealedDetails;
    return {
      form: row.form,
      accountName: sealed.accountName,
      bankCode: sealed.bankCode,
      bankName: row.bankName || null,
      accountNumberLast4: row.accountNumberLast4,
      address: sealed.address,
      postalCode: sealed.postalCode,
      accountType: row.accountType,
      accountOwnership: row.accountOwnership,
      dateOfBirth: sealed.dateOfBirth,
      verifiedAccountName: sealed.verifiedAccountName,
      currency: row.currencyCode,
      payoutRoute: row.payoutRoute,
      updatedAt: row.updatedAt.toISOString(),
    };
  };

  const state = async (user: UserRow): Promise<BankDetailsState> => {
    const row = await repo.find(db, user.identifier);
    return { ...(await situation(user)), details: row ? present(row) : null };
  };

  interface Registered {
    bankCode: string;
    accountNumber: string;
    bankName: string | null;
    verifiedAccountName: string | null;
    recipientId: string | null;
    payoutRoute: BankDetails['payoutRoute'];
  }

  /**
   * Where the account's payouts will go, registered with the payout port before anything is stored here: a refusal
   * (the bank's name differs, an IBAN outside SEPA, ...) stores nothing. Gateway currencies first (NGN, GHS, ZAR:
   * checked with the bank), then the operator's bank files: GBP (sort code), EUR (IBAN), USD from the US form (ACH).
   * Anything else is stored only (`none`).
   */
  async function register(
    user: UserRow,
    currency: string,
    gatewayCheck: boolean,
    input: SaveBankDetailsInput,
  ): Promise<Registered> {
    if (input.form === 'sepa') {
      const iban = ibanElectronic(input.iban);
      const bic = bicElectronic(input.bic);
      const registered = await payouts.registerBankAccount({
        providerId: user.identifier,
        currency: 'EUR',
        accountName: input.accountName,
        iban,
        bic,
      });
      return {
        bankCode: bic,
        accountNumber: iban,
        bankName: input.bankName ?? null,
        verifiedAccountName: null,
        recipientId: registered.identifier,
        payoutRoute: 'bank-file',
      };
    }
    const stored: Registered = {
      bankCode: input.bankCode,
      accountNumber: input.accountNumber,
      bankName: input.bankName,
      verifiedAccountName: null,
      recipientId: null,
      payoutRoute: 'none',
    };
    if (gatewayCheck) {
      // The bank comes from the gateway's list, and the account's holder must be the name typed: checked first,
      // so a mismatch stores nothing (here or at the gateway).
      const bank = (await gatewayCall(() => payouts.banks(currency))).find((b) => b.code === input.bankCode);
      if (!bank) throw AppError.rule('bankNotInList');
      const resolved = await gatewayCall(() =>
        payouts.resolveAccount({ accountNumber: input.accountNumber, bankCode: input.bankCode, currency }),
      );
      if (!accountNamesMatch(input.accountName, resolved.accountName)) throw AppError.rule('bankAccountNameMismatch');
      const recipient = await gatewayCall(() =>
        payouts.createRecipient({
          providerId: user.identifier,
          name: input.accountName,
          accountNumber: input.accountNumber,
          bankCode: input.bankCode,
          currency,
        }),
      );
      return {
        ...stored,
        bankName: bank.name,
        verifiedAccountName: recipient.accountName,
        recipientId: recipient.identifier,
        payoutRoute: 'gateway',
      };
    }
    if (input.form === 'gb' && currency === 'GBP') {
      const registered = await payouts.registerBankAccount({
        providerId: user.identifier,
        currency: 'GBP',
        accountName: input.accountName,
        sortCode: input.bankCode,
        accountNumber: input.accountNumber,
      });
      return { ...stored, recipientId: registered.identifier, payoutRoute: 'bank-file' };
    }
    if (input.form === 'addressed' && currency === 'USD') {
      const registered = await payouts.registerBankAccount({
        providerId: user.identifier,
        currency: 'USD',
        accountName: input.accountName,
        routingNumber: input.bankCode,
        accountNumber: input.accountNumber,
        accountType: input.accountType,
      });
      return { ...stored, recipientId: registered.identifier, payoutRoute: 'bank-file' };
    }
    return stored;
  }

  return {
    async get(actor: Actor): Promise<BankDetailsState> {
      return state(await provider(actor));
    },

    /** The gateway's banks for the provider's currency; 400 where the gateway does not pay out that currency. */
    async banks(actor: Actor): Promise<PayoutBank[]> {
      const { currency } = await situation(await provider(actor));
      const banks = await gatewayCall(() => payouts.banks(currency));
      return banks.map((b) => ({ name: b.name, code: b.code }));
    },

    /** The holder name the bank has for an account (gateway currencies only). Nothing is stored. */
    async checkAccount(
      actor: Actor,
      input: { bankCode: string; accountNumber: string },
    ): Promise<{ accountName: string }> {
      const { currency } = await situation(await provider(actor));
      const resolved = await gatewayCall(() => payouts.resolveAccount({ ...input, currency }));
      return { accountName: resolved.accountName };
    },

    async save(actor: Actor, input: SaveBankDetailsInput): Promise<BankDetailsState> {
      const user = await provider(actor);
      const { countryCode, currency, form, gatewayCheck } = await situation(user);
      // The form is the provider's: a GB provider cannot leave out what the GB rules require by sending another form.
      if (input.form !== form) throw AppError.rule('bankFormMismatch');
      const account = await register(user, currency, gatewayCheck, input);

      const sealed: SealedDetails = {
        accountName: input.accountName,
        bankCode: account.bankCode,
        accountNumber: account.accountNumber,
        address: input.form === 'sepa' ? null : (input.address ?? null),
        postalCode: input.form === 'sepa' ? null : (input.postalCode ?? null),
        dateOfBirth: input.form === 'sepa' ? null : (input.dateOfBirth ?? null),
        verifiedAccountName: account.verifiedAccountName,
      };
      await repo.upsert(db, {
        providerId: user.identifier,
        form,
        countryCode,
        currencyCode: currency,
        sealed: crypt.seal(JSON.stringify(sealed), context(user.identifier)),
        accountNumberLast4: account.accountNumber.slice(-4),
        bankName: account.bankName,
        accountType: input.form === 'sepa' ? null : (input.accountType ?? null),
        accountOwnership: input.form === 'sepa' ? null : (input.accountOwnership ?? null),
        payoutRoute: account.payoutRoute,
        recipientId: account.recipientId,
      });
      return state(user);
    },

    /** The checklist step (issue 14): complete once bank details are saved. */
    isComplete: (providerId: string) => repo.exists(db, providerId),
  };
}
export type BankDetailsService = ReturnType<typeof createBankDetailsService>;
