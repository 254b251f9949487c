import { defineMessages } from './define.ts';

/** Weekly hours, custom days, settings and time slots (spec §5 "Availability time slots", DESIGN.md §6). */
export const availabilityMessages = defineMessages({
  intervalTimeInvalid: {
    en: 'Enter times as HH:mm, for example 09:30',
    de: 'Gib Zeiten als HH:mm an, zum Beispiel 09:30',
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
    en: 'Session length must be a whole number of minutes from 15 to 180',
    de: 'Die Sitzungsdauer muss eine ganze Zahl von 15 bis 180 Minuten sein',
  },
  bufferInvalid: {
    en: 'The gap after a session must be a whole number of minutes from 0 to 120',
    de: 'Die Pause nach einer Sitzung muss eine ganze Zahl von 0 bis 120 Minuten sein',
  },
  calendarRangeOrder: {
    en: 'The end of the range must be after its start',
    de: 'Das Ende des Zeitraums muss nach seinem Beginn liegen',
  },
  calendarRangeTooLong: {
    en: 'A calendar range can be at most 42 days',
    de: 'Ein Kalenderzeitraum kann höchstens 42 Tage umfassen',
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
