import { defineMessages } from './define.ts';

/** The user's own data export (issue 20; decision 0035). The spec has no export; these texts are ours. */
export const dataExportMessages = defineMessages({
  dataExportRequested: {
    en: 'We are preparing your data. We will email you a link when it is ready.',
    de: 'Wir stellen deine Daten zusammen. Sobald sie bereit sind, schicken wir dir einen Link per E-Mail.',
  },
  dataExportInProgress: {
    en: 'Your data is already being prepared. Please wait for the email with your link.',
    de: 'Deine Daten werden bereits zusammengestellt. Bitte warte auf die E-Mail mit deinem Link.',
  },
  dataExportLinkExpired: {
    en: 'This download link has expired. Please request a new export.',
    de: 'Dieser Download-Link ist abgelaufen. Bitte fordere einen neuen Export an.',
  },
  dataExportLinkInvalid: {
    en: 'This download link is not valid. Please open the link from the email again or request a new export.',
    de: 'Dieser Download-Link ist ungültig. Bitte öffne den Link aus der E-Mail erneut oder fordere einen neuen Export an.',
  },
});
