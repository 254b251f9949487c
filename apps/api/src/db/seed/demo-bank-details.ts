import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { bankDetails } from '../schema/bank-details.ts';
import { payoutRecipients } from '../schema/payouts.ts';

/** Commerzbank's published example account (bank code 37040044, account 0532013000) as IBAN, and its BIC. */
const IBAN = 'DE89370400440532013000';
const BIC = 'COBADEFFXXX';
const HOLDER = 'Lena Hoffmann';

/**
 * The demo provider's bank payout details (decisions 0024, 0051): she is in DE and paid in EUR, so the SEPA form, and
 * her IBAN is registered for the operator's SEPA bank file, so she is in the EUR due list once she has earnings.
 * Written as the form's save writes them: the payout recipient exactly as `registerBankAccount` (payments module,
 * payout-batches.service.ts) makes it, then the row sealed as the bank-details service seals it (`SealedDetails`,
 * context `bank_details:<id>`); `seal` is the platform's field encryption, passed in because db/ imports no platform
 * code. A database seeded before the SEPA form (digits, `standard`, route `none`) gets the new details.
 */
export async function insertDemoBankDetails(
  db: Executor,
  providerId: string,
  seal: (plaintext: string, context: string) => string,
) {
  const recipientCode = `EUR:${BIC}:${IBAN}:${providerId}`;
  await db
    .insert(payoutRecipients)
    .values({
      providerId,
      gateway: 'bank-file',
      recipientCode,
      currencyCode: 'EUR',
      accountName: HOLDER,
      accountNumber: IBAN,
      bankCode: BIC,
      bankName: null,
      accountType: null,
    })
    .onConflictDoNothing({ target: [payoutRecipients.gateway, payoutRecipients.recipientCode] });
  const [recipient] = await db
    .select({ identifier: payoutRecipients.identifier })
    .from(payoutRecipients)
    .where(and(eq(payoutRecipients.gateway, 'bank-file'), eq(payoutRecipients.recipientCode, recipientCode)));

  const sealed = {
    accountName: HOLDER,
    bankCode: BIC,
    accountNumber: IBAN,
    address: null,
    postalCode: null,
    dateOfBirth: null,
    verifiedAccountName: null,
  };
  const row = {
    form: 'sepa' as const,
    countryCode: 'DE',
    currencyCode: 'EUR',
    sealed: seal(JSON.stringify(sealed), `bank_details:${providerId}`),
    accountNumberLast4: IBAN.slice(-4),
    bankName: 'Commerzbank',
    accountType: null,
    accountOwnership: null,
    payoutRoute: 'bank-file' as const,
    recipientId: recipient!.identifier,
  };
  await db
    .insert(bankDetails)
    .values({ providerId, ...row })
    .onConflictDoUpdate({
      target: bankDetails.providerId,
      set: { ...row, updatedAt: new Date() },
      // Only the old seed's row (digits without a payout route) is replaced; details saved with the form stay.
      setWhere: sql`${bankDetails.form} = 'standard' AND ${bankDetails.payoutRoute} = 'none'`,
    });
}
