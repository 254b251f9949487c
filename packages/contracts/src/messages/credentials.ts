import { defineMessages } from './define.ts';

/** Credentials and indemnity insurance (spec §5 "Credential", §8 toasts, §9). Texts the spec does not give: decision 0025. */
export const credentialMessages = defineMessages({
  credentialFileTooLarge: {
    en: 'File too large',
    de: 'Datei zu groß',
  },
  credentialFilesRequired: {
    en: 'Please add at least one file',
    de: 'Bitte füge mindestens eine Datei hinzu',
  },
  credentialTooManyFiles: {
    en: 'Please add at most {max} files at once',
    de: 'Bitte füge höchstens {max} Dateien auf einmal hinzu',
  },
  credentialFileType: {
    en: 'Files must be doc, docx, pdf, jpg, jpeg or png',
    de: 'Dateien müssen doc, docx, pdf, jpg, jpeg oder png sein',
  },
  credentialFileContent: {
    en: "The file's content does not match its type (doc, docx, pdf, jpg, jpeg or png)",
    de: 'Der Inhalt der Datei passt nicht zu ihrem Typ (doc, docx, pdf, jpg, jpeg oder png)',
  },
  credentialKindInvalid: {
    en: 'Please choose a licence or another kind of qualification',
    de: 'Bitte wähle eine Zulassung oder eine andere Art von Qualifikation',
  },
  credentialBodyRequired: {
    en: 'Licensing body is required',
    de: 'Die Zulassungsstelle ist erforderlich',
  },
  credentialNumberRequired: {
    en: 'Credential number is required',
    de: 'Die Zulassungsnummer ist erforderlich',
  },
  credentialNumberPattern: {
    en: 'Credential number may contain only letters, digits, spaces, dashes, slashes and dots',
    de: 'Die Zulassungsnummer darf nur Buchstaben, Ziffern, Leerzeichen, Bindestriche, Schrägstriche und Punkte enthalten',
  },
  credentialExpiryInvalid: {
    en: 'Enter the expiry date as a date',
    de: 'Gib das Ablaufdatum als Datum an',
  },
  credentialExpiryPast: {
    en: 'The expiry date must be in the future',
    de: 'Das Ablaufdatum muss in der Zukunft liegen',
  },
  credentialTitleRequired: {
    en: 'Title is required',
    de: 'Der Titel ist erforderlich',
  },
  credentialTextTooLong: {
    en: 'Please use at most {max} characters',
    de: 'Bitte verwende höchstens {max} Zeichen',
  },
  credentialLastFile: {
    en: 'A credential needs at least one file: add another file first, or delete the credential',
    de: 'Ein Nachweis braucht mindestens eine Datei: füge zuerst eine andere Datei hinzu oder lösche den Nachweis',
  },
  fileUploadSuccessful: {
    en: 'File Upload Successful',
    de: 'Datei erfolgreich hochgeladen',
  },
  fileUpdatedSuccessfully: {
    en: 'File Updated Successfully',
    de: 'Datei erfolgreich aktualisiert',
  },
  fileDeleted: {
    en: 'File Deleted',
    de: 'Datei gelöscht',
  },
});
