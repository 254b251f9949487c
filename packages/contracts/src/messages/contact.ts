import { defineMessages } from './define.ts';

/** The contact form (spec §5 "Contact form", "Text"; issue 49). The required and length texts are the spec's. */
export const contactMessages = defineMessages({
  contactRequired: { en: 'Please fill in your complain', de: 'Bitte fülle dieses Pflichtfeld aus' },
  contactTextMin: {
    en: 'Your content must be at least 30 characters',
    de: 'Deine Nachricht muss mindestens 30 Zeichen lang sein',
  },
  contactTextMax: {
    en: 'Your content must not exceed 1000 characters',
    de: 'Deine Nachricht darf höchstens 1000 Zeichen lang sein',
  },
  contactPhoneCharacters: {
    en: 'The phone number may contain only digits and ()+-',
    de: 'Die Telefonnummer darf nur Ziffern und ()+- enthalten',
  },
  contactPhoneLength: {
    en: 'The phone number must be 10 to 32 characters',
    de: 'Die Telefonnummer muss 10 bis 32 Zeichen lang sein',
  },
  contactSent: {
    en: 'Thank you: your message has reached us. We sent you a confirmation by mail.',
    de: 'Danke: Deine Nachricht ist bei uns angekommen. Wir haben dir eine Bestätigung per Mail geschickt.',
  },
  contactAnswered: { en: 'Marked as answered', de: 'Als beantwortet markiert' },
});
