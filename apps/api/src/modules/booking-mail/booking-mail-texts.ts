import type { Locale } from '@therapy/contracts/messages';
import { referenceNamesDe } from '@therapy/contracts/reference-names-de';
import { formatMailInstant, formatMailTimeRange } from '../../platform/mail/mail-time.ts';
import type { BookingMailKind } from './booking-mail-plan.ts';

export interface BookingMailParams {
  name: string;
  /** The other party's display name. */
  other: string;
  therapy: string;
  /** "Tue, Dec 1, 2026, 9:00 AM–9:50 AM UTC", or empty when the booking has no time yet. */
  when: string;
  where: string;
  link: string;
  /** An unpaid booking's hold end, formatted ("Wed, Dec 2, 2026, 2:00 PM UTC"), or empty. */
  due?: string;
  /** A decline's reason, or empty. */
  reason?: string;
  /** A decline's suggested times, each "when: link to book it". */
  suggestions?: Array<{ when: string; link: string }>;
  /** A cancel's refund to the client ("EUR 50.00"), or empty. */
  refund?: string;
}

type Texts = Record<BookingMailKind, (p: BookingMailParams) => { subject: string; text: string }>;

const at = (p: BookingMailParams, en: boolean) => (p.when ? (en ? ` on ${p.when}` : ` am ${p.when}`) : '');
const place = (p: BookingMailParams, en: boolean) => (p.where ? `\n${en ? 'Where' : 'Ort'}: ${p.where}` : '');
const payBy = (p: BookingMailParams, en: boolean) =>
  p.due
    ? en
      ? ` Please pay by ${p.due}; unpaid, it is released then.`
      : ` Bitte bezahle bis ${p.due}; unbezahlt wird der Termin dann freigegeben.`
    : '';
const reasonLine = (p: BookingMailParams, en: boolean) =>
  p.reason ? `\n\n${en ? 'Reason' : 'Grund'}: ${p.reason}` : '';
const suggestionLines = (p: BookingMailParams, en: boolean) =>
  p.suggestions?.length
    ? `\n\n${en ? 'These times are free instead; each link books it' : 'Diese Zeiten sind stattdessen frei; jeder Link bucht sie'}:\n${p.suggestions.map((s) => `- ${s.when}: ${s.link}`).join('\n')}`
    : '';
const refundLine = (p: BookingMailParams, en: boolean) =>
  p.refund ? (en ? `\n\nRefund to the wallet: ${p.refund}.` : `\n\nErstattung auf dein Guthaben: ${p.refund}.`) : '';

