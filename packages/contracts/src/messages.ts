/**
 * Every user-facing validation or error message, once. English texts are the spec's, to the letter (spec §5, §8);
 * where the spec gives no text we chose one (docs/decisions/0003-validation-messages.md). Schemas carry the English
 * text; `localizeMessage` turns it into the request's or the page's locale, so server and form say the same thing.
 */
export const m = {
  required: 'This field is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  emailsMustMatch: 'Emails must match',
  passwordRequired: 'Password is required',
  passwordMin: 'Password must be at least 8 characters',
  passwordMax: 'Password must not exceed 64 characters',
  passwordLetter: 'Password must contain at least one letter',
  passwordCommon: 'This password is too common. Please choose another one',
  passwordMustMatch: 'Password must match',
  passwordsMustMatch: 'Passwords must match',
  oldPasswordWrong: 'Your current password is incorrect',
  nameRequired: 'Name is required',
  namePattern: 'Name must start with a letter and contain only letters and digits',
  nameMax: 'Name must not exceed 32 characters',
  phoneMin: 'Number must be at least 10 digits',
  phoneMax: 'Number must not exceed 13 digits',
  phoneDigits: 'Number must contain digits only',
  termsRequired: 'You must accept the terms and conditions',
  countryRequired: 'Country  is required',
  codeLength: 'The code must have 6 characters',
  codeInvalid: 'The code is invalid or has expired',
  tokenInvalid: 'This link is invalid or has expired',
  emailTaken: 'An account with this email already exists',
  emailSameAsCurrent: 'This is already your email address',
  invalidCredentials: 'Invalid email or password',
  unauthorized: 'Please sign in to continue',
  forbidden: 'You are not allowed to do this',
  notFound: 'Not found',
  tooManyRequests: 'Too many attempts. Please wait a moment and try again',
  payloadTooLarge: 'The request is too large',
  malformedRequest: 'The request could not be read',
  internalError: 'Something went wrong. Please try again',
  unknownField: 'Unknown field',
  socialNoPassword: 'This account signs in with Google and has no password',
  localeInvalid: 'Choose a supported language',
  timezoneInvalid: 'Choose a valid time zone',
  // success messages (spec §8)
  emailChanged: 'Email Changed Successful',
  otpSent: 'Input Your OTP Sent Via Email',
  accountDeleted: 'Account Deleted Successfully',
  dataSaved: 'Data saved successfully',
  registered: 'Account created. Check your email to verify it',
  verificationSent: 'If the address belongs to an account, a verification mail is on its way',
  emailVerified: 'Your email is verified',
  resetSent: 'If the address belongs to an account, a reset link is on its way',
  passwordReset: 'Your password has been reset. Please sign in',
  passwordUpdated: 'Your password has been changed',
  signedOut: 'You have been signed out',
} as const;

export type MessageKey = keyof typeof m;

export const mDe: Record<MessageKey, string> = {
  required: 'Dieses Feld ist erforderlich',
  emailRequired: 'E-Mail ist erforderlich',
  emailInvalid: 'Bitte gib eine gültige E-Mail-Adresse ein',
  emailsMustMatch: 'Die E-Mail-Adressen müssen übereinstimmen',
  passwordRequired: 'Passwort ist erforderlich',
  passwordMin: 'Das Passwort muss mindestens 8 Zeichen lang sein',
  passwordMax: 'Das Passwort darf höchstens 64 Zeichen lang sein',
  passwordLetter: 'Das Passwort muss mindestens einen Buchstaben enthalten',
  passwordCommon: 'Dieses Passwort ist zu verbreitet. Bitte wähle ein anderes',
  passwordMustMatch: 'Das Passwort muss übereinstimmen',
  passwordsMustMatch: 'Die Passwörter müssen übereinstimmen',
  oldPasswordWrong: 'Dein aktuelles Passwort ist falsch',
  nameRequired: 'Name ist erforderlich',
  namePattern: 'Der Name muss mit einem Buchstaben beginnen und darf nur Buchstaben und Ziffern enthalten',
  nameMax: 'Der Name darf höchstens 32 Zeichen lang sein',
  phoneMin: 'Die Nummer muss mindestens 10 Ziffern haben',
  phoneMax: 'Die Nummer darf höchstens 13 Ziffern haben',
  phoneDigits: 'Die Nummer darf nur Ziffern enthalten',
  termsRequired: 'Du musst die Nutzungsbedingungen akzeptieren',
  countryRequired: 'Land ist erforderlich',
  codeLength: 'Der Code muss 6 Zeichen haben',
  codeInvalid: 'Der Code ist ungültig oder abgelaufen',
  tokenInvalid: 'Dieser Link ist ungültig oder abgelaufen',
  emailTaken: 'Es gibt bereits ein Konto mit dieser E-Mail-Adresse',
  emailSameAsCurrent: 'Das ist bereits deine E-Mail-Adresse',
  invalidCredentials: 'E-Mail oder Passwort ist falsch',
  unauthorized: 'Bitte melde dich an, um fortzufahren',
  forbidden: 'Das darfst du nicht tun',
  notFound: 'Nicht gefunden',
  tooManyRequests: 'Zu viele Versuche. Bitte warte einen Moment und versuche es erneut',
  payloadTooLarge: 'Die Anfrage ist zu groß',
  malformedRequest: 'Die Anfrage konnte nicht gelesen werden',
  internalError: 'Etwas ist schiefgelaufen. Bitte versuche es erneut',
  unknownField: 'Unbekanntes Feld',
  socialNoPassword: 'Dieses Konto meldet sich mit Google an und hat kein Passwort',
  localeInvalid: 'Wähle eine unterstützte Sprache',
  timezoneInvalid: 'Wähle eine gültige Zeitzone',
  emailChanged: 'E-Mail erfolgreich geändert',
  otpSent: 'Gib den Code ein, den wir dir per E-Mail geschickt haben',
  accountDeleted: 'Konto erfolgreich gelöscht',
  dataSaved: 'Daten erfolgreich gespeichert',
  registered: 'Konto erstellt. Bitte bestätige deine E-Mail-Adresse',
  verificationSent: 'Wenn die Adresse zu einem Konto gehört, ist eine Bestätigungs-Mail unterwegs',
  emailVerified: 'Deine E-Mail-Adresse ist bestätigt',
  resetSent: 'Wenn die Adresse zu einem Konto gehört, ist ein Link zum Zurücksetzen unterwegs',
  passwordReset: 'Dein Passwort wurde zurückgesetzt. Bitte melde dich an',
  passwordUpdated: 'Dein Passwort wurde geändert',
  signedOut: 'Du wurdest abgemeldet',
};

export const locales = ['en', 'de'] as const;
export type Locale = (typeof locales)[number];

const keyByEnglish = new Map<string, MessageKey>(Object.entries(m).map(([k, v]) => [v, k as MessageKey]));

/** The message in the given locale; a text we do not know (e.g. a server message already localised) is kept. */
export function localizeMessage(text: string, locale: Locale): string {
  if (locale === 'en') return text;
  const key = keyByEnglish.get(text);
  return key ? mDe[key] : text;
}

export function message(key: MessageKey, locale: Locale): string {
  return locale === 'de' ? mDe[key] : m[key];
}
