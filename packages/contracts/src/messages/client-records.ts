import { defineMessages } from './define.ts';

/** A provider's practice records: clients without an account (issue 47; decision 0053). */
export const clientRecordMessages = defineMessages({
  clientRecordSaved: { en: 'Client details saved', de: 'Angaben der Klient*in gespeichert' },
  clientRecordDeleted: { en: 'Client deleted', de: 'Klient*in gelöscht' },
  clientRecordHasHistory: {
    en: 'This client has appointments, notes or questionnaires, so their record cannot be deleted',
    de: 'Diese*r Klient*in hat Termine, Notizen oder Fragebögen, daher kann der Eintrag nicht gelöscht werden',
  },
  clientRecordJoined: {
    en: 'This client has joined the platform: their details are theirs to change',
    de: 'Diese*r Klient*in ist der Plattform beigetreten: die Angaben ändert sie*er selbst',
  },
  clientRecordJustJoined: {
    en: 'This client has just joined with their own account. Open their page again and try once more',
    de: 'Diese*r Klient*in ist eben mit einem eigenen Konto beigetreten. Öffne die Seite noch einmal und versuche es erneut',
  },
  clientInvitationSent: { en: 'Invitation sent', de: 'Einladung gesendet' },
  csvAlreadyInList: { en: 'Already in your list', de: 'Bereits in deiner Liste' },
  csvNothingToImport: {
    en: 'There are no new valid rows to import',
    de: 'Es gibt keine neuen gültigen Zeilen zum Importieren',
  },
  measureLinkInvalid: {
    en: 'This link has already been used or has expired. Ask your therapist for a new one.',
    de: 'Dieser Link wurde bereits verwendet oder ist abgelaufen. Bitte deine Therapeut*in um einen neuen.',
  },
  outsidePaymentNeedsTime: {
    en: 'Choose a time for an appointment paid outside the platform',
    de: 'Wähle eine Zeit für einen Termin, der außerhalb der Plattform bezahlt wird',
  },
});
