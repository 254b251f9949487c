import { useTranslation } from 'react-i18next';

/** The session namespace's `t` (keys typed through src/lib/i18n-resources.d.ts). */
export function useSessionTranslation() {
  const { t, i18n } = useTranslation('session');
  return { t, locale: i18n.resolvedLanguage === 'de' ? 'de' : 'en' };
}
export type SessionT = ReturnType<typeof useSessionTranslation>['t'];
