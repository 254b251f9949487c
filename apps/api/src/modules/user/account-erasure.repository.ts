import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { availabilityDays, availabilitySettings } from '../../db/schema/availability.ts';
import { bankDetails } from '../../db/schema/bank-details.ts';
import { insuranceFiles, qualifications } from '../../db/schema/credentials.ts';
import { clientImports } from '../../db/schema/clients.ts';
import { files } from '../../db/schema/files.ts';
import { chatAttachments, chatMessages } from '../../db/schema/messages.ts';
import { notes } from '../../db/schema/notes.ts';
import { providerBookingFees, providerLicenseStates, workHistory } from '../../db/schema/practice-details.ts';
import {
  clientPreferenceCountries,
  clientPreferenceItems,
  clientPreferenceLanguages,
  clientProfiles,
  emergencyContacts,
  providerLanguages,
  providerProfileItems,
  providerProfiles,
} from '../../db/schema/profiles.ts';
import { actionTokens, emailChangeCodes, mailOutbox, users } from '../../db/schema/users.ts';
import { reviews } from '../../db/schema/reviews.ts';
import { providerVerifications } from '../../db/schema/verification.ts';
import { gatewayEvents, payments, virtualAccounts } from '../../db/schema/wallet.ts';

/** What stays of a dedicated account's holder name once its owner is gone. */
export const ERASED_ACCOUNT_NAME = 'Deleted user';

/**
 * Account deletion, table by table (docs/decisions/0013-account-deletion.md): every row that describes the person goes
 * or loses its personal fields, in the caller's transaction. The `users` row itself is anonymised by
 * userRepository.anonymise; ledger and payment rows stay (the law keeps financial records), pointing at that row.
 * Returns the ids of the person's files, marked deleted here: their bytes go after the commit (FileService.purge).
 */
