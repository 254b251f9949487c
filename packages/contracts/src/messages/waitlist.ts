import { defineMessages } from './define.ts';

/** The waitlist (issue 19). The spec has no waitlist; these texts are ours. */
export const waitlistMessages = defineMessages({
  waitlistDatesRequired: { en: 'Please choose the dates', de: 'Bitte wähle die Daten' },
  waitlistTimesRequired: { en: 'Please choose the times of day', de: 'Bitte wähle die Uhrzeiten' },
  waitlistDatesOrder: {
    en: 'The last date must not be before the first',
    de: 'Das letzte Datum darf nicht vor dem ersten liegen',
  },
  waitlistTimesOrder: {
    en: 'The latest time must be after the earliest',
    de: 'Die späteste Uhrzeit muss nach der frühesten liegen',
  },
  waitlistPast: { en: 'The dates must not be in the past', de: 'Die Daten dürfen nicht in der Vergangenheit liegen' },
  waitlistHorizon: {
    en: 'Please choose dates within the next {days} days',
    de: 'Bitte wähle Daten innerhalb der nächsten {days} Tage',
  },
  waitlistAlready: {
    en: "You are already on this therapist's waitlist",
    de: 'Du stehst bereits auf der Warteliste dieser Therapeutin oder dieses Therapeuten',
  },
  waitlistJoined: {
    en: 'You are on the waitlist. We will write to you when a time frees up.',
    de: 'Du stehst auf der Warteliste. Wir schreiben dir, sobald ein Termin frei wird.',
  },
  waitlistLeft: { en: 'You have left the waitlist', de: 'Du hast die Warteliste verlassen' },
  waitlistOfferGone: {
    en: 'This offer has expired or was already used',
    de: 'Dieses Angebot ist abgelaufen oder wurde schon genutzt',
  },
  waitlistOfferBooked: {
    en: 'The time is yours: your booking is made',
    de: 'Der Termin gehört dir: Deine Buchung ist angelegt',
  },
});
