import { defineMessages } from './define.ts';

/** Issue 47: the provider's decline of a requested booking (a reason, suggested times) and the notification centre. */
export const notificationMessages = defineMessages({
  declineReasonRequired: {
    en: 'Please tell the client why you decline',
    de: 'Bitte sag der Klient*in, warum du ablehnst',
  },
  declineReasonMax: {
    en: 'The reason is at most 400 characters',
    de: 'Der Grund hat höchstens 400 Zeichen',
  },
  declineSuggestionsMax: {
    en: 'Suggest at most 3 other times',
    de: 'Schlage höchstens 3 andere Zeiten vor',
  },
  declineSuggestionTwice: {
    en: 'Each suggested time may be given once',
    de: 'Jede vorgeschlagene Zeit darf nur einmal vorkommen',
  },
  declineSuggestionPast: {
    en: 'A suggested time has already begun',
    de: 'Eine vorgeschlagene Zeit hat schon begonnen',
  },
  declineSuggestionTaken: {
    en: 'A suggested time is no longer free',
    de: 'Eine vorgeschlagene Zeit ist nicht mehr frei',
  },
  declineSuggestionSameTime: {
    en: 'Suggest a time other than the one requested',
    de: 'Schlage eine andere Zeit als die angefragte vor',
  },
  notificationsMarkedRead: {
    en: 'All notifications marked as read',
    de: 'Alle Benachrichtigungen als gelesen markiert',
  },
});