/** Booking mail texts, en and de (issue 15). */
export const bookingMailTexts: Record<Locale, Texts> = {
  en: {
    confirmed: (p) => ({
      subject: `Session confirmed: ${p.therapy}`,
      text: `Hello ${p.name},\n\nYour ${p.therapy} session with ${p.other}${at(p, true)} is confirmed.${place(p, true)}\n\nThe attached calendar file adds it to your calendar.\n${p.link}`,
    }),
    rescheduled: (p) => ({
      subject: `Session moved: ${p.therapy}`,
      text: `Hello ${p.name},\n\nYour ${p.therapy} session with ${p.other} was moved. It now takes place${at(p, true)}.${place(p, true)}\n\n${p.link}`,
    }),
    cancelled: (p) => ({
      subject: `Session cancelled: ${p.therapy}`,
      text: `Hello ${p.name},\n\nYour ${p.therapy} session with ${p.other}${at(p, true)} was cancelled.${refundLine(p, true)}\n\n${p.link}`,
    }),
    requested: (p) => ({
      subject: `New booking request: ${p.therapy}`,
      text: `Hello ${p.name},\n\n${p.other} asks to book a session (${p.therapy})${at(p, true)}. Please accept or decline it.\n\n${p.link}`,
    }),
    rejected: (p) => ({
      subject: `Booking declined: ${p.therapy}`,
      text: `Hello ${p.name},\n\n${p.other} could not accept your ${p.therapy} booking${at(p, true)}. You can choose another time.${reasonLine(p, true)}${suggestionLines(p, true)}\n\n${p.link}`,
    }),
    'appointment-created': (p) => ({
      subject: p.when ? `Please pay for your appointment: ${p.therapy}` : `Please pick a time: ${p.therapy}`,
      text: p.when
        ? `Hello ${p.name},\n\n${p.other} made an appointment for you (${p.therapy})${at(p, true)}.${payBy(p, true)}${place(p, true)}\n\n${p.link}`
        : `Hello ${p.name},\n\n${p.other} made an appointment for you (${p.therapy}). Please pick a time for it.\n\n${p.link}`,
    }),
    accepted: (p) => ({
      subject: `Booking accepted, please pay: ${p.therapy}`,
      text: `Hello ${p.name},\n\n${p.other} accepted your ${p.therapy} booking${at(p, true)}.${payBy(p, true)}\n\n${p.link}`,
    }),
    expired: (p) => ({
      subject: `Booking expired: ${p.therapy}`,
      text: `Hello ${p.name},\n\nYour ${p.therapy} booking with ${p.other}${at(p, true)} expired before it was completed. You can book again.\n\n${p.link}`,
    }),
    'reschedule-requested': (p) => ({
      subject: `New time proposed: ${p.therapy}`,
      text: `Hello ${p.name},\n\nA new time was proposed for the ${p.therapy} session with ${p.other}${at(p, true)}. Please answer the request.\n\n${p.link}`,
    }),
    shared: (p) => ({
      subject: `Session details: ${p.therapy}`,
      text: `Hello ${p.name},\n\nHere are the details of a session (${p.therapy}) with ${p.other}${at(p, true)}.${place(p, true)}\n\nThis mail was sent at the request of one of its participants.`,
    }),
    'reschedule-rejected': (p) => ({
      subject: `New time declined: ${p.therapy}`,
      text: `Hello ${p.name},\n\nThe proposed new time for the ${p.therapy} session with ${p.other} was declined; the session stays as it was.\n\n${p.link}`,
    }),
    'reschedule-withdrawn': (p) => ({
      subject: `New time withdrawn: ${p.therapy}`,
      text: `Hello ${p.name},\n\n${p.other} withdrew the new time they proposed for your ${p.therapy} session. Nothing is needed from you: the session stays as planned${at(p, true)}.\n\n${p.link}`,
    }),
  },
  de: {
    confirmed: (p) => ({
      subject: `Sitzung bestätigt: ${p.therapy}`,
      text: `Hallo ${p.name},\n\nDeine Sitzung (${p.therapy}) mit ${p.other}${at(p, false)} ist bestätigt.${place(p, false)}\n\nMit der angehängten Kalenderdatei trägst du sie in deinen Kalender ein.\n${p.link}`,
    }),
    rescheduled: (p) => ({
      subject: `Sitzung verschoben: ${p.therapy}`,
      text: `Hallo ${p.name},\n\nDeine Sitzung (${p.therapy}) mit ${p.other} wurde verschoben. Sie findet jetzt${at(p, false)} statt.${place(p, false)}\n\n${p.link}`,
    }),
    cancelled: (p) => ({
      subject: `Sitzung abgesagt: ${p.therapy}`,
      text: `Hallo ${p.name},\n\nDeine Sitzung (${p.therapy}) mit ${p.other}${at(p, false)} wurde abgesagt.${refundLine(p, false)}\n\n${p.link}`,
    }),
    requested: (p) => ({
      subject: `Neue Buchungsanfrage: ${p.therapy}`,
      text: `Hallo ${p.name},\n\n${p.other} möchte eine Sitzung (${p.therapy})${at(p, false)} buchen. Bitte nimm die Anfrage an oder lehne sie ab.\n\n${p.link}`,
    }),
    rejected: (p) => ({
      subject: `Buchung abgelehnt: ${p.therapy}`,
      text: `Hallo ${p.name},\n\n${p.other} konnte deine Buchung (${p.therapy})${at(p, false)} nicht annehmen. Du kannst eine andere Zeit wählen.${reasonLine(p, false)}${suggestionLines(p, false)}\n\n${p.link}`,
    }),
    'appointment-created': (p) => ({
      subject: p.when ? `Bitte bezahle deinen Termin: ${p.therapy}` : `Bitte wähle eine Zeit: ${p.therapy}`,
      text: p.when
        ? `Hallo ${p.name},\n\n${p.other} hat einen Termin (${p.therapy}) für dich angelegt${at(p, false)}.${payBy(p, false)}${place(p, false)}\n\n${p.link}`
        : `Hallo ${p.name},\n\n${p.other} hat einen Termin (${p.therapy}) für dich angelegt. Bitte wähle eine Zeit dafür.\n\n${p.link}`,
    }),
    accepted: (p) => ({
      subject: `Buchung angenommen, bitte bezahlen: ${p.therapy}`,
      text: `Hallo ${p.name},\n\n${p.other} hat deine Buchung (${p.therapy})${at(p, false)} angenommen.${payBy(p, false)}\n\n${p.link}`,
    }),
    expired: (p) => ({
      subject: `Buchung abgelaufen: ${p.therapy}`,
      text: `Hallo ${p.name},\n\nDeine Buchung (${p.therapy}) bei ${p.other}${at(p, false)} ist abgelaufen, bevor sie abgeschlossen wurde. Du kannst erneut buchen.\n\n${p.link}`,
    }),
    'reschedule-requested': (p) => ({
      subject: `Neue Zeit vorgeschlagen: ${p.therapy}`,
      text: `Hallo ${p.name},\n\nFür die Sitzung (${p.therapy}) mit ${p.other} wurde eine neue Zeit vorgeschlagen${at(p, false)}. Bitte beantworte die Anfrage.\n\n${p.link}`,
    }),
    shared: (p) => ({
      subject: `Sitzungsdetails: ${p.therapy}`,
      text: `Hallo ${p.name},\n\nHier sind die Details einer Sitzung (${p.therapy}) mit ${p.other}${at(p, false)}.${place(p, false)}\n\nDiese Mail wurde auf Wunsch einer teilnehmenden Person gesendet.`,
    }),
    'reschedule-rejected': (p) => ({
      subject: `Neue Zeit abgelehnt: ${p.therapy}`,
      text: `Hallo ${p.name},\n\nDie vorgeschlagene neue Zeit für die Sitzung (${p.therapy}) mit ${p.other} wurde abgelehnt; die Sitzung bleibt wie sie war.\n\n${p.link}`,
    }),
    'reschedule-withdrawn': (p) => ({
      subject: `Neue Zeit zurückgezogen: ${p.therapy}`,
      text: `Hallo ${p.name},\n\n${p.other} hat die vorgeschlagene neue Zeit für deine Sitzung (${p.therapy}) zurückgezogen. Du musst nichts tun: Die Sitzung bleibt${at(p, false)} wie geplant.\n\n${p.link}`,
    }),
  },
};

