import { defineMessages } from './define.ts';

/** Wallet, top-ups and payments (spec §2 "Wallet top-up", §5 "Top-up", §8), and the ledger descriptions. */
export const walletMessages = defineMessages({
  returnToInvalid: { en: 'The page to return to is not valid', de: 'Die Seite für die Rückkehr ist ungültig' },
  topupMinimum: {
    en: 'Minimum topup amount is {amount} {symbol}',
    de: 'Der Mindestbetrag für eine Aufladung ist {amount} {symbol}',
  },
  amountDigits: {
    en: 'Enter the amount in digits',
    de: 'Gib den Betrag in Ziffern ein',
  },
  amountPositive: {
    en: 'The amount must be more than zero',
    de: 'Der Betrag muss größer als null sein',
  },
  amountTooLarge: {
    en: 'The amount is too large',
    de: 'Der Betrag ist zu hoch',
  },
  currencyUnsupported: {
    en: 'This currency is not supported',
    de: 'Diese Währung wird nicht unterstützt',
  },
  currencyNotYours: {
    en: 'Top-ups are in your wallet currency',
    de: 'Aufladungen erfolgen in der Währung deines Guthabens',
  },
  transactionTypeInvalid: {
    en: 'Choose a valid transaction type',
    de: 'Wähle eine gültige Buchungsart',
  },
  dateRangeOrder: {
    en: 'The end date must not be before the start date',
    de: 'Das Enddatum darf nicht vor dem Startdatum liegen',
  },
  paymentFailed: {
    en: 'Payment failed. Please try again.',
    de: 'Zahlung fehlgeschlagen. Bitte versuche es erneut.',
  },
  paymentSuccessful: {
    en: 'Payment successful!',
    de: 'Zahlung erfolgreich!',
  },
  balanceFailed: {
    en: 'Failed to load',
    de: 'Laden fehlgeschlagen',
  },
  bankAccountNeedsName: {
    en: 'Add your first and last name to your profile to get a bank account',
    de: 'Füge deinem Profil Vor- und Nachnamen hinzu, um ein Bankkonto zu erhalten',
  },
  bankAccountRefused: {
    en: 'Your bank account could not be created. Check the name and phone number in your profile and try again',
    de: 'Dein Bankkonto konnte nicht angelegt werden. Prüfe Name und Telefonnummer in deinem Profil und versuche es erneut',
  },
  currencyNoGateway: {
    en: 'Top-ups in {currency} are not available at the moment',
    de: 'Aufladungen in {currency} sind im Moment nicht möglich',
  },
  bankTransferUnavailable: {
    en: 'Transfers to a bank account are not available for {currency} wallets. Please pay by card',
    de: 'Überweisungen auf ein Bankkonto sind für Guthaben in {currency} nicht möglich. Bitte zahle mit Karte',
  },
  gatewayUnavailable: {
    en: 'The payment provider is not reachable. Please try again in a moment',
    de: 'Der Zahlungsanbieter ist nicht erreichbar. Bitte versuche es gleich noch einmal',
  },
  insufficientFunds: {
    en: 'Your wallet balance is too low',
    de: 'Dein Guthaben reicht nicht aus',
  },
  webhookRejected: {
    en: 'Invalid signature',
    de: 'Ungültige Signatur',
  },
  webhookMalformed: {
    en: 'The signed body is not a JSON event',
    de: 'Der signierte Inhalt ist kein JSON-Ereignis',
  },
  bankAccountNeedsPhone: {
    en: 'Add your phone number to your profile to get a bank account',
    de: 'Füge deinem Profil deine Telefonnummer hinzu, um ein Bankkonto zu erhalten',
  },
  idempotencyKeyReused: {
    en: 'This request was already made with a different amount',
    de: 'Diese Anfrage wurde schon mit einem anderen Betrag gestellt',
  },
  // Ledger descriptions: stored in English, shown in the page's language (localizeText).
  topupByCard: {
    en: 'Wallet top-up by card',
    de: 'Aufladung per Karte',
  },
  topupByTransfer: {
    en: 'Wallet top-up by bank transfer',
    de: 'Aufladung per Überweisung',
  },
});
