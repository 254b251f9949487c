import type { Locale } from '@therapy/contracts/messages';
import { formatMoney } from '@therapy/contracts/money';

export interface MailContent {
  subject: string;
  text: string;
}

type Template<P> = Record<Locale, (p: P) => MailContent>;

/** Mail texts in both locales; links point at the web app (APP_ORIGIN). */
export const mailTemplates = {
  verifyEmail: {
    en: (p) => ({
      subject: 'Verify your email address',
      text: `Hello ${p.name},\n\nPlease confirm your email address by opening this link:\n${p.link}\n\nThe link is valid for 48 hours. If you did not create an account, ignore this mail.`,
    }),
    de: (p) => ({
      subject: 'Bestätige deine E-Mail-Adresse',
      text: `Hallo ${p.name},\n\nBitte bestätige deine E-Mail-Adresse über diesen Link:\n${p.link}\n\nDer Link ist 48 Stunden gültig. Wenn du kein Konto angelegt hast, ignoriere diese Mail.`,
    }),
  } satisfies Template<{ name: string; link: string }>,
  resetPassword: {
    en: (p) => ({
      subject: 'Reset your password',
      text: `Hello ${p.name},\n\nYou can choose a new password here:\n${p.link}\n\nThe link is valid for 60 minutes and works once. If you did not ask for it, ignore this mail; your password stays as it is.`,
    }),
    de: (p) => ({
      subject: 'Setze dein Passwort zurück',
      text: `Hallo ${p.name},\n\nHier kannst du ein neues Passwort wählen:\n${p.link}\n\nDer Link ist 60 Minuten gültig und funktioniert einmal. Wenn du das nicht angefordert hast, ignoriere diese Mail; dein Passwort bleibt unverändert.`,
    }),
  } satisfies Template<{ name: string; link: string }>,
  signUpAttempt: {
    en: (p) => ({
      subject: 'Someone tried to sign up with your address',
      text: `Hello ${p.name},\n\nSomeone just tried to create an account with this email address. You already have an account, so nothing was created.\n\nSign in: ${p.loginLink}\nForgot your password? Choose a new one: ${p.resetLink}\n\nIf this was not you, you can ignore this mail; your account is unchanged.`,
    }),
    de: (p) => ({
      subject: 'Jemand wollte sich mit deiner Adresse registrieren',
      text: `Hallo ${p.name},\n\nJemand hat gerade versucht, mit dieser E-Mail-Adresse ein Konto anzulegen. Du hast bereits ein Konto, daher wurde nichts angelegt.\n\nAnmelden: ${p.loginLink}\nPasswort vergessen? Wähle ein neues: ${p.resetLink}\n\nWenn du das nicht warst, kannst du diese Mail ignorieren; dein Konto bleibt unverändert.`,
    }),
  } satisfies Template<{ name: string; loginLink: string; resetLink: string }>,
  emailChangeCode: {
    en: (p) => ({
      subject: 'Your code to change your email',
      text: `Hello ${p.name},\n\nYour code to change your email address is: ${p.code}\n\nIt is valid for 15 minutes. If you did not ask for it, ignore this mail.`,
    }),
    de: (p) => ({
      subject: 'Dein Code zur Änderung deiner E-Mail-Adresse',
      text: `Hallo ${p.name},\n\nDein Code zur Änderung deiner E-Mail-Adresse lautet: ${p.code}\n\nEr ist 15 Minuten gültig. Wenn du das nicht angefordert hast, ignoriere diese Mail.`,
    }),
  } satisfies Template<{ name: string; code: string }>,
  emailChangeAttempt: {
    en: (p) => ({
      subject: 'Someone tried to use your email address',
      text: `Hello ${p.name},\n\nSomeone signed in to another account just tried to change that account's email address to this one. This address stays yours: nothing was changed on your account, and no code was sent.\n\nIf this was you, sign in with this address instead: ${p.loginLink}\n\nIf it was not, you can ignore this mail.`,
    }),
    de: (p) => ({
      subject: 'Jemand wollte deine E-Mail-Adresse verwenden',
      text: `Hallo ${p.name},\n\nJemand hat gerade versucht, die E-Mail-Adresse eines anderen Kontos auf diese Adresse zu ändern. Die Adresse bleibt deine: An deinem Konto wurde nichts geändert, und es wurde kein Code verschickt.\n\nWarst du das, melde dich stattdessen mit dieser Adresse an: ${p.loginLink}\n\nWenn nicht, kannst du diese Mail ignorieren.`,
    }),
  } satisfies Template<{ name: string; loginLink: string }>,
  emailChanged: {
    en: (p) => ({
      subject: 'Your email address was changed',
      text: `Hello ${p.name},\n\nThe email address of your account was changed to ${p.newEmail}. If this was not you, contact our support at once: ${p.supportEmail} (mailto:${p.supportEmail})`,
    }),
    de: (p) => ({
      subject: 'Deine E-Mail-Adresse wurde geändert',
      text: `Hallo ${p.name},\n\nDie E-Mail-Adresse deines Kontos wurde auf ${p.newEmail} geändert. Wenn du das nicht warst, wende dich sofort an unseren Support: ${p.supportEmail} (mailto:${p.supportEmail})`,
    }),
  } satisfies Template<{ name: string; newEmail: string; supportEmail: string }>,
  topupCompleted: {
    en: (p) => ({
      subject: 'Your wallet top-up is complete',
      text: `Hello ${p.name},\n\nYour top-up of ${p.amount} is complete and is now in your wallet.\n\nSee your wallet: ${p.link}`,
    }),
    de: (p) => ({
      subject: 'Deine Aufladung ist abgeschlossen',
      text: `Hallo ${p.name},\n\nDeine Aufladung über ${p.amount} ist abgeschlossen und jetzt in deinem Guthaben.\n\nZu deinem Guthaben: ${p.link}`,
    }),
  } satisfies Template<{ name: string; amount: string; link: string }>,
  verificationApproved: {
    en: (p) => ({
      subject: 'Your practice is verified',
      text: `Hello ${p.name},\n\nAn operator reviewed your practice and approved it. Clients can now find you and book your free slots.${p.note ? `\n\nNote from the reviewer: ${p.note}` : ''}\n\nSee your practice: ${p.link}`,
    }),
    de: (p) => ({
      subject: 'Deine Praxis ist verifiziert',
      text: `Hallo ${p.name},\n\nUnser Team hat deine Praxis geprüft und freigegeben. Klient*innen können dich jetzt finden und deine freien Termine buchen.${p.note ? `\n\nNotiz der Prüfung: ${p.note}` : ''}\n\nZu deiner Praxis: ${p.link}`,
    }),
  } satisfies Template<{ name: string; note: string | null; link: string }>,
  verificationRejected: {
    en: (p) => ({
      subject: 'Your practice needs changes before it can be verified',
      text: `Hello ${p.name},\n\nAn operator reviewed your practice and could not approve it yet.\n\nNote from the reviewer: ${p.note}\n\nMake the changes and submit your practice again: ${p.link}`,
    }),
    de: (p) => ({
      subject: 'Deine Praxis braucht noch Änderungen',
      text: `Hallo ${p.name},\n\nUnser Team hat deine Praxis geprüft und konnte sie noch nicht freigeben.\n\nNotiz der Prüfung: ${p.note}\n\nNimm die Änderungen vor und reiche deine Praxis erneut ein: ${p.link}`,
    }),
  } satisfies Template<{ name: string; note: string; link: string }>,
  chatUnread: {
    en: (p) => ({
      subject: `You have a new message from ${p.from}`,
      text: `Hello ${p.name},\n\n${p.from} wrote to you and the message is still unread.\n\nRead it: ${p.link}\n\nWe send one mail like this per conversation until you have read it; the message itself stays in the app.`,
    }),
    de: (p) => ({
      subject: `Du hast eine neue Nachricht von ${p.from}`,
      text: `Hallo ${p.name},\n\n${p.from} hat dir geschrieben, und die Nachricht ist noch ungelesen.\n\nZur Nachricht: ${p.link}\n\nWir senden eine solche Mail pro Unterhaltung, bis du sie gelesen hast; die Nachricht selbst bleibt in der App.`,
    }),
  } satisfies Template<{ name: string; from: string; link: string }>,
  clientInvitation: {
    en: (p) => ({
      subject: `${p.provider} invites you to connect`,
      text: `Hello${p.name ? ` ${p.name}` : ''},\n\n${p.provider} invites you to connect on our platform as their client: you can book sessions with them and keep in touch.\n\nAccept the invitation (sign up or sign in): ${p.link}\n\nThe link is valid for ${p.days} days. If you do not know ${p.provider}, ignore this mail; nothing happens without you.`,
    }),
    de: (p) => ({
      subject: `${p.provider} lädt dich ein`,
      text: `Hallo${p.name ? ` ${p.name}` : ''},\n\n${p.provider} lädt dich ein, dich auf unserer Plattform als Klient*in zu verbinden: Du kannst Sitzungen buchen und in Kontakt bleiben.\n\nEinladung annehmen (registrieren oder anmelden): ${p.link}\n\nDer Link ist ${p.days} Tage gültig. Wenn du ${p.provider} nicht kennst, ignoriere diese Mail; ohne dich passiert nichts.`,
    }),
  } satisfies Template<{ name: string | null; provider: string; link: string; days: number }>,
  waitlistOffer: {
    en: (p) => ({
      subject: `A time with ${p.provider} is free for you`,
      text: `Hello ${p.name},

A time you were waiting for is free: ${p.when} with ${p.provider}.

We hold it for you until ${p.until}. Book it here: ${p.link}

If you do not book it by then, it goes to the next person waiting, and you stay on the waitlist for other times.`,
    }),
    de: (p) => ({
      subject: `Ein Termin bei ${p.provider} ist für dich frei`,
      text: `Hallo ${p.name},

Ein Termin, auf den du gewartet hast, ist frei: ${p.when} bei ${p.provider}.

Wir halten ihn bis ${p.until} für dich. Hier buchen: ${p.link}

Wenn du ihn bis dahin nicht buchst, geht er an die nächste wartende Person, und du bleibst für andere Termine auf der Warteliste.`,
    }),
  } satisfies Template<{ name: string; provider: string; when: string; until: string; link: string }>,
  contactReceipt: {
    en: (p) => ({
      subject: 'We received your message',
      text: `Hello ${p.name},\n\nThank you for writing to us. Your message has reached our team and we will answer you at this address as soon as we can.\n\nIf you did not write to us, you can ignore this mail.`,
    }),
    de: (p) => ({
      subject: 'Wir haben deine Nachricht erhalten',
      text: `Hallo ${p.name},\n\nDanke für deine Nachricht. Sie ist bei unserem Team angekommen, und wir antworten dir so bald wie möglich an diese Adresse.\n\nWenn du uns nicht geschrieben hast, kannst du diese Mail ignorieren.`,
    }),
  } satisfies Template<{ name: string }>,
  contactToOperators: {
    en: (p) => ({
      subject: `New contact message from ${p.sender}`,
      text: `Hello ${p.name},\n\n${p.sender} (${p.email}) wrote through the contact form. The message is in the inbox (it is not copied into this mail):\n${p.link}`,
    }),
    de: (p) => ({
      subject: `Neue Kontaktnachricht von ${p.sender}`,
      text: `Hallo ${p.name},\n\n${p.sender} (${p.email}) hat über das Kontaktformular geschrieben. Die Nachricht steht im Posteingang (sie wird nicht in diese Mail kopiert):\n${p.link}`,
    }),
  } satisfies Template<{ name: string; sender: string; email: string; link: string }>,
};

/** Minor units as a mail writes money: the language's own symbol, e.g. "NGN 1,000.00" (en) or "1.000,00 €" (de). */
export const mailMoney = (minor: number, currency: string, locale: Locale): string =>
  formatMoney(minor, currency, locale, { display: 'symbol' });
