import { defineMessages } from './define.ts';

/**
 * A provider's clients and client import (issue 17): spec §2 "Import Clients", §8 "Mail Sent Successfully", "Details
 * Saved Successfully". The CSV import is ours (the spec leaves it empty); so are its texts.
 */
export const clientMessages = defineMessages({
  clientImportSaved: { en: 'Details Saved Successfully', de: 'Angaben erfolgreich gespeichert' },
  clientImportDuplicate: { en: 'This client is already in your list', de: 'Diese Person ist bereits in deiner Liste' },
  clientImportIsSelf: { en: 'You cannot add yourself as a client', de: 'Du kannst dich nicht selbst hinzufügen' },
  clientInviteInvalid: { en: 'This invitation is no longer valid', de: 'Diese Einladung ist nicht mehr gültig' },
  clientInviteOtherEmail: {
    en: 'This invitation was sent to another email address',
    de: 'Diese Einladung wurde an eine andere E-Mail-Adresse geschickt',
  },
  clientInviteVerifyFirst: {
    en: 'Please verify your email address first, then accept the invitation',
    de: 'Bitte bestätige zuerst deine E-Mail-Adresse und nimm dann die Einladung an',
  },
  clientInviteAccepted: {
    en: 'You are now connected with your therapist',
    de: 'Du bist jetzt mit deiner Therapeutin bzw. deinem Therapeuten verbunden',
  },
  csvNotCsv: {
    en: 'Please choose a CSV file (comma or semicolon separated)',
    de: 'Bitte wähle eine CSV-Datei (durch Komma oder Semikolon getrennt)',
  },
  csvHeaderInvalid: {
    en: 'The first row must name the columns: firstName, lastName, email (phoneNumber optional)',
    de: 'Die erste Zeile muss die Spalten benennen: firstName, lastName, email (phoneNumber optional)',
  },
  csvEmpty: { en: 'The file has no clients in it', de: 'Die Datei enthält keine Klient*innen' },
  csvTooManyRows: {
    en: 'A file may hold at most {max} clients',
    de: 'Eine Datei darf höchstens {max} Klient*innen enthalten',
  },
  csvDuplicateInFile: {
    en: 'This email is already in the file (row {row})',
    de: 'Diese E-Mail steht bereits in der Datei (Zeile {row})',
  },
  csvHasErrors: {
    en: 'Please fix the rows with errors, then import again',
    de: 'Bitte korrigiere die fehlerhaften Zeilen und importiere erneut',
  },
  csvImported: { en: '{count} clients imported', de: '{count} Klient*innen importiert' },
});
