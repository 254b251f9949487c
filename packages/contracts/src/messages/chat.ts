import { defineMessages } from './define.ts';

/** Secure messaging (issue 18): spec §2 "Delete message", §7 "Messages". The spec gives no texts here; these are ours. */
export const chatMessages = defineMessages({
  chatMessageRequired: {
    en: 'Please write a message or attach a file',
    de: 'Bitte schreibe eine Nachricht oder hänge eine Datei an',
  },
  chatMessageTooLong: {
    en: 'A message must be at most 10000 characters',
    de: 'Eine Nachricht darf höchstens 10000 Zeichen haben',
  },
  chatMessageDeleted: { en: 'This message was deleted', de: 'Diese Nachricht wurde gelöscht' },
  chatMessageDeletedToast: { en: 'Message deleted', de: 'Nachricht gelöscht' },
  chatTooManyFiles: {
    en: 'Please attach at most {max} files to one message',
    de: 'Bitte hänge höchstens {max} Dateien an eine Nachricht an',
  },
  chatFileType: {
    en: 'Attachments must be images (jpg, jpeg, png) or pdf',
    de: 'Anhänge müssen Bilder (jpg, jpeg, png) oder PDF sein',
  },
  chatFileContent: {
    en: "The attachment's content does not match its type",
    de: 'Der Inhalt des Anhangs passt nicht zu seinem Typ',
  },
  chatFileTooLarge: { en: 'An attachment may be at most 10 MB', de: 'Ein Anhang darf höchstens 10 MB groß sein' },
  chatCursorInvalid: {
    en: 'This list cannot be continued; please reload it',
    de: 'Diese Liste kann nicht fortgesetzt werden; bitte lade sie neu',
  },
  chatRateLimited: {
    en: 'You are sending messages too fast; please wait a moment',
    de: 'Du sendest Nachrichten zu schnell; bitte warte einen Moment',
  },
  chatMarkedRead: { en: 'Marked as read', de: 'Als gelesen markiert' },
  chatNotEditable: {
    en: 'A deleted message cannot be edited',
    de: 'Eine gelöschte Nachricht kann nicht bearbeitet werden',
  },
});
