import { defineMessages } from './define.ts';

/** Work history, fees and licence states (spec §5 "Work history", "Fee"; §8 success toasts; decision 0023). */
export const practiceDetailsMessages = defineMessages({
  workHistorySaved: {
    en: 'Work History Saved',
    de: 'Berufserfahrung gespeichert',
  },
  workHistoryUpdated: {
    en: 'Work History Updated',
    de: 'Berufserfahrung aktualisiert',
  },
  workHistoryDeleted: {
    en: 'Work History Deleted',
    de: 'Berufserfahrung gelöscht',
  },
  companyNameRequired: {
    en: 'Enter the company name',
    de: 'Gib den Namen des Unternehmens ein',
  },
  companyNameMax: {
    en: 'The company name is at most 100 characters',
    de: 'Der Name des Unternehmens hat höchstens 100 Zeichen',
  },
  jobTitleRequired: {
    en: 'Enter the job title',
    de: 'Gib die Berufsbezeichnung ein',
  },
  jobTitleMax: {
    en: 'The job title is at most 100 characters',
    de: 'Die Berufsbezeichnung hat höchstens 100 Zeichen',
  },
  workDescriptionMax: {
    en: 'The description is at most 1000 characters',
    de: 'Die Beschreibung hat höchstens 1000 Zeichen',
  },
  monthInvalid: {
    en: 'Enter a month from 1900-01 to 2099-12',
    de: 'Gib einen Monat von 1900-01 bis 2099-12 ein',
  },
  endDateRequired: {
    en: 'Enter the end month or tick "I currently work here"',
    de: 'Gib den Endmonat ein oder wähle „Ich arbeite derzeit hier“',
  },
  endBeforeStart: {
    en: 'The end month cannot be before the start month',
    de: 'Der Endmonat darf nicht vor dem Startmonat liegen',
  },
  endDateWhenCurrent: {
    en: 'A current position has no end month',
    de: 'Eine aktuelle Stelle hat keinen Endmonat',
  },
  feeSaved: {
    en: 'Fee Successfully Saved',
    de: 'Honorar erfolgreich gespeichert',
  },
  feeDigits: {
    en: 'The fee must contain digits only',
    de: 'Das Honorar darf nur Ziffern enthalten',
  },
  feeTooLarge: {
    en: 'The fee is at most 10,000,000',
    de: 'Das Honorar beträgt höchstens 10.000.000',
  },
  feeFreeNotZero: {
    en: 'A free session has a fee of 0',
    de: 'Eine kostenlose Sitzung hat ein Honorar von 0',
  },
  therapyNotOffered: {
    en: 'Choose one of the therapies you offer',
    de: 'Wähle eine der Therapien, die du anbietest',
  },
  licenseStateInvalid: {
    en: 'Choose states of the United States',
    de: 'Wähle Bundesstaaten der Vereinigten Staaten',
  },
  licenseStatesSaved: {
    en: 'Licence States Saved',
    de: 'Lizenz-Bundesstaaten gespeichert',
  },
});
