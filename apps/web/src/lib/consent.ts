import { cookieNames } from '@therapy/contracts/constants';
import { create } from 'zustand';
import { getCookie, setCookie } from './storage';

/** Spec §9 "Cookie-consent values": `true`, or a custom choice with three flags. */
export interface ConsentChoice {
  analytics: boolean;
  advertising: boolean;
  personalization: boolean;
}

export type Consent = true | ConsentChoice;

export function readConsent(): Consent | null {
  const raw = getCookie(cookieNames.cookieConsent);
  if (!raw) return null;
  if (raw === 'true') return true;
  try {
    const parsed = JSON.parse(raw) as Partial<ConsentChoice>;
    return {
      analytics: parsed.analytics === true,
      advertising: parsed.advertising === true,
      personalization: parsed.personalization === true,
    };
  } catch {
    return null;
  }
}

export function saveConsent(consent: Consent): void {
  setCookie(cookieNames.cookieConsent, consent === true ? 'true' : JSON.stringify(consent));
}

/** What later analytics or ad code must ask before it loads. */
export function hasConsent(kind: keyof ConsentChoice): boolean {
  const consent = readConsent();
  return consent === true || (consent !== null && consent[kind]);
}

/**
 * The footer's "Cookie settings" opens the banner again (issue 49), so a choice can be changed as easily as it was
 * made (GDPR Art. 7(3)). `opener` is the control that asked, for focus to return to when the banner closes.
 */
interface ConsentBannerState {
  reopened: boolean;
  opener: HTMLElement | null;
}

export const useConsentBanner = create<ConsentBannerState>()(() => ({ reopened: false, opener: null }));

export function reopenConsentBanner(opener?: HTMLElement | null): void {
  useConsentBanner.setState({ reopened: true, opener: opener ?? null });
}

export function closeConsentBanner(): void {
  const { opener } = useConsentBanner.getState();
  useConsentBanner.setState({ reopened: false, opener: null });
  if (opener?.isConnected) opener.focus();
}
