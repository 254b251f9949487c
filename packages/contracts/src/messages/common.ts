import { defineMessages } from './define.ts';

/** Messages every feature may give: missing or malformed input, access, limits, generic success. */
export const commonMessages = defineMessages({
  // Spec §8: after a mail went out (a booking shared, a client invited).
  mailSent: { en: 'Mail Sent Successfully', de: 'E-Mail erfolgreich gesendet' },
  required: {
    en: 'This field is required',
    de: 'Dieses Feld ist erforderlich',
  },
  notFound: {
    en: 'Not found',
    de: 'Nicht gefunden',
  },
  unauthorized: {
    en: 'Please sign in to continue',
    de: 'Bitte melde dich an, um fortzufahren',
  },
  forbidden: {
    en: 'You are not allowed to do this',
    de: 'Das darfst du nicht tun',
  },
  tooManyRequests: {
    en: 'Too many attempts. Please wait a moment and try again',
    de: 'Zu viele Versuche. Bitte warte einen Moment und versuche es erneut',
  },
  payloadTooLarge: {
    en: 'The request is too large',
    de: 'Die Anfrage ist zu groß',
  },
  malformedRequest: {
    en: 'The request could not be read',
    de: 'Die Anfrage konnte nicht gelesen werden',
  },
  textInvalid: {
    en: 'Text must not contain a null character or a broken Unicode character',
    de: 'Text darf kein Nullzeichen und kein ungültiges Unicode-Zeichen enthalten',
  },
  internalError: {
    en: 'Something went wrong. Please try again',
    de: 'Etwas ist schiefgelaufen. Bitte versuche es erneut',
  },
  serviceUnavailable: {
    en: 'The service is briefly unavailable. Please try again in a moment',
    de: 'Der Dienst ist kurz nicht erreichbar. Bitte versuche es gleich noch einmal',
  },
  unknownField: {
    en: 'Unknown field',
    de: 'Unbekanntes Feld',
  },
  localeInvalid: {
    en: 'Choose a supported language',
    de: 'Wähle eine unterstützte Sprache',
  },
  timezoneInvalid: {
    en: 'Choose a valid time zone',
    de: 'Wähle eine gültige Zeitzone',
  },
  optionInvalid: {
    en: 'Choose an option from the list',
    de: 'Wähle eine Option aus der Liste',
  },
  tooManyItems: {
    en: 'Too many items selected',
    de: 'Zu viele Einträge ausgewählt',
  },
  dateInvalid: {
    en: 'Enter a valid date',
    de: 'Gib ein gültiges Datum ein',
  },
  pageInvalid: {
    en: 'Choose a valid page',
    de: 'Wähle eine gültige Seite',
  },
  dataSaved: {
    en: 'Data saved successfully',
    de: 'Daten erfolgreich gespeichert',
  },
  fileRequired: {
    en: 'Please choose a file',
    de: 'Bitte wähle eine Datei',
  },
});
