import { defineMessages } from './define.ts';

/** Payouts to providers (DESIGN.md §6, decision 0022): what the payout port refuses, and its ledger descriptions. */
export const payoutMessages = defineMessages({
  insufficientEarnings: {
    en: 'The payout is more than the available earnings',
    de: 'Die Auszahlung ist höher als die verfügbaren Einnahmen',
  },
  bankAccountNotResolved: {
    en: 'The bank could not confirm this account number',
    de: 'Die Bank konnte diese Kontonummer nicht bestätigen',
  },
  bankAccountTaken: {
    en: 'This bank account is registered to another provider',
    de: 'Dieses Bankkonto ist für eine andere Fachperson hinterlegt',
  },
  payoutCurrencyUnsupported: {
    en: 'Payouts in {currency} are not made through the gateway',
    de: 'Auszahlungen in {currency} laufen nicht über den Zahlungsdienst',
  },
  payoutReferenceInvalid: {
    en: 'A payout reference is 16 to 100 lower-case letters, digits and hyphens',
    de: 'Eine Auszahlungsreferenz besteht aus 16 bis 100 Kleinbuchstaben, Ziffern und Bindestrichen',
  },
  payoutReferenceTaken: {
    en: 'This payout reference was used for another payout',
    de: 'Diese Auszahlungsreferenz wurde für eine andere Auszahlung verwendet',
  },
  payoutRecipientMismatch: {
    en: 'The recipient does not take payouts in this currency',
    de: 'Dieser Empfänger nimmt keine Auszahlungen in dieser Währung an',
  },
  payoutRefused: {
    en: 'The payment service refused the payout',
    de: 'Der Zahlungsdienst hat die Auszahlung abgelehnt',
  },
  ledgerPayoutStarted: {
    en: 'Payout to bank account',
    de: 'Auszahlung auf das Bankkonto',
  },
  ledgerPayoutReturned: {
    en: 'Payout returned',
    de: 'Auszahlung zurückgebucht',
  },
  ibanInvalid: {
    en: 'Enter a valid IBAN',
    de: 'Gib eine gültige IBAN ein',
  },
  ibanNotSepa: {
    en: 'Euro payouts go to accounts in SEPA countries only: enter an IBAN of a SEPA country',
    de: 'Euro-Auszahlungen gehen nur an Konten in SEPA-Ländern: Gib eine IBAN eines SEPA-Landes ein',
  },
  accountNameNotLatin: {
    en: 'Enter the account holder as the bank writes it, in Latin letters',
    de: 'Gib die Kontoinhaberin oder den Kontoinhaber so an, wie die Bank es schreibt, in lateinischen Buchstaben',
  },
  bicInvalid: {
    en: 'Enter a valid BIC for this IBAN',
    de: 'Gib eine gültige BIC zu dieser IBAN ein',
  },
  sortCodeInvalid: {
    en: 'Enter a sort code of 6 digits and an account number of 8 digits',
    de: 'Gib eine Bankleitzahl (Sort Code) mit 6 Ziffern und eine Kontonummer mit 8 Ziffern ein',
  },
  batchCurrencyUnsupported: {
    en: 'Payout batches are made in GBP, EUR or USD',
    de: 'Auszahlungsstapel gibt es in GBP, EUR oder USD',
  },
  noPayoutsDue: {
    en: 'No payouts are due in this currency',
    de: 'In dieser Währung sind keine Auszahlungen fällig',
  },
  payoutNotReturnable: {
    en: 'Only a started or paid payout can be returned',
    de: 'Nur eine begonnene oder bezahlte Auszahlung kann zurückgebucht werden',
  },
  payoutDebtorMissing: {
    en: "The platform's bank account for payout files is not configured",
    de: 'Das Bankkonto der Plattform für Auszahlungsdateien ist nicht eingerichtet',
  },
  payoutAchOriginatorMissing: {
    en: "The platform's bank and company for ACH payout files are not configured",
    de: 'Die Bank und das Unternehmen der Plattform für ACH-Auszahlungsdateien sind nicht eingerichtet',
  },
  sandboxTransferSettled: {
    en: 'This sandbox transfer cannot change that way',
    de: 'Diese Sandbox-Überweisung kann sich so nicht mehr ändern',
  },
  batchMarkedPaid: {
    en: 'The batch is marked paid',
    de: 'Der Stapel ist als bezahlt markiert',
  },
});
