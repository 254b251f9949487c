import { useTranslation } from 'react-i18next';

/** The access log namespace's `t` (keys typed through src/lib/i18n-resources.d.ts) and the page's locale. */
export function useAccessLogTranslation() {
  const { t, i18n } = useTranslation('access-log');
  return { t, i18n, locale: i18n.resolvedLanguage === 'de' ? ('de' as const) : ('en' as const) };
}
export type AccessLogT = ReturnType<typeof useAccessLogTranslation>['t'];
