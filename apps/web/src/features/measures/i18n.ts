import { useTranslation } from 'react-i18next';

/** The measures namespace's `t` (keys typed through src/lib/i18n-resources.d.ts) and the page's locale. */
export function useMeasuresTranslation() {
  const { t, i18n } = useTranslation('measures');
  return { t, i18n, locale: i18n.resolvedLanguage === 'de' ? ('de' as const) : ('en' as const) };
}
export type MeasuresT = ReturnType<typeof useMeasuresTranslation>['t'];
