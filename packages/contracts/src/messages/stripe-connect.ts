import { defineMessages } from './define.ts';

/** Stripe Connect payouts (decision 0052). */
export const stripeConnectMessages = defineMessages({
  stripeConnectUnavailable: {
    en: 'Payouts through Stripe are not available',
    de: 'Auszahlungen über Stripe sind nicht verfügbar',
  },
  stripeConnectCurrencyUnsupported: {
    en: 'Stripe payouts are made in USD, GBP and EUR; your earnings are in {currency}',
    de: 'Stripe zahlt in USD, GBP und EUR aus; Ihre Einnahmen sind in {currency}',
  },
  stripeConnectCountryMissing: {
    en: 'Add your country to your profile before connecting Stripe',
    de: 'Geben Sie in Ihrem Profil Ihr Land an, bevor Sie Stripe verbinden',
  },
  stripeConnectRefused: {
    en: 'Stripe could not set up an account for you',
    de: 'Stripe konnte kein Konto für Sie einrichten',
  },
});
