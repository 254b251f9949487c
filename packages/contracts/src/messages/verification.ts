import { defineMessages } from './define.ts';

/** Verification of a provider's practice (issue 14, decision 0026). The spec gives no texts here; these are ours. */
export const verificationMessages = defineMessages({
  verificationIncomplete: {
    en: 'Complete these steps before submitting: {steps}',
    de: 'Schließe vor dem Einreichen diese Schritte ab: {steps}',
  },
  verificationSubmitted: {
    en: 'Your practice was submitted for verification',
    de: 'Deine Praxis wurde zur Prüfung eingereicht',
  },
  verificationAlreadyApproved: {
    en: 'Your practice is already verified',
    de: 'Deine Praxis ist bereits verifiziert',
  },
  verificationNoteRequired: {
    en: 'A note is required to reject',
    de: 'Für eine Ablehnung ist eine Notiz erforderlich',
  },
  verificationNoteTooLong: {
    en: 'The note can be at most 2000 characters',
    de: 'Die Notiz darf höchstens 2000 Zeichen lang sein',
  },
  verificationApproved: {
    en: 'Practice approved',
    de: 'Praxis freigegeben',
  },
  verificationRejected: {
    en: 'Practice rejected',
    de: 'Praxis abgelehnt',
  },
  setupStepProfile: { en: 'Profile', de: 'Profil' },
  setupStepCredentials: { en: 'Credentials', de: 'Qualifikationen' },
  setupStepInsurance: { en: 'Indemnity insurance', de: 'Berufshaftpflichtversicherung' },
  setupStepFees: { en: 'Fees', de: 'Honorare' },
  setupStepAvailability: { en: 'Availability', de: 'Verfügbarkeit' },
  setupStepLicenseStates: { en: 'Licence states', de: 'Lizenz-Bundesstaaten' },
  setupStepBankDetails: { en: 'Bank details', de: 'Bankverbindung' },
});
