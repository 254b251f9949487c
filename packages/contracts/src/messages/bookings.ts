import { defineMessages } from './define.ts';

/**
 * Bookings and appointments (issue 15): spec §4 "Cancel", §5 "Booking", "Cancel", "Reschedule", §6, §8. The spec's own
 * texts are kept to the letter; the others are ours (decision 0027).
 */
export const bookingMessages = defineMessages({
  // Spec §5 "Booking".
  modalityRequired: { en: 'Please select a modality', de: 'Bitte wähle eine Sitzungsform' },
  // therapyRequired and timeslotInvalid are the availability catalogue's (the same texts).
  timeslotRequired: { en: 'Please select a time slot', de: 'Bitte wähle einen Termin' },
  bookingNoteMax: { en: 'The note is at most 400 characters', de: 'Die Notiz hat höchstens 400 Zeichen' },
  // Spec §5 "Cancel": a note is required.
  cancelNoteRequired: { en: 'Please tell us why you are cancelling', de: 'Bitte sag uns, warum du absagst' },
  // Spec §4 "Cancel" results.
  bookingRequestCancelled: {
    en: 'Booking Request Cancelled Successfully',
    de: 'Buchungsanfrage erfolgreich abgesagt',
  },
  appointmentCancelled: { en: 'APPOINTMENT CANCELLED SUCCESSFULLY', de: 'TERMIN ERFOLGREICH ABGESAGT' },
  appointmentCancelledNoRefund: {
    en: 'Your appointment has been cancelled. No refund is given because it was cancelled less than 48 hours before the session.',
    de: 'Dein Termin wurde abgesagt. Da die Absage weniger als 48 Stunden vor der Sitzung erfolgte, gibt es keine Erstattung.',
  },
  // Spec §6, §8.
  rescheduleLimitReached: { en: 'Rescheduling limit reached.', de: 'Maximale Anzahl an Terminänderungen erreicht.' },
  rescheduleNeedsApproval: {
    en: 'Your request to reschedule has been sent. The other party must approve it before the new time applies.',
    de: 'Deine Anfrage zur Terminänderung wurde gesendet. Die andere Seite muss sie bestätigen, bevor die neue Zeit gilt.',
  },
  rescheduled: { en: 'Appointment Rescheduled Successfully', de: 'Termin erfolgreich verschoben' },
  scheduled: { en: 'Appointment Scheduled Successfully', de: 'Termin erfolgreich geplant' },
  rescheduleAccepted: { en: 'The new time has been accepted', de: 'Die neue Zeit wurde angenommen' },
  rescheduleRejected: {
    en: 'The new time has been declined; the booking keeps its time',
    de: 'Die neue Zeit wurde abgelehnt; die Buchung behält ihre Zeit',
  },
  rescheduleRequestPending: {
    en: 'A reschedule request is already waiting for an answer',
    de: 'Eine Anfrage zur Terminänderung wartet bereits auf Antwort',
  },
  noRescheduleRequest: {
    en: 'There is no reschedule request to answer',
    de: 'Es gibt keine Anfrage zur Terminänderung zu beantworten',
  },
  rescheduleWithdrawn: {
    en: 'Your reschedule request has been withdrawn; the booking keeps its time',
    de: 'Deine Anfrage zur Terminänderung wurde zurückgezogen; die Buchung behält ihre Zeit',
  },
  noRescheduleRequestToWithdraw: {
    en: 'There is no reschedule request of yours to withdraw',
    de: 'Es gibt keine Anfrage zur Terminänderung von dir, die du zurückziehen kannst',
  },
  ownRescheduleRequest: {
    en: 'The other party answers your reschedule request',
    de: 'Deine Anfrage zur Terminänderung beantwortet die andere Seite',
  },
  // Booking refusals (server).
  timeslotTaken: {
    en: 'This time slot has just been taken. Please choose another.',
    de: 'Dieser Termin wurde gerade vergeben. Bitte wähle einen anderen.',
  },
  timeslotOtherProvider: {
    en: 'This time slot belongs to another therapist',
    de: 'Dieser Termin gehört zu einer anderen Therapeutin oder einem anderen Therapeuten',
  },
  providerNotBookable: {
    en: 'This therapist is not taking bookings yet',
    de: 'Diese Person nimmt noch keine Buchungen an',
  },
  notLicensedInState: {
    en: 'This therapist is not licensed in your state ({state}), so they cannot see you. Please choose a therapist licensed in your state.',
    de: 'Diese Person hat keine Zulassung in deinem Bundesstaat ({state}) und darf dich nicht behandeln. Bitte wähle jemanden mit Zulassung dort.',
  },
  therapyNotOfferedByProvider: {
    en: 'This therapist does not offer this therapy',
    de: 'Diese Therapie wird hier nicht angeboten',
  },
  modalityNotOffered: {
    en: 'This therapist does not offer this kind of session',
    de: 'Diese Sitzungsform wird hier nicht angeboten',
  },
  tooManyUnpaid: {
    en: 'You have 3 unpaid bookings. Pay for one or let it expire before booking again.',
    de: 'Du hast 3 unbezahlte Buchungen. Bezahle eine oder lass sie verfallen, bevor du erneut buchst.',
  },
  outstandingDebt: {
    en: 'Please settle your outstanding balance before booking',
    de: 'Bitte gleiche zuerst deinen offenen Betrag aus',
  },
  seriesOccurrencesInvalid: { en: 'Choose from 2 to 12 weekly sessions', de: 'Wähle 2 bis 12 wöchentliche Sitzungen' },
  seriesCollides: {
    en: 'Session {occurrence} of the series ({date}) is not available, so nothing was booked. Please choose another time or fewer weeks.',
    de: 'Sitzung {occurrence} der Serie ({date}) ist nicht frei, daher wurde nichts gebucht. Bitte wähle eine andere Zeit oder weniger Wochen.',
  },
  clientRequired: { en: 'Please select a client', de: 'Bitte wähle eine Klient*in' },
  // State machine refusals.
  bookingNotPayable: { en: 'This booking cannot be paid now', de: 'Diese Buchung kann jetzt nicht bezahlt werden' },
  bookingAlreadyPaid: { en: 'This booking has already been paid', de: 'Diese Buchung ist bereits bezahlt' },
  bookingExpired: {
    en: 'This booking expired because it was not paid within 30 minutes',
    de: 'Diese Buchung ist verfallen, weil sie nicht innerhalb von 30 Minuten bezahlt wurde',
  },
  bookingNotCancellable: {
    en: 'This booking can no longer be cancelled',
    de: 'Diese Buchung kann nicht mehr abgesagt werden',
  },
  bookingAlreadyCancelled: {
    en: 'This booking has already been cancelled',
    de: 'Diese Buchung wurde bereits abgesagt',
  },
  bookingNotReschedulable: {
    en: 'This booking can no longer be rescheduled',
    de: 'Diese Buchung kann nicht mehr verschoben werden',
  },
  bookingNotSchedulable: { en: 'This booking already has a time', de: 'Diese Buchung hat bereits eine Zeit' },
  bookingNotRequested: {
    en: 'This booking is not waiting for your answer',
    de: 'Diese Buchung wartet nicht auf deine Antwort',
  },
  sameTimeslot: { en: 'Please choose a different time', de: 'Bitte wähle eine andere Zeit' },
  // Sharing and success toasts.
  bookingCreated: {
    en: 'Booking created. Please pay within 30 minutes to keep your slot.',
    de: 'Buchung angelegt. Bitte bezahle innerhalb von 30 Minuten, damit der Termin frei bleibt.',
  },
  bookingRequested: {
    en: 'Your booking request has been sent to the therapist',
    de: 'Deine Buchungsanfrage wurde an die Therapeutin oder den Therapeuten gesendet',
  },
  bookingPaid: {
    en: 'Payment successful! Your session is confirmed.',
    de: 'Zahlung erfolgreich! Deine Sitzung ist bestätigt.',
  },
  appointmentCreated: { en: 'Appointment created', de: 'Termin angelegt' },
  bookingAcknowledged: { en: 'Booking accepted', de: 'Buchung angenommen' },
  bookingRejected: { en: 'Booking declined', de: 'Buchung abgelehnt' },
  // Wallet history lines of a cancelled booking (booking changes).
  bookingRefundEntry: { en: 'Refund of a cancelled booking', de: 'Erstattung einer abgesagten Buchung' },
  bookingLateCancelEntry: {
    en: 'Fee kept for a booking cancelled less than 48 hours ahead',
    de: 'Honorar für eine weniger als 48 Stunden vorher abgesagte Buchung',
  },
  statusesInvalid: { en: 'Unknown booking status', de: 'Unbekannter Buchungsstatus' },
  attendanceInvalid: { en: 'Choose attended or no-show', de: 'Wähle erschienen oder nicht erschienen' },
  attendanceTooEarly: {
    en: 'Attendance can be recorded once the session has started',
    de: 'Die Anwesenheit kann ab Beginn der Sitzung erfasst werden',
  },
  stateRequiredToBook: {
    en: 'Please choose your US state in your profile before booking, so we can make sure your therapist is licensed there.',
    de: 'Bitte wähle vor dem Buchen deinen US-Bundesstaat im Profil, damit wir prüfen können, dass deine Therapeutin oder dein Therapeut dort zugelassen ist.',
  },
  bookingPaymentEntry: { en: 'Payment for a session', de: 'Zahlung für eine Sitzung' },
  bookingEarningEntry: { en: 'Earnings from a completed session', de: 'Einnahmen aus einer abgeschlossenen Sitzung' },
  clientNotYours: {
    en: 'You can create appointments only for clients who booked you before',
    de: 'Du kannst Termine nur für Klient*innen anlegen, die dich schon gebucht haben',
  },
  bookingSettingsSaved: { en: 'Booking settings saved', de: 'Buchungseinstellungen gespeichert' },
  attendanceSaved: { en: 'Attendance saved', de: 'Anwesenheit gespeichert' },
  // The calendar feed (issue 19).
  calendarFeedReset: {
    en: 'Your calendar address was reset. The old one no longer works; subscribe again with the new one.',
    de: 'Deine Kalenderadresse wurde zurückgesetzt. Die alte funktioniert nicht mehr; abonniere die neue.',
  },
});
