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
  verificationSuspended: {
    en: 'Your listing is suspended; reply to our mail to have it reviewed',
    de: 'Dein Eintrag ist gesperrt; antworte auf unsere Mail, damit wir ihn prüfen',
  },
  verificationAlreadyApproved: {
    en: 'Your practice is already verified',
    de: 'Deine Praxis ist bereits verifiziert',
  },
  suspensionReasonRequired: {
    en: 'A reason is required to suspend a listing',
    de: 'Für eine Sperrung ist ein Grund erforderlich',
  },
  verificationSearchTooLong: {
    en: 'The search can be at most 100 characters',
    de: 'Die Suche darf höchstens 100 Zeichen lang sein',
  },
  practiceSuspended: {
    en: 'Listing suspended',
    de: 'Eintrag gesperrt',
  },
  practiceReinstated: {
    en: 'Listing reinstated',
    de: 'Eintrag wieder freigegeben',
  },
  practiceNotSuspended: {
    en: 'This listing is not suspended',
    de: 'Dieser Eintrag ist nicht gesperrt',
  },
  practiceNotVerified: {
    en: 'Only a verified listing can be suspended',
    de: 'Nur ein verifizierter Eintrag kann gesperrt werden',
  },
  changesApproved: {
    en: 'Changes approved',
    de: 'Änderungen freigegeben',
  },
  changesRejected: {
    en: 'Changes rejected',
    de: 'Änderungen abgelehnt',
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
