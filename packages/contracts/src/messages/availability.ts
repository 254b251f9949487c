import { defineMessages } from './define.ts';

/** Weekly hours, custom days, settings and time slots (spec §5 "Availability time slots", DESIGN.md §6). */
export const availabilityMessages = defineMessages({
  intervalOnTheHour: {
    en: 'Times must be on the hour',
    de: 'Zeiten müssen zur vollen Stunde beginnen und enden',
  },
  intervalEndAfterStart: {
    en: 'The end time must be after the start time',
    de: 'Die Endzeit muss nach der Startzeit liegen',
  },
  intervalPastMidnight: {
    en: 'A time interval must end by midnight',
    de: 'Ein Zeitraum muss spätestens um Mitternacht enden',
  },
  intervalsOverlap: {
    en: 'Time intervals must not overlap',
    de: 'Zeiträume dürfen sich nicht überschneiden',
  },
  intervalRequired: {
    en: 'Add a time interval or mark the day unavailable',
    de: 'Füge einen Zeitraum hinzu oder markiere den Tag als nicht verfügbar',
  },
  tooManyIntervals: {
    en: 'A day can have at most 24 time intervals',
    de: 'Ein Tag kann höchstens 24 Zeiträume haben',
  },
  weekdayInvalid: {
    en: 'Choose a day of the week',
    de: 'Wähle einen Wochentag',
  },
  weekdayDuplicate: {
    en: 'Each day of the week can appear only once',
    de: 'Jeder Wochentag darf nur einmal vorkommen',
  },
  customDayPast: {
    en: 'A custom day cannot be in the past',
    de: 'Ein individueller Tag kann nicht in der Vergangenheit liegen',
  },
  customDayBeyondHorizon: {
    en: 'A custom day must be within the next 60 days',
    de: 'Ein individueller Tag muss innerhalb der nächsten 60 Tage liegen',
  },
  categoryUnknown: {
    en: 'Choose one of your therapies',
    de: 'Wähle eine deiner Therapieformen',
  },
  therapyRequired: {
    en: 'Please select a therapy',
    de: 'Bitte wähle eine Therapieform',
  },
  calendarSetupTypeInvalid: {
    en: 'Choose GENERAL or BY_CATEGORY',
    de: 'Wähle GENERAL oder BY_CATEGORY',
  },
  sessionLengthInvalid: {
    en: 'Session length must be 15 to 240 minutes, in steps of 15',
    de: 'Die Sitzungsdauer muss 15 bis 240 Minuten in 15-Minuten-Schritten betragen',
  },
  bufferInvalid: {
    en: 'The buffer must be 0 to 120 minutes, in steps of 5',
    de: 'Der Puffer muss 0 bis 120 Minuten in 5-Minuten-Schritten betragen',
  },
  noticeInvalid: {
    en: 'Minimum notice must be 0 to 168 hours',
    de: 'Die Mindestvorlaufzeit muss 0 bis 168 Stunden betragen',
  },
  timeslotInvalid: {
    en: 'This time slot is not valid',
    de: 'Dieser Termin ist ungültig',
  },
  timeslotUnavailable: {
    en: 'This time slot is no longer available',
    de: 'Dieser Termin ist nicht mehr verfügbar',
  },
  customDayDeleted: {
    en: 'Custom day deleted',
    de: 'Individueller Tag gelöscht',
  },
});
