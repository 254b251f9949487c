import { defineMessages } from './define.ts';

/**
 * Bank payout details (spec §3 "Bank details (payout)", §5 "Bank details"; decisions 0024, 0051). The spec gives the
 * limits but no texts; these are ours. The SEPA form's IBAN and BIC rules say the payout batch's messages
 * (`ibanInvalid`, `ibanNotSepa`, `bicInvalid` in payouts.ts).
 */
export const bankDetailsMessages = defineMessages({
  bankAccountNamePattern: {
    en: 'Account name must be 3 to 32 letters, spaces, hyphens, commas, apostrophes or periods',
    de: 'Der Kontoinhaber muss aus 3 bis 32 Buchstaben, Leerzeichen, Bindestrichen, Kommas, Apostrophen oder Punkten bestehen',
  },
  bankAccountNameAddressedPattern: {
    en: 'Account name must be 3 to 32 letters, spaces, hyphens or apostrophes',
    de: 'Der Kontoinhaber muss aus 3 bis 32 Buchstaben, Leerzeichen, Bindestrichen oder Apostrophen bestehen',
  },
  bankSortCodePattern: {
    en: 'Sort code must be 3 to 32 digits',
    de: 'Die Bankleitzahl muss aus 3 bis 32 Ziffern bestehen',
  },
  bankSortCodeGb: {
    en: 'Sort code must be 6 digits',
    de: 'Der Sort Code muss aus 6 Ziffern bestehen',
  },
  bankAccountNumberGb: {
    en: 'Account number must be 8 digits',
    de: 'Die Kontonummer muss aus 8 Ziffern bestehen',
  },
  bankRoutingNumberInvalid: {
    en: 'Enter a valid 9-digit routing number (ABA); check it on a cheque or with your bank',
    de: 'Gib eine gültige 9-stellige Routing-Nummer (ABA) ein; du findest sie auf einem Scheck oder bei deiner Bank',
  },
  bankAccountNumberUs: {
    en: 'Account number must be 4 to 17 digits',
    de: 'Die Kontonummer muss aus 4 bis 17 Ziffern bestehen',
  },
  bicCountryMismatch: {
    en: "This BIC is of a bank in another country than the IBAN: enter your bank's BIC",
    de: 'Diese BIC gehört zu einer Bank in einem anderen Land als die IBAN: Gib die BIC deiner Bank ein',
  },
  bankNameMin: {
    en: 'Bank name must be at least 3 characters',
    de: 'Der Name der Bank muss mindestens 3 Zeichen lang sein',
  },
  bankNameMax: {
    en: 'Bank name must be at most 100 characters',
    de: 'Der Name der Bank darf höchstens 100 Zeichen lang sein',
  },
  bankAccountNumberPattern: {
    en: 'Account number must be 3 to 32 digits',
    de: 'Die Kontonummer muss aus 3 bis 32 Ziffern bestehen',
  },
  bankAddressLength: {
    en: 'Address must be 5 to 100 characters',
    de: 'Die Adresse muss 5 bis 100 Zeichen lang sein',
  },
  bankPostalCodeLength: {
    en: 'Postal code must be 3 to 10 characters',
    de: 'Die Postleitzahl muss 3 bis 10 Zeichen lang sein',
  },
  bankAccountTypeRequired: {
    en: 'Please select an account type',
    de: 'Bitte wähle eine Kontoart',
  },
  bankAccountOwnershipRequired: {
    en: 'Please select who owns the account',
    de: 'Bitte wähle, wem das Konto gehört',
  },
  bankDateOfBirthRequired: {
    en: 'Please enter a valid date of birth in the past',
    de: 'Bitte gib ein gültiges Geburtsdatum in der Vergangenheit ein',
  },
  bankFormMismatch: {
    en: 'These bank details do not fit the form for your country; reload the page',
    de: 'Diese Bankdaten passen nicht zum Formular deines Landes; lade die Seite neu',
  },
  bankCountryMissing: {
    en: 'Choose your country in your profile before you enter bank details',
    de: 'Wähle zuerst in deinem Profil dein Land, bevor du Bankdaten eingibst',
  },
  bankNotInList: {
    en: 'Please choose your bank from the list',
    de: 'Bitte wähle deine Bank aus der Liste',
  },
  bankAccountNameMismatch: {
    en: 'The account name does not match the name the bank holds for this account',
    de: 'Der Kontoinhaber stimmt nicht mit dem Namen überein, den die Bank für dieses Konto führt',
  },
  bankGatewayUnavailable: {
    en: 'The bank could not be reached to check the account. Nothing was saved; please try again in a few minutes',
    de: 'Die Bank war zur Prüfung des Kontos nicht erreichbar. Es wurde nichts gespeichert; bitte versuche es in ein paar Minuten erneut',
  },
  bankDetailsSaved: {
    en: 'Bank details saved',
    de: 'Bankdaten gespeichert',
  },
});
