import { z } from 'zod';
import { m } from './messages/index.ts';

/**
 * Spec §9 "Cookie-consent values": `true` (everything), or a custom choice with the analytics, advertising and
 * personalization flags. The web keeps it in the `cookie-consent` cookie; signed in, it tells the API too
 * (PUT /user/cookie-consent), which sends conversion events only while analytics is allowed (decision 0067).
 */
export const consentChoice = z.strictObject(
  {
    analytics: z.boolean({ error: m.consentInvalid }),
    advertising: z.boolean({ error: m.consentInvalid }),
    personalization: z.boolean({ error: m.consentInvalid }),
  },
  { error: m.consentInvalid },
);
export type ConsentChoice = z.infer<typeof consentChoice>;
export type Consent = true | ConsentChoice;

/** PUT /user/cookie-consent: this device's choice (the form of the banner and the server parse with this one schema). */
export const cookieConsentInput = z.strictObject(
  { consent: z.union([z.literal(true), consentChoice], { error: m.consentInvalid }) },
  { error: m.consentInvalid },
);
export type CookieConsentInput = z.infer<typeof cookieConsentInput>;

/** What the API now holds: whether conversion events of this account may be sent. */
export const cookieConsentState = z.object({ analytics: z.boolean() });

/** Whether a consent value allows analytics (`true` allows everything). */
export const allowsAnalytics = (consent: Consent): boolean => consent === true || consent.analytics;

/** Spec §9: the currency of a conversion whose amount names none. */
export const CONVERSION_DEFAULT_CURRENCY = 'NGN';
