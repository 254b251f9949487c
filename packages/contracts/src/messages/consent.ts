import { defineMessages } from './define.ts';

/** The cookie consent the web tells the API (spec §9 "Cookie-consent values"; issue 49, decision 0067). */
export const consentMessages = defineMessages({
  consentInvalid: {
    en: 'Choose Accept all, or say for analytics, advertising and personalization whether you allow them',
    de: 'Wähle „Alle akzeptieren“ oder gib für Analyse, Werbung und Personalisierung an, ob du sie erlaubst',
  },
  consentSaved: { en: 'Your cookie choice is saved', de: 'Deine Cookie-Auswahl ist gespeichert' },
});
