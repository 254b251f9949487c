import { useTranslation } from 'react-i18next';

/** The waitlist namespace's `t` (keys typed through src/lib/i18n-resources.d.ts) and the page's locale. */
export function useWaitlistTranslation() {
  const { t, i18n } = useTranslation('waitlist');
  return { t, locale: i18n.resolvedLanguage === 'de' ? ('de' as const) : ('en' as const) };
}
