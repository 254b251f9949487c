/**
 * The client sign-up and verification screens' labels, as the journeys that go through them find them (the way in,
 * the client's path): one copy, so a changed label is changed once.
 */
export const signUpTexts = {
  en: {
    register: 'Create an account',
    asClient: /I am looking for a therapist/,
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email',
    confirmEmail: 'Confirm email',
    country: 'Country',
    password: 'Password',
    confirmPassword: 'Confirm password',
    terms: /I accept the terms of use/,
    submit: 'Create account',
    verified: 'Your email is verified',
    back: 'Continue where you left off',
  },
  de: {
    register: 'Konto erstellen',
    asClient: /Ich suche eine Therapeutin/,
    firstName: 'Vorname',
    lastName: 'Nachname',
    email: 'E-Mail',
    confirmEmail: 'E-Mail bestätigen',
    country: 'Land',
    password: 'Passwort',
    confirmPassword: 'Passwort bestätigen',
    terms: /Nutzungsbedingungen/,
    submit: 'Konto erstellen',
    verified: 'Deine E-Mail-Adresse ist bestätigt',
    back: 'Weiter, wo du aufgehört hast',
  },
} as const;
