import { defineMessages } from './define.ts';

/** Mail preferences and one-click unsubscribe (issue 49, decision 0064). */
export const mailPreferenceMessages = defineMessages({
  mailPreferenceInvalid: {
    en: 'Choose on or off for each kind of mail',
    de: 'Wähle für jede Art von Mail an oder aus',
  },
  mailPreferencesSaved: { en: 'Your mail settings are saved', de: 'Deine Mail-Einstellungen sind gespeichert' },
  unsubscribeLinkInvalid: {
    en: 'This unsubscribe link is not valid',
    de: 'Dieser Abmeldelink ist ungültig',
  },
  unsubscribedReminders: {
    en: 'You will no longer get reminder mails',
    de: 'Du bekommst keine Erinnerungsmails mehr',
  },
  unsubscribedMessages: {
    en: 'You will no longer get mails about new messages',
    de: 'Du bekommst keine Mails zu neuen Nachrichten mehr',
  },
  unsubscribedBookingUpdates: {
    en: 'You will no longer get mails about booking updates',
    de: 'Du bekommst keine Mails zu Buchungsänderungen mehr',
  },
  unsubscribedMarketing: {
    en: 'You will no longer get news and offers by mail',
    de: 'Du bekommst keine Neuigkeiten und Angebote per Mail mehr',
  },
});
