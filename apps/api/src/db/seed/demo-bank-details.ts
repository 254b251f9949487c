import type { Executor } from '../client.ts';
import { bankDetails } from '../schema/bank-details.ts';

/**
 * The demo provider's bank payout details (decision 0024): a German account (the demo provider is in DE, so the first
 * form without the GB rules; EUR has no payout route yet). Sealed like the service seals them
 * (modules/bank-details/bank-details.service.ts `SealedDetails`, context `bank_details:<id>`); `seal` is the platform's
 * field encryption, passed in because db/ imports no platform code.
 */
export async function insertDemoBankDetails(
  db: Executor,
  providerId: string,
  seal: (plaintext: string, context: string) => string,
) {
  const accountNumber = '0532013000';
  const sealed = {
    accountName: 'Lena Hoffmann',
    bankCode: '37040044',
    accountNumber,
    address: 'Kastanienallee 12, Berlin',
    postalCode: '10435',
    dateOfBirth: null,
    verifiedAccountName: null,
  };
  await db
    .insert(bankDetails)
    .values({
      providerId,
      form: 'standard',
      countryCode: 'DE',
      currencyCode: 'EUR',
      sealed: seal(JSON.stringify(sealed), `bank_details:${providerId}`),
      accountNumberLast4: accountNumber.slice(-4),
      bankName: 'Commerzbank Köln',
      accountType: 'checking',
      accountOwnership: 'personal',
      payoutRoute: 'none',
      recipientId: null,
    })
    .onConflictDoNothing();
}
