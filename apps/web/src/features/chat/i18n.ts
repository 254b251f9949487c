import { useTranslation } from 'react-i18next';

/** The chat namespace's `t` (keys typed through src/lib/i18n-resources.d.ts) and the page's locale. */
export function useChatTranslation() {
  const { t, i18n } = useTranslation('chat');
  return { t, i18n, locale: i18n.resolvedLanguage === 'de' ? ('de' as const) : ('en' as const) };
}
export type ChatT = ReturnType<typeof useChatTranslation>['t'];