export const accountErasureRepository = {
  async erase(db: Executor, userId: string, now: Date): Promise<string[]> {
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.identifier, userId)).limit(1);
    // Profiles first: they point at the files that are marked deleted below.
    await db.delete(clientProfiles).where(eq(clientProfiles.userId, userId));
    await db.delete(emergencyContacts).where(eq(emergencyContacts.userId, userId));
    await db.delete(clientPreferenceItems).where(eq(clientPreferenceItems.userId, userId));
    await db.delete(clientPreferenceLanguages).where(eq(clientPreferenceLanguages.userId, userId));
    await db.delete(clientPreferenceCountries).where(eq(clientPreferenceCountries.userId, userId));
    await db.delete(providerProfiles).where(eq(providerProfiles.userId, userId));
    await db.delete(providerProfileItems).where(eq(providerProfileItems.userId, userId));
    await db.delete(providerLanguages).where(eq(providerLanguages.userId, userId));
    // Intervals go with their days (ON DELETE CASCADE).
    await db.delete(availabilityDays).where(eq(availabilityDays.providerId, userId));
    await db.delete(availabilitySettings).where(eq(availabilitySettings.providerId, userId));
    // Practice details: work history, fees and licence states (they hold no files).
    await db.delete(workHistory).where(eq(workHistory.providerId, userId));
    await db.delete(providerBookingFees).where(eq(providerBookingFees.providerId, userId));
    await db.delete(providerLicenseStates).where(eq(providerLicenseStates.providerId, userId));
    // Bank payout details (sealed at rest); they own no files.
    await db.delete(bankDetails).where(eq(bankDetails.providerId, userId));
    // Credentials (their file links go with them, ON DELETE CASCADE) and insurance; the files themselves are the
    // person's own and are marked deleted below.
    await db.delete(qualifications).where(eq(qualifications.providerId, userId));
    await db.delete(insuranceFiles).where(eq(insuranceFiles.providerId, userId));
    // The practice's verification and the operator's note about it (issue 14).
    await db.delete(providerVerifications).where(eq(providerVerifications.providerId, userId));
    // A review's words are the person's own, often about their health: they go. The rating stays, without a name
    // (the name goes with the account), so the therapist's average and count stay what clients gave (decision 0028).
    await db.update(reviews).set({ comment: null }).where(eq(reviews.clientId, userId));
    // A provider's notes are theirs to keep or lose: they go with the account (their sealed files are marked deleted
    // below). Notes a provider wrote about a deleted client stay with that provider (the client's row is anonymised,
    // not removed). The access log stays: it holds who and when, never note text.
    await db.delete(notes).where(eq(notes.authorId, userId));
    // A provider's imported clients (names and addresses they entered) go with the provider; a client who leaves is
    // unlinked from the imports that named them (the provider's own record of the address stays theirs).
    await db.delete(clientImports).where(eq(clientImports.providerId, userId));
    await db
      .update(clientImports)
      .set({ clientId: null, inviteTokenHash: null })
      .where(eq(clientImports.clientId, userId));
    // The person's own chat messages are erased as a delete would (the other side sees they were deleted); their
    // attachments go (the files are the person's own and are marked deleted below).
    const sentMessages = db
      .select({ id: chatMessages.identifier })
      .from(chatMessages)
      .where(eq(chatMessages.senderId, userId));
    await db.delete(chatAttachments).where(inArray(chatAttachments.messageId, sentMessages));
    await db
      .update(chatMessages)
      .set({ contentSealed: null, keyId: null, deletedAt: now })
      .where(and(eq(chatMessages.senderId, userId), isNull(chatMessages.deletedAt)));

    // Single-use links and email-change codes (a pending new address is personal too); their mails in the dev outbox.
    const pendingAddresses = await db
      .select({ email: emailChangeCodes.newEmail })
      .from(emailChangeCodes)
      .where(eq(emailChangeCodes.userId, userId));
    await db.delete(actionTokens).where(eq(actionTokens.userId, userId));
    await db.delete(emailChangeCodes).where(eq(emailChangeCodes.userId, userId));
    const addresses = [...(user ? [user.email] : []), ...pendingAddresses.map((r) => r.email)];
    if (addresses.length > 0)
      await db.delete(mailOutbox).where(
        inArray(
          sql`lower(${mailOutbox.recipient})`,
          addresses.map((a) => a.toLowerCase()),
        ),
      );

    // The dedicated account keeps its number and the gateway's customer code (a late transfer must still be traced to
    // its ledger), but no longer names the person.
    // The email it was requested with and a gateway's reason for a failed assignment go too.
    await db
      .update(virtualAccounts)
      .set({ accountName: ERASED_ACCOUNT_NAME, requestedEmail: null, failureReason: null })
      .where(eq(virtualAccounts.userId, userId));
    // Gateway events keep what settles and proves a payment (ids, reference, amount, currency, status); the customer's
    // name, email, phone and card details that the gateway sent are dropped.
    const p = gatewayEvents.payload;
    await db
      .update(gatewayEvents)
      .set({
        payload: sql`jsonb_strip_nulls(jsonb_build_object(
          'event', ${p}->'event',
          'data', jsonb_build_object(
            'id', ${p}->'data'->'id', 'reference', ${p}->'data'->'reference', 'amount', ${p}->'data'->'amount',
            'currency', ${p}->'data'->'currency', 'status', ${p}->'data'->'status', 'channel', ${p}->'data'->'channel',
            'paid_at', ${p}->'data'->'paid_at',
            'customer', jsonb_strip_nulls(jsonb_build_object('customer_code', ${p}->'data'->'customer'->'customer_code'))
          )
        ))`,
      })
      .where(
        inArray(
          sql`${p}->'data'->>'reference'`,
          db.select({ reference: payments.reference }).from(payments).where(eq(payments.userId, userId)),
        ),
      );

    // Files: marked deleted now (signed URLs answer 404 from the commit on); rows and bytes go after the commit.
    await db
      .update(files)
      .set({ deletedAt: now })
      .where(and(eq(files.ownerUserId, userId), isNull(files.deletedAt)));
    const owned = await db.select({ identifier: files.identifier }).from(files).where(eq(files.ownerUserId, userId));
    return owned.map((r) => r.identifier);
  },
};
