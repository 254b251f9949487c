import type { Locale } from '@therapy/contracts/messages';
import i18n from 'i18next';
import type { BackendModule, ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import deCommon from '../locales/de/common.json';
import deLanding from '../locales/de/landing.json';
import enCommon from '../locales/en/common.json';
import enLanding from '../locales/en/landing.json';
import { cookieNames } from '@therapy/contracts/constants';
import { localeOfPath } from './locale-path';
import { getCookie } from './storage';

/**
 * i18next with one namespace per feature. `common` (shell, header, footer, shared UI) and `landing` (the first page
 * most visitors see, rendered without waiting) are bundled; the other namespaces load with their route chunk (see `lazyPage` in src/app/router.tsx), so adding a
 * feature never grows the landing page's initial JavaScript.
 */
export const supportedLocales = ['en', 'de'] as const satisfies readonly Locale[];
export const defaultLocale: Locale = 'en';

export const namespaces = [
  'common',
  'landing',
  'auth',
  'account',
  'location',
  'dashboard',
  'appointments',
  'policy',
  'profile',
  'practice',
  'picture',
  'availability',
  'therapists',
  'wallet',
  'legal',
  'practice-details',
  'bankDetails',
  'stripeConnect',
  'credentials',
  'files',
  'verification',
  'operator',
  'booking-changes',
  'slot-picker',
  'reviews',
  'directory',
  'home-listing',
  'clients',
  'notes',
  'chat',
  'calendar',
  'calendar-view',
  'session',
  'waitlist',
  'measures',
  'access-log',
  'data-export',
  'idle',
  'devices',
  'notifications',
  'contact',
  'mail-preferences',
] as const;
export type Namespace = (typeof namespaces)[number];

const lazyLoaders = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/*/*.json',
  '!../locales/*/common.json',
  '!../locales/*/landing.json',
]);

const lazyBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = lazyLoaders[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (mod) => callback(null, mod.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (supportedLocales as readonly string[]).includes(value);
}

/**
 * In the browser, the page's URL names its language (`/de/...`, docs/decisions/0063): the server has already sent a
 * visitor whose cookie or browser asks for German from a bare URL to the German one. Elsewhere (the server bundle,
 * which sets each render's language itself): the cookie (the user's explicit choice), then the browser's languages.
 */
export function detectLocale(): Locale {
  if (typeof window !== 'undefined') return localeOfPath(window.location.pathname);
  const fromCookie = getCookie(cookieNames.locale) ?? getCookie(cookieNames.language);
  if (isLocale(fromCookie)) return fromCookie;
  const languages = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  for (const tag of languages) {
    const base = tag?.slice(0, 2).toLowerCase();
    if (isLocale(base)) return base;
  }
  return defaultLocale;
}

void i18n
  .use(lazyBackend)
  .use(initReactI18next)
  .init({
    lng: detectLocale(),
    fallbackLng: defaultLocale,
    supportedLngs: [...supportedLocales],
    load: 'currentOnly',
    ns: ['common', 'landing'],
    defaultNS: 'common',
    resources: { en: { common: enCommon, landing: enLanding }, de: { common: deCommon, landing: deLanding } },
    partialBundledLanguages: true,
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes already
    react: { useSuspense: true },
  });

export function currentLocale(): Locale {
  return isLocale(i18n.resolvedLanguage)
    ? i18n.resolvedLanguage
    : isLocale(i18n.language)
      ? i18n.language
      : defaultLocale;
}

export function loadNamespaces(ns: Namespace | readonly Namespace[]): Promise<void> {
  return i18n.loadNamespaces(typeof ns === 'string' ? ns : [...ns]);
}

export { i18n };