/**
 * A session in the recipient's language and time zone, as the app writes times (platform/mail/mail-time.ts):
 * "Tue, Dec 1, 2026, 4:00 AM–4:50 AM EST" (en), "Di., 1. Dez. 2026, 10:00–10:50 MEZ" (de); UTC when the account has
 * none (the .ics carries the exact instant either way).
 */
export function formatSessionTime(start: Date, end: Date, locale: Locale, timeZone: string | null = null): string {
  return formatMailTimeRange(start, end, locale, timeZone);
}

/** One instant in the recipient's language and zone (a hold's end): "Wed, Dec 2, 2026, 2:00 PM EST". */
export function formatInstant(at: Date, locale: Locale, timeZone: string | null = null): string {
  return formatMailInstant(at, locale, timeZone);
}

/** A suggested time's booking link: the provider's page with the slot chosen (issue 47). */
export const suggestedSlotLink = (appOrigin: string, providerId: string, timeslotIdentifier: string) =>
  `${appOrigin}/therapists/${providerId}?slot=${encodeURIComponent(timeslotIdentifier)}`;

/**
 * The therapy's name in the recipient's language (issue 49: "Sitzung bestätigt: Einzeltherapie", not "Individual
 * therapy"): the German name of the category's code, the English name where it has none.
 */
export const therapyNameIn = (locale: Locale, therapy: { therapyCode: string; therapyName: string }): string =>
  locale === 'de'
    ? (referenceNamesDe['therapy-category']?.[therapy.therapyCode] ?? therapy.therapyName)
    : therapy.therapyName;

/** The booking's own page in the app, for both of its parties. */
export const bookingLink = (appOrigin: string, bookingId: string) => `${appOrigin}/appointments/${bookingId}`;

/** The reminder REMINDER_HOURS before a confirmed session, en and de. */
export const bookingReminderTexts: Record<
  Locale,
  (p: BookingMailParams & { hours: number }) => { subject: string; text: string }
> = {
  en: (p) => ({
    subject: `Reminder: ${p.therapy} ${p.hours === 1 ? 'in 1 hour' : `in ${p.hours} hours`}`,
    text: `Hello ${p.name},\n\nA reminder of your ${p.therapy} session with ${p.other} on ${p.when}.${place(p, true)}\n\n${p.link}`,
  }),
  de: (p) => ({
    subject: `Erinnerung: ${p.therapy} ${p.hours === 1 ? 'in 1 Stunde' : `in ${p.hours} Stunden`}`,
    text: `Hallo ${p.name},\n\nEine Erinnerung an deine Sitzung (${p.therapy}) mit ${p.other} am ${p.when}.${place(p, false)}\n\n${p.link}`,
  }),
};

/** Issue 47: the reminder HOLD_REMINDER_HOURS before an unpaid booking's hold ends, en and de. */
export const holdReminderTexts: Record<Locale, (p: BookingMailParams) => { subject: string; text: string }> = {
  en: (p) => ({
    subject: `Payment due soon: ${p.therapy}`,
    text: `Hello ${p.name},\n\nYour ${p.therapy} session with ${p.other} on ${p.when} is not paid yet.${payBy(p, true)}\n\n${p.link}`,
  }),
  de: (p) => ({
    subject: `Zahlung bald fällig: ${p.therapy}`,
    text: `Hallo ${p.name},\n\nDeine Sitzung (${p.therapy}) mit ${p.other} am ${p.when} ist noch nicht bezahlt.${payBy(p, false)}\n\n${p.link}`,
  }),
};
