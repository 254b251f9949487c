import { defineMessages } from './define.ts';

/**
 * Session and client notes (issue 17): spec §5 "Notes", §8 toasts, §9 limits. The spec gives "Client ID is missing",
 * "Note Successfully Added" and "Note Successfully Deleted"; the other texts are ours.
 */
export const noteMessages = defineMessages({
  noteAdded: { en: 'Note Successfully Added', de: 'Notiz erfolgreich hinzugefügt' },
  noteDeleted: { en: 'Note Successfully Deleted', de: 'Notiz erfolgreich gelöscht' },
  noteUpdated: { en: 'Note Successfully Updated', de: 'Notiz erfolgreich aktualisiert' },
  noteClientIdMissing: { en: 'Client ID is missing', de: 'Die Klient*innen-ID fehlt' },
  noteTitleRequired: { en: 'Note Title is required', de: 'Der Titel der Notiz ist erforderlich' },
  noteTitleMin: {
    en: 'Note Title must be at least 3 characters',
    de: 'Der Titel der Notiz muss mindestens 3 Zeichen haben',
  },
  noteTitleMax: {
    en: 'Note Title must be at most 32 characters',
    de: 'Der Titel der Notiz darf höchstens 32 Zeichen haben',
  },
  noteContentRequired: { en: 'Please type your note', de: 'Bitte schreibe deine Notiz' },
  noteContentMax: { en: 'A note must be at most 4000 characters', de: 'Eine Notiz darf höchstens 4000 Zeichen haben' },
  noteTypeInvalid: {
    en: 'A note is about a booking or a client',
    de: 'Eine Notiz gehört zu einer Buchung oder zur Akte einer Klient*in',
  },
  noteReferenceInvalid: { en: 'Booking ID is missing', de: 'Die Buchungs-ID fehlt' },
  noteFileTooLarge: { en: 'File too large (at most 10 MB)', de: 'Datei zu groß (höchstens 10 MB)' },
  noteBookingFileType: {
    en: 'Files must be doc, pdf, jpg, jpeg, png, mp3, wav, ogg or csv',
    de: 'Dateien müssen doc, pdf, jpg, jpeg, png, mp3, wav, ogg oder csv sein',
  },
  noteClientFileType: {
    en: 'Files must be doc, docx, pdf, jpg, jpeg, png, mp3, mp4, wav, ogg or csv',
    de: 'Dateien müssen doc, docx, pdf, jpg, jpeg, png, mp3, mp4, wav, ogg oder csv sein',
  },
  noteFileContent: {
    en: "The file's content does not match its type",
    de: 'Der Inhalt der Datei passt nicht zu ihrem Typ',
  },
  noteDateRangeInvalid: {
    en: 'The start date must not be after the end date',
    de: 'Das Startdatum darf nicht nach dem Enddatum liegen',
  },
});
