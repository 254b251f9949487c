import type { Locale } from '@therapy/contracts/messages';
import type { MailContent } from '../../platform/mail/templates.ts';

/** The export's README and its mail, in the user's language (German as the other mails: "du"). */
export function readmeText(locale: Locale, p: { name: string; createdAt: string; isProvider: boolean }): string {
  if (locale === 'de') {
    return [
      `Deine Daten, ${p.name}`,
      `Erstellt am ${p.createdAt} (UTC).`,
      '',
      'Jeder Teil liegt zweimal vor: als .json (vollständig, maschinenlesbar; für die Mitnahme zu einem anderen Dienst) und als .csv (eine Zeile je Eintrag; für Tabellenprogramme). Zeiten sind UTC (ISO 8601), Beträge in der kleinsten Einheit der Währung (Cent, Kobo).',
      '',
      'profile     Dein Konto und Profil: Name, E-Mail, Kontoart, Telefon, Zeitzone, Sprache, Land und deine Profilangaben. Passwörter und Anmelde-Token sind nicht enthalten.',
      'bookings    Deine Buchungen als Klient*in oder Therapeut*in: Zeiten, Status, Art der Sitzung, Preis, Stornierung und Erstattung.',
      'wallet      Die Buchungszeilen deines Guthabens (und deiner Einnahmen): Aufladungen, Zahlungen, Erstattungen, Auszahlungen.',
      'reviews     Bewertungen, die du geschrieben hast, oder die über dich geschrieben wurden.',
      'messages    Nachrichten, die du gesendet oder empfangen hast: Unterhaltung, Absender, Empfänger, Zeit, Text, ob bearbeitet oder gelöscht, Namen der Anhänge.',
      'questionnaires  Fragebögen (PHQ-9, GAD-7), die dir geschickt wurden oder die du geschickt hast, mit Antworten, Punktwert und Schweregrad.',
      'therapist-preferences  Was du bei Therapeut*innen suchst: Therapieformen, Schwerpunkte, Sprachen, Länder und die anderen Listen deines Profils.',
      'waitlist    Deine Einträge auf Wartelisten (als Klient*in oder Therapeut*in), mit den Terminangeboten und ihrem Ausgang.',
      'records     Alles Weitere, was wir zu dir speichern, ein Eintrag je Zeile mit seinem Bereich (section): z. B. Aufladungen, Benachrichtigungen, Dateien, Anmeldekonten und für Therapeut*innen Verfügbarkeit, Honorare, Zulassungen, Berufserfahrung, Qualifikationen, Prüfung, Bankverbindung (nur die letzten vier Stellen), Auszahlungen und die Klient*innen-Akten der Praxis; dazu deine Mail-Einstellungen (mail-settings) und, solange du ihr zugestimmt hast, deine Einwilligung in Analyse-Cookies (analytics-consent: Zeitpunkt, Browser, gekürztes Netz).',
      ...(p.isProvider
        ? [
            'notes       Deine Sitzungs- und Klientennotizen: Titel, Inhalt, Abschnitte, Unterschrift und Nachträge und der Name einer angehängten Datei (die Datei selbst öffnest du in der App).',
          ]
        : []),
      '',
      'In den CSV-Dateien beginnt ein Wert, den ein Tabellenprogramm als Formel ausführen würde (=, +, -, @), mit einem Apostroph; die JSON-Dateien enthalten jeden Wert unverändert.',
      'Diese Datei enthält Gesundheitsdaten. Bewahre sie sicher auf.',
    ].join('\n');
  }
  return [
    `Your data, ${p.name}`,
    `Prepared on ${p.createdAt} (UTC).`,
    '',
    "Each part comes twice: as .json (complete and machine-readable, to take to another service) and as .csv (one row per entry, for spreadsheets). Times are UTC (ISO 8601); amounts are in the currency's minor unit (cents, kobo).",
    '',
    'profile     Your account and profile: name, email, account type, phone, time zone, language, country and your profile details. Passwords and sign-in tokens are not included.',
    'bookings    Your bookings as a client or as a therapist: times, status, session type, price, cancellation and refund.',
    'wallet      The lines of your wallet (and earnings): top-ups, payments, refunds, payouts.',
    'reviews     Reviews you wrote, or that were written about you.',
    'messages    Messages you sent or received: conversation, sender, recipient, time, text, whether edited or deleted, attachment names.',
    'questionnaires  Questionnaires (PHQ-9, GAD-7) sent to you or sent by you, with answers, score and severity.',
    'therapist-preferences  What you look for in a therapist: therapies, specialities, languages, countries and the other lists of your profile.',
    'waitlist    Your waitlist entries (as a client or as a therapist), with the times offered and what became of them.',
    "records     Everything else we keep about you, one entry per row with its section: e.g. top-ups, notifications, files, sign-in accounts and, for therapists, availability, fees, licence states, work history, qualifications, verification, bank details (last four digits only), payouts and the practice's client records; also your mail settings (mail-settings) and, while you allow it, your consent to analytics cookies (analytics-consent: when, browser, shortened network).",
    ...(p.isProvider
      ? [
          'notes       Your session and client notes: title, content, sections, signature and addenda, and the name of an attached file (open the file itself in the app).',
        ]
      : []),
    '',
    'In the CSV files, a value a spreadsheet would run as a formula (=, +, -, @) starts with an apostrophe; the JSON files hold every value unchanged.',
    'This file holds health data. Keep it safe.',
  ].join('\n');
}

export function readyMail(locale: Locale, p: { name: string; link: string; validUntil: string }): MailContent {
  if (locale === 'de') {
    return {
      subject: 'Deine Daten sind bereit',
      text: `Hallo ${p.name},\n\nDeine Daten sind bereit. Du kannst sie hier herunterladen, wenn du angemeldet bist:\n${p.link}\n\nDer Link ist bis ${p.validUntil} (UTC) gültig, danach wird die Datei gelöscht. Wenn du das nicht angefordert hast, ändere bitte dein Passwort.`,
    };
  }
  return {
    subject: 'Your data is ready',
    text: `Hello ${p.name},\n\nYour data is ready. Download it here while signed in:\n${p.link}\n\nThe link is valid until ${p.validUntil} (UTC); then the file is deleted. If you did not ask for this, please change your password.`,
  };
}
