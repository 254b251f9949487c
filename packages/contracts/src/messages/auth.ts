import { defineMessages } from './define.ts';

/** Sign-up, sign-in, passwords, email and the account (spec §5 "Sign up", "Login", "Change password", §8). */
export const authMessages = defineMessages({
  emailRequired: {
    en: 'Email is required',
    de: 'E-Mail ist erforderlich',
  },
  emailInvalid: {
    en: 'Please enter a valid email address',
    de: 'Bitte gib eine gültige E-Mail-Adresse ein',
  },
  emailsMustMatch: {
    en: 'Emails must match',
    de: 'Die E-Mail-Adressen müssen übereinstimmen',
  },
  passwordRequired: {
    en: 'Password is required',
    de: 'Passwort ist erforderlich',
  },
  passwordMin: {
    en: 'Password must be at least 8 characters',
    de: 'Das Passwort muss mindestens 8 Zeichen lang sein',
  },
  passwordMax: {
    en: 'Password must not exceed 64 characters',
    de: 'Das Passwort darf höchstens 64 Zeichen lang sein',
  },
  passwordLetter: {
    en: 'Password must contain at least one letter',
    de: 'Das Passwort muss mindestens einen Buchstaben enthalten',
  },
  passwordCommon: {
    en: 'This password is too common. Please choose another one',
    de: 'Dieses Passwort ist zu verbreitet. Bitte wähle ein anderes',
  },
  passwordMustMatch: {
    en: 'Password must match',
    de: 'Das Passwort muss übereinstimmen',
  },
  passwordsMustMatch: {
    en: 'Passwords must match',
    de: 'Die Passwörter müssen übereinstimmen',
  },
  oldPasswordWrong: {
    en: 'Your current password is incorrect',
    de: 'Dein aktuelles Passwort ist falsch',
  },
  nameRequired: {
    en: 'Name is required',
    de: 'Name ist erforderlich',
  },
  namePattern: {
    en: 'Name must start with a letter and contain only letters, spaces, hyphens, apostrophes or periods',
    de: 'Der Name muss mit einem Buchstaben beginnen und darf nur Buchstaben, Leerzeichen, Bindestriche, Apostrophe oder Punkte enthalten',
  },
  nameMax: {
    en: 'Name must not exceed 32 characters',
    de: 'Der Name darf höchstens 32 Zeichen lang sein',
  },
  phoneMin: {
    en: 'Number must be at least 10 digits',
    de: 'Die Nummer muss mindestens 10 Ziffern haben',
  },
  phoneMax: {
    en: 'Number must not exceed 13 digits',
    de: 'Die Nummer darf höchstens 13 Ziffern haben',
  },
  phoneDigits: {
    en: 'Number may contain only digits, spaces, a leading + and ( ) - . /',
    de: 'Die Nummer darf nur Ziffern, Leerzeichen, ein führendes + und ( ) - . / enthalten',
  },
  phoneInvalid: {
    en: 'Enter a valid phone number (with the country code, e.g. +49 170 5551234)',
    de: 'Gib eine gültige Telefonnummer ein (mit Ländervorwahl, z. B. +49 170 5551234)',
  },
  termsRequired: {
    en: 'You must accept the terms and conditions',
    de: 'Du musst die Nutzungsbedingungen akzeptieren',
  },
  // Two spaces: the spec's text, to the letter.
  countryRequired: {
    en: 'Country  is required',
    de: 'Land ist erforderlich',
  },
  codeLength: {
    en: 'The code must have 6 characters',
    de: 'Der Code muss 6 Zeichen haben',
  },
  codeInvalid: {
    en: 'The code is invalid or has expired',
    de: 'Der Code ist ungültig oder abgelaufen',
  },
  redirectInvalid: {
    en: 'The page to return to must be a page of this site',
    de: 'Die Seite, zu der du zurückkehrst, muss zu dieser Website gehören',
  },
  tokenInvalid: {
    en: 'This link is invalid or has expired',
    de: 'Dieser Link ist ungültig oder abgelaufen',
  },
  emailTaken: {
    en: 'An account with this email already exists',
    de: 'Es gibt bereits ein Konto mit dieser E-Mail-Adresse',
  },
  emailSameAsCurrent: {
    en: 'This is already your email address',
    de: 'Das ist bereits deine E-Mail-Adresse',
  },
  invalidCredentials: {
    en: 'Invalid email or password',
    de: 'E-Mail oder Passwort ist falsch',
  },
  socialNoPassword: {
    en: 'This account signs in with Google and has no password',
    de: 'Dieses Konto meldet sich mit Google an und hat kein Passwort',
  },
  emailChanged: {
    en: 'Email Changed Successful',
    de: 'E-Mail erfolgreich geändert',
  },
  otpSent: {
    en: 'Input Your OTP Sent Via Email',
    de: 'Gib den Code ein, den wir dir per E-Mail geschickt haben',
  },
  accountHasUpcomingSessions: {
    en: 'You have upcoming sessions. Cancel them before you delete your account.',
    de: 'Du hast noch anstehende Sitzungen. Sage sie ab, bevor du dein Konto löschst.',
  },
  accountDeleted: {
    en: 'Account Deleted Successfully',
    de: 'Konto erfolgreich gelöscht',
  },
  registered: {
    en: 'Account created. Check your email to verify it',
    de: 'Konto erstellt. Bitte bestätige deine E-Mail-Adresse',
  },
  verificationSent: {
    en: 'If the address belongs to an account, a verification mail is on its way',
    de: 'Wenn die Adresse zu einem Konto gehört, ist eine Bestätigungs-Mail unterwegs',
  },
  emailVerified: {
    en: 'Your email is verified',
    de: 'Deine E-Mail-Adresse ist bestätigt',
  },
  resetSent: {
    en: 'If the address belongs to an account, a reset link is on its way',
    de: 'Wenn die Adresse zu einem Konto gehört, ist ein Link zum Zurücksetzen unterwegs',
  },
  passwordReset: {
    en: 'Your password has been reset. Please sign in',
    de: 'Dein Passwort wurde zurückgesetzt. Bitte melde dich an',
  },
  passwordUpdated: {
    en: 'Your password has been changed',
    de: 'Dein Passwort wurde geändert',
  },
  signedOut: {
    en: 'You have been signed out',
    de: 'Du wurdest abgemeldet',
  },
  signedOutIdle: {
    en: 'You were signed out after {minutes} minutes without activity. Please sign in again.',
    de: 'Du wurdest nach {minutes} Minuten ohne Aktivität abgemeldet. Bitte melde dich erneut an.',
  },
  /** A device in the list of where one is signed in, e.g. "Firefox on Windows 10". */
  deviceName: {
    en: '{browser} on {system}',
    de: '{browser} auf {system}',
  },
  deviceSignedOut: {
    en: 'Signed out of that device.',
    de: 'Das Gerät wurde abgemeldet.',
  },
  otherDevicesSignedOut: {
    en: 'Signed out of all other devices.',
    de: 'Alle anderen Geräte wurden abgemeldet.',
  },
});
