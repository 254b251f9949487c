import { useTranslation } from 'react-i18next';

/** The notes namespace's `t` (keys typed through src/lib/i18n-resources.d.ts) and the page's locale. */
export function useNotesTranslation() {
  const { t, i18n } = useTranslation('notes');
  return { t, i18n, locale: i18n.resolvedLanguage === 'de' ? ('de' as const) : ('en' as const) };
}
export type NotesT = ReturnType<typeof useNotesTranslation>['t'];
